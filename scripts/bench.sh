#!/usr/bin/env bash
# pantrace benchmark: record and replay against C references that do
# the same SQLite work through the C API, run alternately, as ratios.
#
#   scripts/bench.sh [--runs N] [--sizes "20000 80000"] [--startup-runs N] [--lab-posts N] [--keep]
#
# Builds pantrace in release (swift build -c release --scratch-path
# .build-release) and scripts/bench/reference.c with gcc -O2 against the
# system libsqlite3, then for each corpus size, N times (default 5):
#   record  pantrace record --count SIZE --seed 1 --quiet, then the reference
#           writing exactly as many rows of each table, trace rows with the
#           same packed-sample bytes (rows per second over
#           trace, sample, config, run, result, frame);
#   replay  pantrace replay --set threshold=0.3 (no frames) on a copy of that
#           database (after `sync`, so that it does not wait behind the
#           writeback of the records before it), peak memory of the replay
#           (/usr/bin/time %M), then two C references (samples per second):
#           same work: `reference replay-packed` on another copy, the work
#             of that replay on the same bytes (scripts/bench/simulation.c:
#             trace.packed decoded, the default rule simulated with
#             threshold 0.3, the results inserted in one transaction); the
#             first run checks that its results equal pantrace's, column
#             for column (sqlite3);
#           row scan: `reference replay`, C reading every column of `sample`,
#             the unpacked rows (a storage-format anchor, docs/performance.md);
#           the size of the recorded database file (frames included);
#   tune    pantrace tune over the same recorded database (read-only: it
#           stores nothing), a 91 × 57 grid: --sweep threshold=0.05:0.95:0.01
#           --sweep flickVelocity=200:3000:50 --set decision=velocity; its
#           time as a multiple of one replay, and its peak memory;
#   tune91  pantrace tune over the same database with one 91-value sweep,
#           --sweep threshold=0.05:0.95:0.01: its best, its second pass and
#           its 1,000 bootstrap resamples (docs/configs.md "How sure"), as a
#           multiple of one replay (target ≤ 3);
#   compare pantrace compare --preset all over the same database (read-only;
#           15 configs, 5 simulations per trace without detents): its time as a multiple of
#           one replay (target ≤ 2) and its peak memory;
#   actions pantrace export actions over the same database (read-only; every
#           trace simulated twice, its W3C actions written to a file): its
#           time as a multiple of one replay (target ≤ 1) and its peak memory;
#   sheets  a corpus of SIZE traces with detents (the five sheet families,
#           --seed 1, recorded under --preset uikit-sheet, no frames): one
#           replay of it (--set stepVelocity=500), then as multiples of that
#           replay `compare --preset all` (15 configs, target ≤ 2) and
#           `tune --sweep stepVelocity=0:2000:250` with its second pass and
#           its 1,000 bootstrap resamples (target ≤ 3), both read-only;
#           and the same traces with their detents taken out (exported,
#           `detents`, `detent` and intents naming a detent removed,
#           recorded again): the sheets' replay as a multiple of that
#           corpus's replay (target ≤ 1.1);
#   app     the same sheets observed under floatingpanel-states (record
#           --observe-under, 5 % noise): `verify` as a multiple of the
#           sheets' replay (target ≤ 1) and `tune --against observed` with
#           the same sweep as a multiple of that tune (target ≤ 1);
# `pantrace lab`: N gestures of 120 samples (default 300) POSTed on loopback
# one after the other on a keep-alive connection (scripts/bench/lab_post.py),
# each stored and committed before its result comes back: median and p95;
# and `pantrace --help` start-up time (hyperfine when installed, else a loop).
# Prints medians and ratios (pantrace / reference; ≥ 1 is faster than C).
# Missing tools (gcc, libsqlite3-dev, GNU time, hyperfine) are installed with
# apt-get when possible. Benchmarks are not tests: nothing in `swift test`
# depends on them.
set -euo pipefail

runs=5
sizes="20000 80000"
startup_runs=200
lab_posts=300
keep=0
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --startup-runs) startup_runs="$2"; shift 2 ;;
        --lab-posts) lab_posts="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        -h|--help) sed -n '2,62p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# --- tools -----------------------------------------------------------------
