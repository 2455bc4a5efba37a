#!/usr/bin/env python3
"""Checks the package's layout rules (docs/architecture.md) on `swift package dump-package`.

- Every target and product name stays unique when lowercased: on macOS's
  default case-insensitive file system two modules differing only by case
  are written to the same file in .build/…/Modules/.
- PanTraceCapture (linked into apps) reaches only PanTraceModel; the
  simulation (PanTraceCore) and the model reach no report, store or CLI code.
- The `pantrace` executable does not link the lab (`pantrace-lab` does).

Usage: swift package dump-package | python3 scripts/check-package.py
"""
import json
import sys

package = json.load(sys.stdin)
problems = []

for kind, names in (("target", [t["name"] for t in package["targets"]]),
                    ("product", [p["name"] for p in package["products"]])):
    seen = {}
    for name in names:
        other = seen.setdefault(name.lower(), name)
        if other != name:
            problems.append(f"{kind}s {other!r} and {name!r} differ only by case")

# Every module's name must also differ from every other module's, products aside.
def target_dependencies(target):
    names = []
    for dependency in target.get("dependencies", []):
        for key in ("byName", "target"):
            if key in dependency:
                names.append(dependency[key][0])
    return names

targets = {t["name"]: t for t in package["targets"]}

def reach(name, seen=None):
    seen = set() if seen is None else seen
    for dependency in target_dependencies(targets[name]):
        if dependency in targets and dependency not in seen:
            seen.add(dependency)
            reach(dependency, seen)
    return seen

allowed = {
    "PanTraceModel": set(),
    "PanTraceCapture": {"PanTraceModel"},
    "PanTraceCore": {"PanTraceModel"},
}
for name, permitted in allowed.items():
    extra = reach(name) - permitted
    if extra:
        problems.append(f"{name} may depend on {sorted(permitted) or 'nothing'} only, but reaches {sorted(extra)}")

# `pantrace` never links the lab: its server brings Foundation, which every
# command would then load at start-up (docs/performance.md); `pantrace lab`
# execs `pantrace-lab` instead.
if "PanTraceLab" in reach("PanTraceCLI"):
    problems.append("PanTraceCLI (pantrace) must not reach PanTraceLab: `pantrace lab` execs pantrace-lab")

for problem in problems:
    print(f"check-package: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-package: {len(targets)} targets, names unique ignoring case, layout rules hold")
