#!/usr/bin/env python3
"""Checks the package against docs/architecture.md's "may import" table.

Reads `swift package dump-package` on standard input and the table of
docs/architecture.md (the rows of "The targets" and "The test targets":
a target in backticks, what it owns, then the targets and products it may
import, each in backticks), and checks:

- every target of the package has a row, and every row names a target;
- each target's dependencies in Package.swift are among those its row allows
  (a product as the module of its name: HummingbirdCore, NIOCore, ArgumentParser …);
- each `import` of its Swift files names an allowed module or one of the
  platform's (Foundation, Glibc, Dispatch, Testing …), and none is
  `@_exported`, which would let its importers use what their row forbids;
- each dependency a target declares in Package.swift is imported by one of
  its files at least (an executable target aside: a test depends on one to
  have its binary built), so that the map's arrows are all real;
- every target and product name stays unique when lowercased (on macOS's
  case-insensitive file system two such modules are one file);
- the `pantrace` executable does not reach the lab (`pantrace-lab` does);
- no string literal of a library target (every non-test target under
  Sources but PanTraceCommands, whose words they are) names a command-line
  option (`--trace`, `--format json` …): a library's errors carry data and
  its reports take their hints from the caller. An SQL comment (`-- …`) in
  the schema's text is left alone: it is stored in every database's schema.

Usage: swift package dump-package | python3 scripts/check-package.py
"""
import json
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = json.load(sys.stdin)
problems = []

# The platform's modules: any target may import them.
PLATFORM = {"Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Glibc", "Musl",
            "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest", "UIKit", "os"}
# Modules a product brings besides its own name (none of the package's products does now).
PRODUCT_MODULES = {}

for kind, names in (("target", [t["name"] for t in package["targets"]]),
                    ("product", [p["name"] for p in package["products"]])):
    seen = {}
    for name in names:
        other = seen.setdefault(name.lower(), name)
        if other != name:
            problems.append(f"{kind}s {other!r} and {name!r} differ only by case")

targets = {t["name"]: t for t in package["targets"]}


def dependencies(target):
    names = []
    for dependency in target.get("dependencies", []):
        for key in ("byName", "target", "product"):
            if key in dependency:
                names.append(dependency[key][0])
    return names


def reach(name, seen=None):
    seen = set() if seen is None else seen
    for dependency in dependencies(targets[name]):
        if dependency in targets and dependency not in seen:
            seen.add(dependency)
            reach(dependency, seen)
    return seen


# The table: | `Target` | owns | `A`, `B` … |
architecture = os.path.join(root, "docs", "architecture.md")
allowed = {}
with open(architecture, encoding="utf-8") as text:
    for number, line in enumerate(text, 1):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("| `") else []
        if len(cells) != 3:
            continue
        name = re.fullmatch(r"`([A-Za-z0-9-]+)`", cells[0])
        if not name:
            continue
        if name.group(1) in allowed:
            problems.append(f"docs/architecture.md:{number}: a second row for {name.group(1)}")
        allowed[name.group(1)] = set(re.findall(r"`([A-Za-z0-9-]+)`", cells[2]))

for name in targets:
    if name not in allowed:
        problems.append(f"{name} has no row in docs/architecture.md's \"may import\" table")
for name in allowed:
    if name not in targets:
        problems.append(f"docs/architecture.md names {name}, which is not a target")

