#!/usr/bin/env bash
# Builds the DocC reference of the library products an app or a tool links
# (Sources/NAME/NAME.docc) with warnings as errors, so that a broken symbol
# link or an unknown topic fails (.ci/run runs it after `swift test`).
#
#   scripts/docs.sh [--output DIR]
#
# Reads the modules `swift build` left in .build/debug (it builds first if
# needed): swift-symbolgraph-extract writes each module's public symbols,
# docc convert turns the catalog and those symbols into DIR/NAME.doccarchive
# (default: a temporary folder, removed). Needs no package dependency: docc
# and swift-symbolgraph-extract come with the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="$PATH:/opt/swift/usr/bin"

modules="PanTraceModel PanTraceCore PanTraceReports PanTraceStore PanTraceKit PanTraceCapture"
output=""
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "docs.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
done
work="$(mktemp -d "${TMPDIR:-/tmp}/pantrace-docs.XXXXXX")"
trap 'rm -rf "$work"' EXIT
[ -n "$output" ] || output="$work/archives"
mkdir -p "$output"

# `swift build` takes one --target (the last one given wins): one call a module.
for module in $modules; do swift build --target "$module" >&2; done
bin="$(swift build --show-bin-path)"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

for module in $modules; do
    mkdir -p "$work/symbols/$module"
    swift-symbolgraph-extract -module-name "$module" -target "$triple" \
        -I "$bin/Modules" -I "$bin" -I Sources/CSQLite \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -output-dir "$work/symbols/$module"
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$work/symbols/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.pantrace.$module" \
        --output-path "$output/$module.doccarchive" --warnings-as-errors >&2
    echo "docs.sh: $module: $output/$module.doccarchive" >&2
done
