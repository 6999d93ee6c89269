#!/usr/bin/env bash
# Throughput of two equifuzz binaries side by side, in one run: same flags, same seed, each
# pinned to a core of its own from the process's affinity set (both unpinned on one core).
#
#   scripts/bench-before-after.sh BEFORE_BIN AFTER_BIN [--time T] [--seed N] [--out DIR] [-- FUZZ_FLAGS...]
#
# Runs `BIN fuzz --time T --seed N FUZZ_FLAGS...` for both binaries at once (default: 120s,
# seed 97, `--target z3`, the README's main command) and prints, per binary, executions,
# executions per second, answered check-sats per hour, buckets and the solver's share of the
# time, from the last record of each campaign's stats.jsonl (scripts/stats_jsonl.py).
# Measure a change's cost as before/after of one run: the machine's noise moves both.
set -euo pipefail

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
}

[ $# -ge 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; } && { usage; exit 0; }
[ $# -ge 2 ] || { usage >&2; exit 2; }
before=$1
after=$2
shift 2
time=120s
seed=97
out=$(mktemp -d /tmp/equifuzz-before-after.XXXXXX)
flags=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time | --seed | --out)
            [ $# -ge 2 ] || { echo "$1 needs a value (see --help)" >&2; exit 2; }
            case "$1" in
                --time) time=$2 ;;
                --seed) seed=$2 ;;
                --out) out=$2 ;;
            esac
            shift 2
            ;;
        --) shift; flags=("$@"); break ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ ${#flags[@]} -gt 0 ] || flags=(--target z3)
for b in "$before" "$after"; do
    [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }
done

# The cores this process may run on, from its affinity set.
mapfile -t cores < <(python3 -c 'import os; print(*sorted(os.sched_getaffinity(0)), sep="\n")')
pin() {
    if [ "${#cores[@]}" -ge 2 ]; then
        taskset -c "${cores[$1]}" "${@:2}"
    else
        "${@:2}"
    fi
}

mkdir -p "$out"
echo "side by side: ${flags[*]} --time $time --seed $seed; output under $out" >&2
pin 0 "$before" fuzz "${flags[@]}" --time "$time" --seed "$seed" --out "$out/before" \
    >"$out/before.log" 2>&1 &
b=$!
pin 1 "$after" fuzz "${flags[@]}" --time "$time" --seed "$seed" --out "$out/after" \
    >"$out/after.log" 2>&1 &
a=$!
status=0
wait "$b" || status=$?
wait "$a" || status=$?
# Exit 1 is a campaign with findings, which is no failure here.
[ "$status" -le 1 ] || { echo "a campaign failed (exit $status): see $out/*.log" >&2; exit 1; }

PYTHONPATH="$(dirname "$0")" python3 - "$out" <<'EOF'
import os, sys
from stats_jsonl import records

out = sys.argv[1]
print(f"{'binary':<8} {'execs':>8} {'execs/s':>8} {'answered/h':>11} {'buckets':>8} {'in solver':>10}")
for name in ("before", "after"):
    last = list(records(os.path.join(out, name)))[-1]
    print(
        f"{name:<8} {last['execs']:>8} {last['execs_per_sec']:>8.1f} "
        f"{last.get('answered_per_hour', 0):>11.0f} {len(last.get('buckets', {})):>8} "
        f"{100 * last.get('in_solver', 0):>9.1f}%"
    )
EOF
