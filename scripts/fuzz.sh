#!/usr/bin/env bash
# Fuzzes the trace and config parsers with libFuzzer (issue 5). Not part of
# `swift test`: run it by hand or in a nightly job.
#
#   scripts/fuzz.sh                 # both targets, 200000 inputs each
#   RUNS=2000000 scripts/fuzz.sh trace
#
# Builds Fuzz/<Target>ParserFuzz.swift with the PanTraceModel sources into
# .build-fuzz/, seeds a corpus from Fixtures/ (one trace line or one config
# a file), and runs a bounded number of inputs. A crash leaves its input in
# .build-fuzz/artifacts/ and makes the script fail; rerun one with
#   .build-fuzz/trace-fuzz .build-fuzz/artifacts/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-200000}
max_len=${MAX_LEN:-8192}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(trace config)
out=.build-fuzz
# Swift's own crash backtracer and ASan's report fight over a crashing input; keep ASan's.
export SWIFT_BACKTRACE=enable=no
mkdir -p "$out/artifacts"

# A snapshot of the sources, so that editing them during the build does no harm.
rm -rf "$out/src"
mkdir -p "$out/src"
cp -R Sources/PanTraceModel Fuzz "$out/src/"
core_sources=()
while IFS= read -r file; do core_sources+=("$file"); done < <(find "$out/src/PanTraceModel" -name '*.swift' | sort)

seed() {
    local target=$1 corpus=$2
    # Kept between runs (what libFuzzer learned), with the seeds written afresh.
    mkdir -p "$corpus"
    local n=0
    if [ "$target" = trace ]; then
        for file in Fixtures/traces/*.jsonl; do
            while IFS= read -r line; do
                [ -z "$line" ] && continue
                n=$((n + 1))
                printf '%s\n' "$line" > "$corpus/seed-$n.jsonl"
            done < "$file"
        done
    else
        for file in Fixtures/configs/*.json; do
            n=$((n + 1))
            cp "$file" "$corpus/seed-$n.json"
        done
        printf 'threshold=0.3\ndecision=velocity\nextent=auto\n' > "$corpus/overrides.txt"
    fi
    echo "seeded $n inputs into $corpus"
}

for target in "${targets[@]}"; do
    case $target in
        trace) source=$out/src/Fuzz/TraceParserFuzz.swift ;;
        config) source=$out/src/Fuzz/ConfigParserFuzz.swift ;;
        *) echo "unknown target $target (trace or config)" >&2; exit 64 ;;
    esac
    binary=$out/$target-fuzz
    echo "building $binary"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name PanTraceFuzz \
        "${core_sources[@]}" "$source" -o "$binary" 2> "$out/build-$target.log" \
        || { grep -v 'Cannot export local symbol' "$out/build-$target.log" >&2; exit 70; }
    corpus=$out/corpus-$target
    seed "$target" "$corpus"
    "$binary" "$corpus" -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
        -dict=Fuzz/json.dict -artifact_prefix="$out/artifacts/$target-" -print_final_stats=1
done
