#!/usr/bin/env bash
# Throughput of two equifuzz binaries side by side, in one run: same flags, same seed, each
# pinned to a core of its own from the process's affinity set (sharing it when the set has one).
#
#   scripts/bench-before-after.sh BEFORE_BIN AFTER_BIN [--time T] [--seed N] [--out DIR] [-- FUZZ_FLAGS...]
#
# Runs `BIN fuzz --time T --seed N FUZZ_FLAGS...` for both binaries at once (default: 120s,
# seed 97, `--target z3`, the README's main command) and prints, per binary, executions,
# executions per second, answered check-sats per hour, buckets and the solver's share of the
# time, from the last record of each campaign's stats.jsonl (scripts/stats_jsonl.py).
# Measure a change's cost as before/after of one run: the machine's noise moves both.
set -euo pipefail

. "$(dirname "$0")/lib.sh"

help_first "$@"
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
        --time) need_arg "$@"; time=$2; shift 2 ;;
        --seed) need_arg "$@"; seed=$2; shift 2 ;;
        --out) need_arg "$@"; out=$2; shift 2 ;;
        --) shift; flags=("$@"); break ;;
        -h | --help) usage; exit 0 ;;
        *) bad_arg "$1" ;;
    esac
done
[ ${#flags[@]} -gt 0 ] || flags=(--target z3)
for b in "$before" "$after"; do
    [ -x "$b" ] || usage_error "not an executable: $b"
done

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
[ "$status" -le 1 ] || die "a campaign failed (exit $status): see $out/*.log"

PYTHONPATH="$here" python3 - "$out" <<'EOF'
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
