#!/usr/bin/env bash
# A consumer package made from the README's "Use it from Swift" section, as a
# new user would (issue 23): its Package.swift lines (the `.package(path:)`
# form, against a copy of this checkout's HEAD named `pantrace`), and its
# Swift example in a test target that runs it. Too slow for `swift test`
# (it builds the package again, ~2 minutes on 2 cores); ReadmeExampleTests
# checks the same lines and example in-process.
#
#   scripts/readme-consumer.sh [--keep]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
[ "${1:-}" = "--keep" ] && echo "kept in $work" || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/pantrace" "$work/consumer/Tests/SheetGestureTests"
git -C "$root" archive HEAD | tar -x -C "$work/pantrace"
python3 - "$root/README.md" "$work/consumer" <<'PY'
import re, sys
readme, consumer = sys.argv[1], sys.argv[2]
section = open(readme).read().split("## Use it from Swift")[1].split("\n## ")[0]
lines, example = re.findall(r"```swift\n(.*?)```\n", section, re.S)[:2]
path = re.search(r'\.package\(path: "([^"]+)"\)', lines).group(1)
lines = re.sub(r'\.package\(url: [^\n]*', f'.package(path: "{path}"),', lines)
open(f"{consumer}/Package.swift", "w").write(
    '// swift-tools-version: 6.1\nimport PackageDescription\n\nlet package = Package(\n'
    '    name: "consumer",\n    platforms: [.macOS(.v13)],\n' + lines + ')\n')
open(f"{consumer}/Tests/SheetGestureTests/Example.swift", "w").write(example + '''
import Foundation
import Testing

@Test func theReadmeExampleRuns() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-consumer-\\(getpid()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (comparison, tuning) = try tryTheVelocityRule(database: path)
    #expect(comparison.traces == 300)
    #expect(tuning.bestConfig != nil)
}
''')
PY
cd "$work/consumer"
swift test
