#!/usr/bin/env bash
# Answered queries per hour, before and after, side by side: issue 31's
# "Done when". Each target runs a campaign with BEFORE_BIN on one core and
# AFTER_BIN on the other at the same time (same machine, same load, same
# held-out seed), then AFTER_BIN with two clients (`--cores` on the first two
# cores of the process's affinity set) against its own one-core run.
#
#   scripts/bench-answered.sh BEFORE_BIN AFTER_BIN [--time 20m] [--seed 7]
#       [--targets z3-4.8.14,z3-5.4.1,cvc5] [--no-cores] [--out DIR]
#       [--after-args 'WORDS']
#
# --time     each campaign's length (default 20m; smoke with 1m)
# --seed     the campaign seed (default 7, held out from the tuning runs)
# --targets  which of z3-4.8.14, z3-5.4.1 (the PyPI wheels' libz3) and
#            cvc5 (1.4.2's libcvc5, in process) to run, from
#            ~/.cache/equifuzz/solvers (scripts/install-solvers.sh)
# --no-cores skip the two-client runs
# --out      where the campaigns go (default: a temporary folder, kept)
# --after-args  more `fuzz` words for AFTER_BIN only (e.g. --demote-unknown;
#            give the same binary twice to measure a flag alone)
#
# Per run it prints execs/s, answered (sat or unsat) queries per hour,
# the share of queries that ended unknown, the share of solver time spent
# on unknowns and timeouts, errors, and the bug buckets (signatures) and
# finding files it found. With --cores, answered/hour is per client, and
# the ratio to one core says what two clients give (2.0 at best). Needs
# two cores in the affinity set, python3, and release builds of both binaries.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
time=20m
seed=7
targets=z3-4.8.14,z3-5.4.1,cvc5
clients=1
out=
after_args=
help_first "$@"
[ $# -ge 2 ] || { usage >&2; exit 2; }
before=$(realpath -m -- "$1"); after=$(realpath -m -- "$2"); shift 2
while [ $# -gt 0 ]; do
  case "$1" in
    --time) need_arg "$@"; time=$2; shift 2 ;;
    --seed) need_arg "$@"; seed=$2; shift 2 ;;
    --targets) need_arg "$@"; targets=$2; shift 2 ;;
    --no-cores) clients=0; shift ;;
    --out) need_arg "$@"; out=$2; shift 2 ;;
    --after-args) need_arg "$@"; after_args=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
for b in "$before" "$after"; do
  [ -x "$b" ] || usage_error "$b is not an executable"
done
[ ${#cores[@]} -ge 2 ] || usage_error "needs two cores in the affinity set (it has ${cores[*]})"
two=$(cores_list 2)
out=${out:-$(mktemp -d -t bench-answered.XXXXXX)}
mkdir -p "$out"
cache=${EQUIFUZZ_SOLVER_CACHE:-$HOME/.cache/equifuzz/solvers}

# The --target words of a target name.
target_args() {
  case "$1" in
    z3-4.8.14) echo "--target z3 --solver-lib $cache/z3-4.8.14.0/x/z3/lib/libz3.so" ;;
    z3-5.4.1) echo "--target z3 --solver-lib $cache/z3-5.4.1.0/x/z3/lib/libz3.so" ;;
    cvc5) echo "--target cvc5 --solver-lib $(ls "$cache"/cvc5-1.4.2/x/cvc5.libs/libcvc5-*.so* | head -1)" ;;
    *) usage_error "unknown target $1" ;;
  esac
}

# summarize DIR LABEL CLIENTS: one table row from DIR/stats.jsonl (the
# last one-core snapshot, or the --cores monitor's largest line).
summarize() {
  PYTHONPATH="$here" python3 - "$1" "$2" "$3" <<'PY'
import glob, json, os, sys
from stats_jsonl import records
d, label, clients = sys.argv[1], sys.argv[2], int(sys.argv[3])
best = None
for s in records(d):
    if "verdicts" in s:
        v, secs, t = s["verdicts"], s.get("verdict_secs", {}), s.get("time", 0)
        sig = s.get("signatures", 0)
    elif "client_stats" in s:
        v, secs, sig = {}, {}, 0
        for c in s["client_stats"].values():
            for name, stat in (c.get("user_stats") or {}).items():
                n = (stat.get("value") or {}).get("Number")
                if name.startswith("verdict ") and n is not None:
                    v[name[8:]] = v.get(name[8:], 0) + n
        t = s.get("run_time", {}).get("secs", 0) if isinstance(s.get("run_time"), dict) else 0
    else:
        continue
    n = sum(v.values())
    if best is None or n >= best[0]:
        best = (n, v, secs, t, sig)
if best is None:
    print(f"| {label} | no statistics |"); sys.exit()
n, v, secs, t, sig = best
t = t or 1e-9
answered = v.get("sat", 0) + v.get("unsat", 0)
solver = sum(secs.values())
wasted = secs.get("unknown", 0) + secs.get("timeout", 0)
files = len(glob.glob(os.path.join(d, "findings", "*", "*.smt2")))
share = f"{100 * wasted / solver:.0f}%" if solver else "-"
print(f"| {label} | {n / t:.1f} | {answered * 3600 / t / clients:,.0f} | "
      f"{100 * v.get('unknown', 0) / max(n, 1):.1f}% | {share} | {v.get('error', 0)} | "
      f"{sig} | {files} |")
PY
}

header="| run | execs/s | answered/h (per client) | unknown | solver time on unknowns | errors | buckets | finding files |
|---|---:|---:|---:|---:|---:|---:|---:|"
summary=$out/summary.md
echo "# bench-answered: --time $time --seed $seed ($(date -u +%FT%TZ))" >"$summary"
echo "after args: ${after_args:-none}" >>"$summary"
echo "before: $before ($("$before" --version 2>/dev/null || true)); after: $after ($("$after" --version 2>/dev/null || true))" >>"$summary"
echo >>"$summary"
echo "$header" >>"$summary"
IFS=, read -ra names <<<"$targets"
for name in "${names[@]}"; do
  args=$(target_args "$name")
  echo "== $name: before on core ${cores[0]}, after on core ${cores[1]}, $time" >&2
  # shellcheck disable=SC2086 # the target's words
  pin 0 "$before" fuzz $args --time "$time" --seed "$seed" --out "$out/$name-before" \
    >"$out/$name-before.log" 2>&1 &
  b=$!
  # shellcheck disable=SC2086
  pin 1 "$after" fuzz $args $after_args --time "$time" --seed "$seed" --out "$out/$name-after" \
    >"$out/$name-after.log" 2>&1 &
  a=$!
  wait $b || true
  wait $a || true
  summarize "$out/$name-before" "$name before" 1 >>"$summary"
  summarize "$out/$name-after" "$name after" 1 >>"$summary"
  if [ "$clients" = 1 ]; then
    echo "== $name: after with --cores $two, $time" >&2
    # shellcheck disable=SC2086
    if "$after" fuzz $args $after_args --time "$time" --seed "$seed" --cores "$two" \
      --out "$out/$name-cores" >"$out/$name-cores.log" 2>&1 || [ -s "$out/$name-cores/stats.jsonl" ]; then
      summarize "$out/$name-cores" "$name after --cores $two" 2 >>"$summary"
    else
      echo "| $name after --cores $two | not run: $(grep -m1 -i error "$out/$name-cores.log" || tail -1 "$out/$name-cores.log") |" >>"$summary"
    fi
  fi
done
cat "$summary"
echo "campaigns kept in $out" >&2
