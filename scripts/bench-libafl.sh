#!/usr/bin/env bash
# Throughput of the LibAFL engine against the plain loop, on libz3.
#
#   scripts/bench-libafl.sh [--execs N] [--solver-lib PATH] [--bin PATH] [--timeout T]
#
# Runs, each for N executions from seed 1:
#   plain-inproc  --engine plain  --target z3-inprocess  (solver called in a loop, no isolation)
#   libafl        --engine libafl --generate-only         (in-process, restarting manager)
#   libafl-fork   --engine libafl --generate-only --fork  (fork child per execution, context made once)
#   plain-fork    --engine plain  --target z3             (the plain loop's isolated target)
# and prints, per run, exec/s, the mean solver call and the mean time outside it per execution.
# --generate-only makes LibAFL execute what the plain loop executes: fresh random cases (from
# another random stream, so the same distribution, not the same formulas). Besides the raw
# exec/s ratio the script prints the ratio at equal solver time: what LibAFL's
# exec/s would be on the plain loop's formulas, (S + o_plain) / (S + o_libafl) with S the plain
# loop's mean solver call and o each engine's time outside the solver per execution.
# Needs python3 (to read stats.jsonl). Build first: cargo build --release.
set -euo pipefail
cd "$(dirname "$0")/.."
execs=300
bin=target/release/equifuzz
timeout=5s
lib=()
while [ $# -gt 0 ]; do
  case "$1" in
    --execs) execs=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --solver-lib) lib=(--solver-lib "$2"); shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-libafl.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$bin" ] || { echo "bench-libafl.sh: no $bin; run cargo build --release or pass --bin" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {
  local name=$1; shift
  local out="$work/$name"
  "$bin" fuzz --max-execs "$execs" --timeout "$timeout" --seed 1 --progress 3600 --out "$out" "${lib[@]}" "$@" \
    >"$work/$name.stdout" 2>"$work/$name.stderr" || [ $? -eq 1 ] || { cat "$work/$name.stderr" >&2; exit 1; }
  python3 - "$out/stats.jsonl" "$name" <<'PY'
import json, sys
last = [json.loads(l) for l in open(sys.argv[1]) if l.strip()][-1]
execs = last["execs"]
wall = last.get("wall_secs", last.get("time"))
solver = last["solver_secs"] if "solver_secs" in last else last["in_solver"] * wall
s_ms, o_ms = 1e3 * solver / execs, 1e3 * (wall - solver) / execs
print(f"{sys.argv[2]:>13}: {execs} execs in {wall:6.1f}s = {execs / wall:7.1f}/s; solver {s_ms:7.2f} ms/exec, outside {o_ms:6.2f} ms/exec")
open(sys.argv[1] + ".sum", "w").write(f"{execs / wall} {s_ms} {o_ms}\n")
PY
}

run plain-inproc --engine plain --target z3-inprocess
run libafl --engine libafl --target z3 --generate-only
run libafl-fork --engine libafl --target z3 --fork --generate-only
run plain-fork --engine plain --target z3
grep -h "coverage:" "$work/libafl.stderr" || true
python3 - "$work" <<'PY'
import sys
d = sys.argv[1]
def get(n):
    return [float(x) for x in open(f"{d}/{n}/stats.jsonl.sum").read().split()]
p, l, f, pf = get("plain-inproc"), get("libafl"), get("libafl-fork"), get("plain-fork")
S = p[1]
print(f"raw exec/s ratio  libafl/plain-inproc = {l[0] / p[0]:.3f}; libafl-fork/plain-inproc = {f[0] / p[0]:.3f}; plain-fork/plain-inproc = {pf[0] / p[0]:.3f}")
print(f"at equal solver time ({S:.2f} ms): libafl/plain-inproc = {(S + p[2]) / (S + l[2]):.3f}; libafl-fork/plain-inproc = {(S + p[2]) / (S + f[2]):.3f}")
PY
