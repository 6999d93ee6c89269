#!/usr/bin/env bash
# Throughput of the LibAFL engine against the plain loop, on libz3.
#
#   scripts/bench-libafl.sh [--execs N] [--time T] [--solver-lib PATH] [--bin PATH] [--timeout T]
#
# Runs, each for N executions or T of wall time (default 120s), whichever comes first, from seed 1:
#   plain-fork    --engine plain  --target z3             (the bare loop: generate, call, judge)
#   libafl        --engine libafl --generate-only         (warm solver worker, restarting manager)
#   libafl-fork   --engine libafl --generate-only --fork  (fork child per execution, context made once)
# and prints, per run, exec/s, the mean solver call and the mean time outside it per execution.
# The bare loop calls libz3 in a forked child, killed at the deadline. The plain loop's other
# libz3 target, z3-inprocess, has no deadline: a query that ignores Z3's soft timeout holds it for
# ever (seed 1 on the system Z3 4.8.12 did, after a minute), so it is no baseline for a bounded run.
# --generate-only makes LibAFL execute what the plain loop executes: fresh random cases (from
# another random stream, so the same distribution, not the same formulas). Besides the raw
# exec/s ratio the script prints the ratio at equal solver time: what LibAFL's
# exec/s would be on the plain loop's formulas, (S + o_plain) / (S + o_libafl) with S the plain
# loop's mean solver call and o each engine's time outside the solver per execution; the
# overhead is 1 minus that ratio. The plain loop's mean call is longer (it waits out --timeout
# on each unknown, where LibAFL calibrates its limit), so the script also prints the overhead at
# each LibAFL run's own mean call, where the same time outside weighs more.
# Each run's line is printed when it ends, after a line saying it started, so a long run shows
# where it is; the per-execution figures hold for a run cut short by --time as for a whole one.
# Needs python3 (to read stats.jsonl). Build first: cargo build --release.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
execs=300
time=120s
bin=target/release/equifuzz
timeout=5s
lib=()
while [ $# -gt 0 ]; do
  case "$1" in
    --execs) need_arg "$@"; execs=$2; shift 2 ;;
    --time) need_arg "$@"; time=$2; shift 2 ;;
    --bin) need_arg "$@"; bin=$2; shift 2 ;;
    --timeout) need_arg "$@"; timeout=$2; shift 2 ;;
    --solver-lib) need_arg "$@"; lib=(--solver-lib "$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
[ -x "$bin" ] || usage_error "no $bin; run cargo build --release or pass --bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {
  local name=$1; shift
  local out="$work/$name"
  echo "$(date +%T) $name: running (at most $execs executions or $time)" >&2
  "$bin" fuzz --max-execs "$execs" --time "$time" --timeout "$timeout" --seed 1 --progress 3600 --out "$out" "${lib[@]}" "$@" \
    >"$work/$name.stdout" 2>"$work/$name.stderr" || [ $? -eq 1 ] || { cat "$work/$name.stderr" >&2; exit 1; }
  PYTHONPATH="$here" python3 - "$out" "$name" <<'PY'
import sys
from stats_jsonl import records
last = list(records(sys.argv[1]))[-1]
execs = last["execs"]
wall = last.get("wall_secs", last.get("time"))
solver = last["solver_secs"] if "solver_secs" in last else last["in_solver"] * wall
s_ms, o_ms = 1e3 * solver / execs, 1e3 * (wall - solver) / execs
print(f"{sys.argv[2]:>13}: {execs} execs in {wall:6.1f}s = {execs / wall:7.1f}/s; solver {s_ms:7.2f} ms/exec, outside {o_ms:6.2f} ms/exec")
open(f"{sys.argv[1]}/stats.jsonl.sum", "w").write(f"{execs / wall} {s_ms} {o_ms}\n")
PY
}

run plain-fork --engine plain --target z3
run libafl --engine libafl --target z3 --generate-only
run libafl-fork --engine libafl --target z3 --fork --generate-only
grep -h "coverage:" "$work/libafl.stderr" || true
python3 - "$work" <<'PY'
import sys
d = sys.argv[1]
def get(n):
    return [float(x) for x in open(f"{d}/{n}/stats.jsonl.sum").read().split()]
p, l, f = get("plain-fork"), get("libafl"), get("libafl-fork")
S = p[1]
print(f"raw exec/s ratio  libafl/plain-fork = {l[0] / p[0]:.3f}; libafl-fork/plain-fork = {f[0] / p[0]:.3f}")
for name, run in (("libafl", l), ("libafl-fork", f)):
    r = (S + p[2]) / (S + run[2])
    print(f"at equal solver time ({S:.2f} ms): {name}/plain-fork = {r:.3f}, overhead {100 * (1 - r):.1f}%")
    # The plain loop waits out Z3's soft timeout (--timeout) on every unknown, the LibAFL
    # loop a limit calibrated from its answered queries, so S is the plain loop's longer mean;
    # at the LibAFL run's own mean call the same extra time outside weighs more.
    r = (run[1] + p[2]) / (run[1] + run[2])
    print(f"at {name}'s own solver time ({run[1]:.2f} ms): overhead {100 * (1 - r):.1f}%")
PY