import_line = re.compile(r"^\s*(@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|var|let|protocol|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
for name, target in targets.items():
    if name not in allowed:
        continue
    permitted = allowed[name]
    modules = set(permitted)
    for product, brought in PRODUCT_MODULES.items():
        if product in permitted:
            modules |= brought
    for dependency in dependencies(target):
        if dependency not in permitted:
            problems.append(f"{name} depends on {dependency} in Package.swift; docs/architecture.md allows {sorted(permitted) or 'nothing'}")
    if target.get("type") == "system":
        continue
    path = target.get("path") or os.path.join("Tests" if target.get("type") == "test" else "Sources", name)
    imported = set()
    for folder, _, files in os.walk(os.path.join(root, path)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            with open(os.path.join(folder, file), encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    match = import_line.match(line)
                    if not match:
                        continue
                    where = f"{os.path.relpath(os.path.join(folder, file), root)}:{number}"
                    if "@_exported" in line:
                        problems.append(f"{where}: @_exported import: import what each file uses instead")
                    module = match.group(2)
                    imported.add(module)
                    if module not in modules and module not in PLATFORM and module != name:
                        problems.append(f"{where}: {name} imports {module}; docs/architecture.md allows {sorted(permitted) or 'nothing'}")
    for dependency in dependencies(target):
        if dependency in targets and targets[dependency].get("type") == "executable":
            continue
        if not ({dependency} | PRODUCT_MODULES.get(dependency, set())) & imported:
            problems.append(f"{name} depends on {dependency} in Package.swift, but none of its files imports it")

# `pantrace` never links the lab: its server brings Foundation, which every
# command would then load at start-up (docs/performance.md); `pantrace lab`
# execs `pantrace-lab` instead.
if "PanTraceCLI" in targets and "PanTraceLab" in reach("PanTraceCLI"):
    problems.append("PanTraceCLI (pantrace) must not reach PanTraceLab: `pantrace lab` execs pantrace-lab")


# The command line's words live in PanTraceCommands (and the executables).
COMMAND_LINE = {"PanTraceCommands"}
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
STRING_START = re.compile(r'(#*)("""|")')


def string_literals(text):
    """(line, text) for every line of every string literal in Swift source `text`, interpolations left out."""
    found = []
    n = len(text)

    def literal(i, line, hashes, multi):
        close = ('"""' if multi else '"') + "#" * hashes
        pieces, start = [], line
        while i < n:
            if text.startswith(close, i):
                found.append((start, "".join(pieces)))
                return i + len(close), line
            if text[i] == "\\" and text.startswith("#" * hashes, i + 1):
                j = i + 1 + hashes
                if j < n and text[j] == "(":
                    i, line = code(j + 1, line, depth=1)
                    pieces.append(" ")
                    continue
                pieces.append(text[i:j + 1])
                i = j + 1
                continue
            if text[i] == "\n":
                found.append((start, "".join(pieces)))
                pieces, line, start = [], line + 1, line + 1
            else:
                pieces.append(text[i])
            i += 1
        return i, line

    def code(i, line, depth=0):
        while i < n:
            c = text[i]
            if c == "\n":
                line, i = line + 1, i + 1
            elif text.startswith("//", i):
                end = text.find("\n", i)
                i = n if end < 0 else end
            elif text.startswith("/*", i):
                end = text.find("*/", i)
                end = n if end < 0 else end + 2
                line += text.count("\n", i, end)
                i = end
            elif c in "\"#" and (start := STRING_START.match(text, i)):
                i, line = literal(start.end(), line, len(start.group(1)), start.group(2) == '"""')
            else:
                if depth and c == "(":
                    depth += 1
                elif depth and c == ")":
                    depth -= 1
                    if depth == 0:
                        return i + 1, line
                i += 1
        return i, line

    code(0, 1)
    return found


for name, target in targets.items():
    if target.get("type") != "regular" or name in COMMAND_LINE or target.get("path"):
        continue
    for folder, _, files in os.walk(os.path.join(root, "Sources", name)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(folder, file)
            with open(path, encoding="utf-8") as source:
                for number, words in string_literals(source.read()):
                    for option in OPTION.findall(words.split("-- ", 1)[0]):
                        problems.append(
                            f"{os.path.relpath(path, root)}:{number}: {name} says the option {option}: "
                            "a library's messages carry data, PanTraceCommands words them")

for problem in problems:
    print(f"check-package: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-package: {len(targets)} targets, each as docs/architecture.md allows, names unique ignoring case, "
      "no option names in the libraries")
