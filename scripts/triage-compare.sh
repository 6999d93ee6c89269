#!/usr/bin/env bash
# equifuzz minimize vs ddSMT on the same findings, side by side: sizes in AST nodes (as equifuzz
# counts them) and wall times, with ONE failure test for both: `equifuzz minimize FINDING --check
# CANDIDATE` (exit 0: the finding's truth, its model or core, still holds on the candidate under
# our semantics, and the finding's solver fails the same way: verdict kind and answer). ddSMT
# runs it as its command (--ignore-output, exit code only; --arithmetic, which it would leave out
# for formulas without a set-logic).
#
# Then every result of an unsat finding is put to the newest Z3 and cvc5 with its status: a
# `label-contradicted` verdict (the solver's model satisfies it under our semantics) proves the
# reduction made a satisfiable formula out of an unsat one; `unsound` there means a sat answer
# whose model could not settle it. (A sat result's label is the model check of --check itself.)
#
# equifuzz gets --max-tests 500 (its default is 3000), ddSMT a 30 s limit per test and, with
# DDSMT_CAP=SECONDS, a limit on its whole run per finding (it writes its best result as it goes,
# so a capped run still has one; the table marks it with `cap`).
#
# Usage: scripts/triage-compare.sh BIN CAMPAIGN_DIR [N=10] [OUT=/tmp/triage-compare]
#   N findings are taken evenly spread over CAMPAIGN_DIR/findings (sorted by name); N=0: all.
#   PART=ours or PART=ddsmt runs one side only and keeps OUT's results of the other (so that
#   equifuzz can be measured again after a change without running ddSMT again); PART=ours
#   still judges ddSMT's kept results with this BIN's --check, so a result it refuses is FAIL.
#   SCRIPTS=1 takes only the incremental findings (push, check-sat-assuming, reset-assertions).
#   Needs `ddsmt` on PATH (pip install ddsmt); without it, says SKIPPED and exits 0.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
help_first "$@"
[ $# -ge 2 ] && [ $# -le 4 ] || { usage >&2; exit 2; }
bin=$(realpath -m -- "$1"); dir=$(realpath -m -- "$2"); n=${3:-10}; out=${4:-/tmp/triage-compare}
if ! command -v ddsmt >/dev/null; then echo "SKIPPED: ddsmt is not on PATH (pip install ddsmt)"; exit 0; fi
newest_z3=${NEWEST_Z3:-$HOME/.cache/equifuzz/solvers/z3-latest/x/z3/lib/libz3.so}
cvc5_lib=${CVC5_LIB:-$(ls "$HOME"/.cache/equifuzz/solvers/cvc5-*/x/cvc5.libs/libcvc5-*.so* 2>/dev/null | grep -v parser | head -n 1 || true)}
part=${PART:-both}; cap=${DDSMT_CAP:-0}
[ "$part" = both ] && rm -rf "$out"
mkdir -p "$out/ours" "$out/ddsmt" "$out/tests" "$out/labels" "$out/rows"
mapfile -t all < <(find "$dir/findings" -name '*.smt2' | sort)
# SCRIPTS=1: incremental findings only (a push, a check-sat-assuming or a reset-assertions).
if [ "${SCRIPTS:-0}" = 1 ]; then
  mapfile -t all < <(grep -l -e '^(push' -e '^(check-sat-assuming' -e '^(reset-assertions' "${all[@]}" /dev/null || true)
fi
[ ${#all[@]} -gt 0 ] || { echo "no findings under $dir/findings" >&2; exit 2; }
[ "$n" -gt 0 ] || n=${#all[@]}
step=$(( ${#all[@]} / n )); [ "$step" -ge 1 ] || step=1
nodes() { sed -n 's/.*truth valid, \([0-9]*\) AST nodes$/\1/p'; }
now() { date +%s.%N; }
# The label of a result on another solver: ok, WRONG (label contradicted) or what it said.
label() { # FILE EXPECTED
  local f=$1 exp=$2 l=$out/labels/$(basename "$1")
  [ "$exp" = unsat ] || { echo ok; return; }
  # A script's unsat checks keep a label only as a subset of a check of the finding with the same
  # core (`triage::minimize::relabel`); its scopes are not one formula to put to another solver.
  if grep -q -e '^(push' -e '^(check-sat-assuming' -e '^(reset-assertions' "$f"; then echo script; return; fi
  { echo "(set-info :status unsat)"; grep -v -e 'set-info :status' -e '^(check-sat)' -e '^(get-' "$f"; echo "(check-sat)"; } > "$l"
  local verdicts=""
  for s in "z3|$newest_z3" "cvc5|$cvc5_lib"; do
    local t=${s%%|*} lib=${s#*|}; [ -n "$lib" ] && [ -e "$lib" ] || continue
    # `run` exits 1 on a finding and 2 on a contradicted label: only its verdict counts here.
    k=$({ "$bin" run "$l" --target "$t" --solver-lib "$lib" --timeout 10s --jsonl 2>/dev/null || true; } \
        | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["kind"])' 2>/dev/null || echo error)
    verdicts="$verdicts,$t:$k"
  done
  case "$verdicts" in *label-contradicted*) echo "WRONG$verdicts";; *unsound*) echo "sat?$verdicts";; *) echo ok;; esac
}
printf '%-44s %-14s %6s | %6s %7s %-5s | %6s %7s %-5s\n' finding kind before ours secs label ddsmt secs label | tee "$out/table.txt"
i=0
for f in "${all[@]}"; do
  i=$((i + 1)); [ $(( (i - 1) % step )) -eq 0 ] || continue
  [ $(( (i - 1) / step )) -lt "$n" ] || break
  name=$(basename "$f" .smt2)
  kind=$(sed -n 's/^; equifuzz finding: //p' "$f" | head -n 1)
  exp=$(sed -n 's/^; expected: //p' "$f" | head -n 1)
  before=$("$bin" minimize "$f" --check "$f" 2>/dev/null | nodes || true)
  if [ -z "$before" ]; then echo "$name: does not fail the same way any more, skipped" | tee -a "$out/table.txt"; continue; fi
  printf '#!/bin/sh\nexec %q minimize %q --check "$1" >/dev/null 2>&1\n' "$bin" "$f" > "$out/tests/$name.sh"
  chmod +x "$out/tests/$name.sh"
  if [ "$part" != ddsmt ]; then
    t0=$(now); "$bin" minimize "$f" --max-tests 500 --out "$out/ours/$name.smt2" >/dev/null 2>&1 || true; t1=$(now)
    ours=$("$bin" minimize "$f" --check "$out/ours/$name.smt2" 2>/dev/null | nodes || true)
    lo=$(label "$out/ours/$name.smt2" "$exp")
    printf '%6s %7.1f %-5s' "${ours:-FAIL}" "$(awk "BEGIN{print $t1 - $t0}")" "$lo" > "$out/rows/$name.ours"
  fi
  if [ "$part" != ours ]; then
    t2=$(now); capped=""
    if [ "$cap" -gt 0 ]; then
      timeout "$cap" ddsmt -q --arithmetic --ignore-output --timeout 30 "$f" "$out/ddsmt/$name.smt2" "$out/tests/$name.sh" \
        >"$out/ddsmt/$name.log" 2>&1 || { [ $? -eq 124 ] && capped=cap; }
    else
      ddsmt -q --arithmetic --ignore-output --timeout 30 "$f" "$out/ddsmt/$name.smt2" "$out/tests/$name.sh" >"$out/ddsmt/$name.log" 2>&1 || true
    fi
    t3=$(now)
    dd=$("$bin" minimize "$f" --check "$out/ddsmt/$name.smt2" 2>/dev/null | nodes || true)
    ld=$(label "$out/ddsmt/$name.smt2" "$exp")
    printf '%6s %7.1f %-5s %s' "${dd:-FAIL}" "$(awk "BEGIN{print $t3 - $t2}")" "$ld" "$capped" > "$out/rows/$name.ddsmt"
  elif [ -e "$out/rows/$name.ddsmt" ]; then
    # ddSMT's kept result judged again by this binary's --check (it may have
    # grown stricter since), its time and label kept.
    dd=$("$bin" minimize "$f" --check "$out/ddsmt/$name.smt2" 2>/dev/null | nodes || true)
    rest=$(cut -c7- "$out/rows/$name.ddsmt")
    printf '%6s%s' "${dd:-FAIL}" "$rest" > "$out/rows/$name.ddsmt"
  fi
  printf '%-44s %-14s %6s | %s | %s\n' "$name" "$kind" "$before" "$(cat "$out/rows/$name.ours" 2>/dev/null || echo '- - -')" \
    "$(cat "$out/rows/$name.ddsmt" 2>/dev/null || echo '- - -')" | tee -a "$out/table.txt"
done
python3 - "$out/table.txt" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if '|' in l and not l.startswith('finding')]
def col(i):
    return [float(r[i]) for r in rows if r[i].replace('.', '').isdigit()]
if rows:
    print(f"{len(rows)} findings; medians: before {statistics.median(col(2)):g} nodes; "
          f"equifuzz {statistics.median(col(4)):g} nodes in {statistics.median(col(5)):.1f}s; "
          f"ddSMT {statistics.median(col(8)):g} nodes in {statistics.median(col(9)):.1f}s")
    smaller = sum(1 for r in rows if r[4].isdigit() and r[8].isdigit() and int(r[4]) <= int(r[8]))
    print(f"equifuzz as small or smaller on {smaller} of {len(rows)}; "
          f"labels not ok: equifuzz {sum(1 for r in rows if r[6] not in ('ok', '-'))}, "
          f"ddSMT {sum(1 for r in rows if r[10] not in ('ok', '-'))}; "
          f"ddSMT runs stopped by DDSMT_CAP: {sum(1 for r in rows if len(r) > 11 and r[11] == 'cap')}")
EOF
