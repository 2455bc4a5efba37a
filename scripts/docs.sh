#!/usr/bin/env bash
# Builds the DocC reference of the six library products
# (Sources/NAME/NAME.docc) with swift-docc-plugin, warnings as errors, so
# that a broken symbol link or an unknown topic fails (.ci/run runs it after
# `swift test`).
#
#   scripts/docs.sh [--output DIR]
#
# `swift package generate-documentation` builds the modules (reusing what
# `swift test` left in .build), extracts their public symbols and writes
# DIR/NAME.doccarchive for each (default: a temporary folder, removed).
# `swift package --disable-sandbox preview-documentation --target NAME`
# serves one while you write.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="$PATH:/opt/swift/usr/bin"

modules="PanTraceModel PanTraceCore PanTraceReports PanTraceStore PanTraceKit PanTraceCapture"
output=""
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "docs.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
done
work="$(mktemp -d "${TMPDIR:-/tmp}/pantrace-docs.XXXXXX")"
trap 'rm -rf "$work"' EXIT
[ -n "$output" ] || output="$work/archives"
mkdir -p "$output"
output="$(cd "$output" && pwd)"

targets=()
for module in $modules; do targets+=(--target "$module"); done
swift package --allow-writing-to-directory "$output" generate-documentation \
    "${targets[@]}" --output-path "$output" --warnings-as-errors >&2
for module in $modules; do
    [ -d "$output/$module.doccarchive" ] || { echo "docs.sh: no archive for $module" >&2; exit 1; }
    echo "docs.sh: $module: $output/$module.doccarchive" >&2
done
