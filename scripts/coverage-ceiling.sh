#!/usr/bin/env bash
# How much room had guidance? The edges of several campaigns, pooled, and an estimate of all
# the edges the fuzzer's formulas can reach on that solver library at all.
#
#   scripts/coverage-ceiling.sh [--baseline GROUP] [GROUP=]CAMPAIGN_DIR...
#
# Each CAMPAIGN_DIR is the output folder of an `equifuzz fuzz` run on an instrumented library
# (e.g. the guided/ and unguided/ folders that scripts/coverage-ablation.sh --out keeps): its
# edges.txt lists the map indexes it covered. A folder's group is the name of the folder
# itself (guided, unguided, ...), or GROUP when given as GROUP=DIR. For each group and for all
# folders together, prints the runs, their mean edges, the edges reached by every run, by any
# run (the union), by no run of another group (only), by exactly one and exactly two runs, and
# Chao2, the incidence-based estimate of the edges a run of that kind can
# reach at all (Chao 1987; for fuzzing, Böhme's STADS, TOSEM 2018): the union plus
# (m-1)/m * Q1^2 / (2 Q2) for m runs, Q1 edges seen in one run and Q2 in two. Chao2 is a lower
# bound: it counts only the edges that the runs make likely; code no run comes near is outside it.
# Then each figure relative to the mean of the baseline group (default: unguided), which says how
# far ahead of an unguided campaign any guided one could have been with the same formulas.
# The runs should share the library, the solver settings and the length.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
baseline=unguided
dirs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) need_arg "$@"; baseline=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) dirs+=("$1"); shift ;;
  esac
done
[ "${#dirs[@]}" -ge 2 ] || { echo "coverage-ceiling.sh: give at least two campaign folders (see --help)" >&2; exit 2; }
for d in "${dirs[@]}"; do
  d=${d#*=}
  [ -f "$d/edges.txt" ] || {
    echo "coverage-ceiling.sh: no $d/edges.txt (a campaign on an instrumented library writes one)" >&2; exit 2; }
done
PYTHONPATH="$here" python3 - "$baseline" "${dirs[@]}" <<'PY'
import os, sys
from collections import Counter

from edges_txt import covered

baseline, dirs = sys.argv[1], sys.argv[2:]

def run(arg):
    group, eq, d = arg.partition("=")
    if not eq:
        group, d = os.path.basename(os.path.normpath(arg)), arg
    return group, covered(d)

runs = [run(a) for a in dirs]
groups = {}
for group, e in runs:
    groups.setdefault(group, []).append(e)
groups["all"] = [e for _, e in runs]

def summary(sets):
    m = len(sets)
    seen = Counter()
    for s in sets:
        seen.update(s)
    by_runs = Counter(seen.values())
    q1, q2 = by_runs[1], by_runs[2]
    if m < 2:
        chao2 = float("nan")
    elif q2:
        chao2 = len(seen) + (m - 1) / m * q1 * q1 / (2 * q2)
    else:
        chao2 = len(seen) + (m - 1) / m * q1 * (q1 - 1) / 2
    return {
        "runs": m,
        "mean": sum(map(len, sets)) / m,
        "every": len(set.intersection(*sets)),
        "union": len(seen),
        "once": q1,
        "twice": q2,
        "chao2": chao2,
    }

rows = {g: summary(s) for g, s in groups.items()}
for g in rows:
    # Edges of this group's runs that no run of another group reached.
    others = set().union(*(e for h, e in runs if h != g)) if g != "all" else None
    rows[g]["only"] = "-" if others is None else len(set().union(*groups[g]) - others)
print(f"{'group':<12} {'runs':>4} {'mean':>9} {'every':>7} {'union':>7} {'only':>6} {'once':>6} {'twice':>6} "
      f"{'Chao2':>8}")
for g, r in rows.items():
    print(f"{g:<12} {r['runs']:>4} {r['mean']:>9.1f} {r['every']:>7} {r['union']:>7} {r['only']:>6} "
          f"{r['once']:>6} {r['twice']:>6} {r['chao2']:>8.0f}")
if baseline in rows:
    b = rows[baseline]["mean"]
    print(f"relative to the mean {baseline} run ({b:.1f} edges):")
    for g, r in rows.items():
        print(f"{g:<12} mean {r['mean'] / b:.3f}  union {r['union'] / b:.3f}  Chao2 {r['chao2'] / b:.3f}")
else:
    print(f"(no folder named {baseline}; --baseline GROUP names the group to compare with)")
PY