apt_install() {
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "bench.sh: please install: $*" >&2; return 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "bench.sh: no apt-get; please install: $*" >&2; return 1
    fi
    echo "bench.sh: installing $*" >&2
    $sudo apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
missing=()
command -v gcc >/dev/null 2>&1 || missing+=(gcc)
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
[ -x /usr/bin/time ] || missing+=(time)
command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
if ! command -v hyperfine >/dev/null 2>&1; then
    apt_install hyperfine || echo "bench.sh: no hyperfine; timing start-up with a loop" >&2
fi

# --- build -----------------------------------------------------------------
echo "building pantrace (release) and the C reference…" >&2
swift build -c release --scratch-path .build-release >&2
pantrace="$root/.build-release/release/pantrace"
work="$(mktemp -d "${TMPDIR:-/tmp}/pantrace-bench.XXXXXX")"
if [ "$keep" -eq 0 ]; then trap 'rm -rf "$work"' EXIT; else echo "keeping $work" >&2; fi
gcc -O2 -o "$work/reference" scripts/bench/reference.c scripts/bench/simulation.c -lsqlite3 -lm
reference="$work/reference"

# --- helpers ---------------------------------------------------------------
now_ns() { date +%s%N; }
# Runs a command under GNU time; sets elapsed (seconds) and peak (KiB).
measure() {
    local start end
    start=$(now_ns)
    /usr/bin/time -f "%M" -o "$work/time.out" "$@" >"$work/cmd.out" 2>"$work/cmd.err" || {
        echo "bench.sh: failed: $*" >&2; cat "$work/cmd.err" >&2; exit 1
    }
    end=$(now_ns)
    elapsed=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", (b - a) / 1e9 }')
    peak=$(tail -n 1 "$work/time.out")
}
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
fmt_rate() { awk -v v="$1" 'BEGIN { if (v >= 1e6) printf "%.2f M/s", v / 1e6; else printf "%.0f k/s", v / 1e3 }'; }

declare -A result
for size in $sizes; do
    echo "size $size: $runs alternating runs…" >&2
    db="$work/pantrace-$size.sqlite"
    pristine="$work/pristine-$size.sqlite"
    cdb="$work/reference-$size.sqlite"
    sdb="$work/same-work-$size.sqlite"
    rec_p=""; rec_c=""; rep_p=""; rep_c=""; rep_s=""; mem=""; tune_p=""; tune_mem=""; tune91_p=""; tune91_mem=""; cmp_p=""; cmp_mem=""; act_p=""; act_mem=""
    sheets="$work/sheets-$size.sqlite"; sheets_copy="$work/sheets-copy-$size.sqlite"
    plain="$work/plain-$size.sqlite"; plain_copy="$work/plain-copy-$size.sqlite"
    srep_p=""; prep_p=""; scmp_p=""; scmp_mem=""; stune_p=""; stune_mem=""; sver_p=""; sver_mem=""; scal_p=""
    for run in $(seq "$runs"); do
        rm -f "$db" "$db-wal" "$db-shm"
        measure "$pantrace" record --db "$db" --count "$size" --seed 1 --quiet
        rec_p="$rec_p $elapsed"
        if [ "$run" -eq 1 ]; then
            counts=$("$reference" count "$db")   # trace sample config run result frame
            read -r n_trace n_sample n_config n_run n_result n_frame <<<"$counts"
            rows=$((n_trace + n_sample + n_config + n_run + n_result + n_frame))
            dbsize=$(stat -c %s "$db")
            cp "$db" "$pristine"
        fi
        rm -f "$cdb" "$cdb-wal" "$cdb-shm"
        measure "$reference" record "$cdb" schema.sql "$n_trace" "$n_sample" "$n_result" "$n_frame"
        rec_c="$rec_c $elapsed"
        [ "$(awk '{ print $2 }' "$work/cmd.out")" = "$rows" ] || { echo "bench.sh: reference wrote $(cat "$work/cmd.out"), expected $rows rows" >&2; exit 1; }

        # Every replay starts from the same recorded database.
        cp "$pristine" "$db"; rm -f "$db-wal" "$db-shm"
        # The record runs just before leave a few hundred MB for the kernel to
        # write back; without this, the replay's checkpoint waits behind that
        # writeback and its time depends on the disk, not on the replay.
        sync
        measure "$pantrace" replay --db "$db" --set threshold=0.3 --quiet
        rep_p="$rep_p $elapsed"; mem="$mem $peak"
        measure "$reference" replay "$pristine"
        rep_c="$rep_c $elapsed"
        [ "$(awk '{ print $2 }' "$work/cmd.out")" = "$n_sample" ] || { echo "bench.sh: reference scanned $(cat "$work/cmd.out"), expected $n_sample samples" >&2; exit 1; }
        cp "$pristine" "$sdb"; rm -f "$sdb-wal" "$sdb-shm"
        sync
        measure "$reference" replay-packed "$sdb" 0.3
        rep_s="$rep_s $elapsed"
        [ "$(awk '{ print $2 }' "$work/cmd.out")" = "$n_trace" ] || { echo "bench.sh: the same-work reference stored $(cat "$work/cmd.out"), expected $n_trace results" >&2; exit 1; }
        if [ "$run" -eq 1 ]; then
            # Both replays are run 2 of their copy: the same results, column for column.
            differ=$(sqlite3 "$db" "ATTACH '$sdb' AS c;
                SELECT count(*) FROM main.result p LEFT JOIN c.result r ON r.run_id = 2 AND r.trace_id = p.trace_id
                WHERE p.run_id = 2 AND (r.trace_id IS NULL OR p.decision IS NOT r.decision OR p.reason IS NOT r.reason
                    OR p.percent IS NOT r.percent OR p.peak_percent IS NOT r.peak_percent OR p.velocity IS NOT r.velocity
                    OR p.projected IS NOT r.projected OR p.settle IS NOT r.settle OR p.overscroll IS NOT r.overscroll
                    OR p.tracking_error IS NOT r.tracking_error OR p.attempted IS NOT r.attempted
                    OR p.began_seq IS NOT r.began_seq OR p.start_seq IS NOT r.start_seq OR p.rest IS NOT r.rest
                    OR p.stale IS NOT r.stale)")
            [ "$differ" = 0 ] || { echo "bench.sh: $differ of pantrace's replay results differ from the same-work reference's" >&2; exit 1; }
        fi
        measure "$pantrace" tune --db "$pristine" --sweep threshold=0.05:0.95:0.01 --sweep flickVelocity=200:3000:50 \
            --set decision=velocity --quiet
        tune_p="$tune_p $elapsed"; tune_mem="$tune_mem $peak"
        measure "$pantrace" tune --db "$pristine" --sweep threshold=0.05:0.95:0.01 --quiet
        tune91_p="$tune91_p $elapsed"; tune91_mem="$tune91_mem $peak"
        measure "$pantrace" compare --db "$pristine" --preset all --quiet
        cmp_p="$cmp_p $elapsed"; cmp_mem="$cmp_mem $peak"
        measure "$pantrace" export actions --db "$pristine"
        act_p="$act_p $elapsed"; act_mem="$act_mem $peak"
        : >"$work/cmd.out"

        # Sheets with detents: compare and tune against one replay of the same corpus.
        if [ "$run" -eq 1 ]; then
            rm -f "$sheets" "$sheets-wal" "$sheets-shm"
            "$pantrace" record --db "$sheets" --count "$size" --seed 1 --family sheet-settle --family sheet-flick \
                --family sheet-close --family sheet-expand --family sheet-peek --preset uikit-sheet \
                --observe-under floatingpanel-states --observe-noise 0.05 --no-frames --quiet
            # The same traces without detents (an intent naming a detent goes too).
            rm -f "$plain" "$plain-wal" "$plain-shm"
            "$pantrace" export traces --db "$sheets" | python3 -c '
import json, sys
for line in sys.stdin:
    trace = json.loads(line)
    trace.pop("detents", None); trace.pop("detent", None)
    trace.pop("observed", None); trace.pop("observedSource", None)
    if trace.get("intent") not in (None, "finish", "cancel"):
        trace.pop("intent"); trace.pop("intentSource", None)
    print(json.dumps(trace))' >"$work/plain.jsonl"
            "$pantrace" record --db "$plain" --from "$work/plain.jsonl" --preset uikit-sheet --no-frames --quiet
        fi
        cp "$plain" "$plain_copy"; rm -f "$plain_copy-wal" "$plain_copy-shm"
        sync
        measure "$pantrace" replay --db "$plain_copy" --set stepVelocity=500 --quiet
        prep_p="$prep_p $elapsed"
        cp "$sheets" "$sheets_copy"; rm -f "$sheets_copy-wal" "$sheets_copy-shm"
        sync
        measure "$pantrace" replay --db "$sheets_copy" --set stepVelocity=500 --quiet
        srep_p="$srep_p $elapsed"
        measure "$pantrace" compare --db "$sheets" --preset all --quiet
        scmp_p="$scmp_p $elapsed"; scmp_mem="$scmp_mem $peak"
        measure "$pantrace" tune --db "$sheets" --sweep stepVelocity=0:2000:250 --quiet
        stune_p="$stune_p $elapsed"; stune_mem="$stune_mem $peak"
        measure "$pantrace" verify --db "$sheets" --quiet
        sver_p="$sver_p $elapsed"; sver_mem="$sver_mem $peak"
        measure "$pantrace" tune --db "$sheets" --against observed --sweep stepVelocity=0:2000:250 --quiet
        scal_p="$scal_p $elapsed"
    done
    result[$size.sver]=$(echo "$sver_p" | median)
    result[$size.sver_mem]=$(echo "$sver_mem" | median)
    result[$size.scal]=$(echo "$scal_p" | median)
    result[$size.srep]=$(echo "$srep_p" | median)
    result[$size.prep]=$(echo "$prep_p" | median)
    result[$size.scmp]=$(echo "$scmp_p" | median)
    result[$size.scmp_mem]=$(echo "$scmp_mem" | median)
    result[$size.stune]=$(echo "$stune_p" | median)
    result[$size.stune_mem]=$(echo "$stune_mem" | median)
    result[$size.rows]=$rows
    result[$size.samples]=$n_sample
    result[$size.rec_p]=$(echo "$rec_p" | median)
    result[$size.rec_c]=$(echo "$rec_c" | median)
    result[$size.rep_p]=$(echo "$rep_p" | median)
    result[$size.rep_c]=$(echo "$rep_c" | median)
    result[$size.rep_s]=$(echo "$rep_s" | median)
    result[$size.mem]=$(echo "$mem" | median)
    result[$size.dbsize]=$dbsize
    result[$size.tune]=$(echo "$tune_p" | median)
    result[$size.tune_mem]=$(echo "$tune_mem" | median)
    result[$size.tune91]=$(echo "$tune91_p" | median)
    result[$size.tune91_mem]=$(echo "$tune91_mem" | median)
    result[$size.cmp]=$(echo "$cmp_p" | median)
    result[$size.cmp_mem]=$(echo "$cmp_mem" | median)
    result[$size.act]=$(echo "$act_p" | median)
    result[$size.act_mem]=$(echo "$act_mem" | median)
    rm -f "$db"* "$cdb"* "$sdb"* "$pristine"* "$sheets"* "$sheets_copy"* "$plain"* "$plain_copy"* "$work/plain.jsonl"
done

# --- lab -------------------------------------------------------------------
echo "lab: $lab_posts gestures of 120 samples on loopback…" >&2
"$pantrace" lab --db "$work/lab.sqlite" --port 0 >"$work/lab.out" 2>"$work/lab.err" &
lab_pid=$!
for _ in $(seq 100); do [ -s "$work/lab.out" ] && break; sleep 0.1; done
lab_url=$(head -n 1 "$work/lab.out")
read -r lab_median lab_p95 lab_bytes <<<"$(python3 scripts/bench/lab_post.py "$lab_url" "$lab_posts")"
kill -TERM "$lab_pid"; wait "$lab_pid"
lab_stored=$("$reference" count "$work/lab.sqlite" | awk '{ print $1 }')
[ "$lab_stored" = "$lab_posts" ] || { echo "bench.sh: the lab stored $lab_stored traces, expected $lab_posts" >&2; exit 1; }
# The same with an A/B session: gestures in pairs under two configs, each pair answered.
echo "lab A/B: $lab_posts gestures in pairs, each pair answered…" >&2
"$pantrace" lab --db "$work/lab-ab.sqlite" --port 0 --versus-preset panmodal >"$work/lab-ab.out" 2>"$work/lab-ab.err" &
lab_pid=$!
for _ in $(seq 100); do [ -s "$work/lab-ab.out" ] && break; sleep 0.1; done
read -r ab_median ab_p95 _ ab_answer_median ab_answer_p95 <<<"$(python3 scripts/bench/lab_post.py "$(head -n 1 "$work/lab-ab.out")" "$lab_posts" --pairs)"
kill -TERM "$lab_pid"; wait "$lab_pid"

# --- start-up --------------------------------------------------------------
echo "start-up: pantrace --help, $startup_runs runs…" >&2
if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N --warmup 10 --runs "$startup_runs" --export-json "$work/startup.json" "$pantrace --help" >/dev/null 2>&1
    startup=$(grep -o '"median": *[0-9.e-]*' "$work/startup.json" | head -1 | awk -F: '{ printf "%.2f", $2 * 1000 }')
    startup_tool="hyperfine -N, median"
else
    times=""
    for _ in $(seq "$startup_runs"); do
        start=$(now_ns); "$pantrace" --help >/dev/null; end=$(now_ns)
        times="$times $(( (end - start) / 1000 ))"
    done
    startup=$(echo "$times" | median | awk '{ printf "%.2f", $1 / 1000 }')
    startup_tool="shell loop, median"
fi

# --- report ----------------------------------------------------------------
ratio() { awk -v c="$1" -v p="$2" 'BEGIN { printf "%.2f", c / p }'; }
echo
echo "pantrace benchmark: $(nproc) cores, SQLite $("$reference" version), $runs alternating runs, medians"
echo
printf '| %-8s | %-26s | %-14s | %-14s | %-6s | %-7s |\n' traces measure pantrace "C reference" ratio target
printf '| %-8s | %-26s | %-14s | %-14s | %-6s | %-7s |\n' -------- -------------------------- -------------- -------------- ------ -------
for size in $sizes; do
    rows=${result[$size.rows]}; samples=${result[$size.samples]}
    rp=${result[$size.rec_p]}; rc=${result[$size.rec_c]}
    pp=${result[$size.rep_p]}; pc=${result[$size.rep_c]}; ps=${result[$size.rep_s]}
    printf '| %-8s | %-26s | %-14s | %-14s | %-6s | %-7s |\n' "$size" "record: rows/s ($rows rows)" \
        "$(fmt_rate "$(awk -v r="$rows" -v t="$rp" 'BEGIN { print r / t }')")" \
        "$(fmt_rate "$(awk -v r="$rows" -v t="$rc" 'BEGIN { print r / t }')")" "$(ratio "$rc" "$rp")" "≥ 1"
    printf '| %-8s | %-26s | %-14s | %-14s | %-6s | %-7s |\n' "$size" "replay: same work, samples/s" \
        "$(fmt_rate "$(awk -v r="$samples" -v t="$pp" 'BEGIN { print r / t }')")" \
        "$(fmt_rate "$(awk -v r="$samples" -v t="$ps" 'BEGIN { print r / t }')")" "$(ratio "$ps" "$pp")" "≥ 0.8"
    printf '| %-8s | %-26s | %-14s | %-14s | %-6s | %-7s |\n' "$size" "replay: row scan, samples/s" \
        "$(fmt_rate "$(awk -v r="$samples" -v t="$pp" 'BEGIN { print r / t }')")" \
        "$(fmt_rate "$(awk -v r="$samples" -v t="$pc" 'BEGIN { print r / t }')")" "$(ratio "$pc" "$pp")" "≥ 1.5"
done
echo
printf '| %-8s | %-12s | %-12s | %-14s | %-14s | %-14s |\n' traces "record (s)" "replay (s)" "replay peak" "C record (s)" "database"
printf '| %-8s | %-12s | %-12s | %-14s | %-14s | %-14s |\n' -------- ------------ ------------ -------------- -------------- --------------
for size in $sizes; do
    printf '| %-8s | %-12s | %-12s | %-14s | %-14s | %-14s |\n' "$size" "${result[$size.rec_p]}" "${result[$size.rep_p]}" \
        "$(awk -v k="${result[$size.mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }')" "${result[$size.rec_c]}" \
        "$(awk -v b="${result[$size.dbsize]}" 'BEGIN { printf "%.1f MB", b / 1e6 }')"
done
echo
echo "tune, 91 × 57 = 5187 candidates (threshold × flickVelocity, decision=velocity), read-only:"
for size in $sizes; do
    echo "  $size traces: ${result[$size.tune]} s, $(ratio "${result[$size.tune]}" "${result[$size.rep_p]}") × one replay (target ≤ 3), peak $(awk -v k="${result[$size.tune_mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }') (target ≤ 64 MiB)"
done
echo
echo "tune, one 91-value sweep (threshold=0.05:0.95:0.01) with its 1,000 bootstrap resamples, read-only:"
for size in $sizes; do
    echo "  $size traces: ${result[$size.tune91]} s, $(ratio "${result[$size.tune91]}" "${result[$size.rep_p]}") × one replay (target ≤ 3), peak $(awk -v k="${result[$size.tune91_mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }')"
done
echo
echo "compare --preset all, 15 configs (5 simulations per trace without detents), read-only:"
for size in $sizes; do
    echo "  $size traces: ${result[$size.cmp]} s, $(ratio "${result[$size.cmp]}" "${result[$size.rep_p]}") × one replay (target ≤ 2), peak $(awk -v k="${result[$size.cmp_mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }')"
done
echo
echo "export actions, every trace as W3C actions, simulated twice (original and rounded times), read-only:"
for size in $sizes; do
    echo "  $size traces: ${result[$size.act]} s, $(ratio "${result[$size.act]}" "${result[$size.rep_p]}") × one replay (target ≤ 1), peak $(awk -v k="${result[$size.act_mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }')"
done
echo
echo "sheets with detents (five sheet families, uikit-sheet), against one replay of the same corpus, read-only:"
for size in $sizes; do
    echo "  $size traces: replay ${result[$size.srep]} s, $(ratio "${result[$size.srep]}" "${result[$size.prep]}") × the same traces without detents (${result[$size.prep]} s, target ≤ 1.1); compare --preset all ${result[$size.scmp]} s, $(ratio "${result[$size.scmp]}" "${result[$size.srep]}") × (target ≤ 2), peak $(awk -v k="${result[$size.scmp_mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }'); tune stepVelocity × 9 with its bootstrap ${result[$size.stune]} s, $(ratio "${result[$size.stune]}" "${result[$size.srep]}") × (target ≤ 3), peak $(awk -v k="${result[$size.stune_mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }')"
done
echo
echo "what the app did (the sheets above, observed under floatingpanel-states with 5 % noise), read-only:"
for size in $sizes; do
    echo "  $size traces: verify ${result[$size.sver]} s, $(ratio "${result[$size.sver]}" "${result[$size.srep]}") × one replay (target ≤ 1), peak $(awk -v k="${result[$size.sver_mem]}" 'BEGIN { printf "%.1f MiB", k / 1024 }'); tune --against observed stepVelocity × 9 ${result[$size.scal]} s, $(ratio "${result[$size.scal]}" "${result[$size.stune]}") × the same tune against intents (target ≤ 1)"
done
set -- $sizes
if [ $# -ge 2 ]; then
    small=$1; large=${!#}
    echo
    echo "linear growth, $small → $large traces (time per row, per sample; 1.00 = linear):"
    echo "  record  $(awk -v a="${result[$small.rec_p]}" -v ra="${result[$small.rows]}" -v b="${result[$large.rec_p]}" -v rb="${result[$large.rows]}" 'BEGIN { printf "%.2f", (b / rb) / (a / ra) }')"
    echo "  replay  $(awk -v a="${result[$small.rep_p]}" -v ra="${result[$small.samples]}" -v b="${result[$large.rep_p]}" -v rb="${result[$large.samples]}" 'BEGIN { printf "%.2f", (b / rb) / (a / ra) }')"
    echo "  replay peak memory: $(awk -v a="${result[$small.mem]}" -v b="${result[$large.mem]}" 'BEGIN { printf "%+.1f %%", (b - a) * 100 / a }') (target: within ±10 %, ≤ 64 MiB)"
fi
echo
echo "lab: POST /gestures, 120 samples ($lab_bytes bytes), stored and answered: median $lab_median ms (target ≤ 20), p95 $lab_p95 ms (target ≤ 50), $lab_posts on loopback"
echo "lab A/B: POST /gestures in pairs: median $ab_median ms, p95 $ab_p95 ms; POST /preferences: median $ab_answer_median ms, p95 $ab_answer_p95 ms"
echo
echo "start-up: pantrace --help ${startup} ms ($startup_tool of $startup_runs; target ≤ 20 ms)"
