#!/usr/bin/env bash
# Do two equifuzz binaries find the same findings for the same seed? A behaviour check for
# refactors of the fuzz loop, on a fake libz3 (tests/fake-z3/fake_z3.c: every query answers
# "sat", so every unsat case is a finding and every sat case's model check runs), which answers
# at once and so leaves no room for timing to change what the loop does.
#
#   scripts/same-findings.sh BEFORE AFTER [--seed N] [--execs N] [--theory T] [--engine E]...
#
# Each binary fuzzes for --execs executions (default 400) from --seed (default 7), once per
# --engine (default: libafl and plain); the LibAFL loop with `--schedule uniform` (the bandit
# pays per second) and `--no-coverage` (the features' answer x time bucket would let timing
# decide what enters the corpus), so that the same binary finds the same files run after run. The finding files (.smt2 under findings/, the
# output folder's name replaced by OUT) and the list of all files under findings/ are compared.
# Prints `same findings: ENGINE: N files` per engine, or the difference and exits 1.
# Needs cc. Exit 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
[ $# -ge 2 ] || { usage >&2; exit 2; }
case "$1" in -h|--help) usage; exit 0 ;; esac
before=$1 after=$2; shift 2
seed=7 execs=400 theory=all engines=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --execs) execs=$2; shift 2 ;;
    --theory) theory=$2; shift 2 ;;
    --engine) engines+=("$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "same-findings.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ ${#engines[@]} -gt 0 ] || engines=(libafl plain)
for b in "$before" "$after"; do
  [ -x "$b" ] || { echo "same-findings.sh: $b is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -shared -fPIC -o "$work/libz3-fake.so" tests/fake-z3/fake_z3.c

# The findings of one run, normalised: every file's path, then every .smt2's text.
digest() {
  local out=$1
  (cd "$out" && find findings -type f | LC_ALL=C sort) 2>/dev/null || true
  (cd "$out" && find findings -type f -name '*.smt2' | LC_ALL=C sort | while read -r f; do
     echo "== $f"; sed "s#$out#OUT#g" "$f"; done) 2>/dev/null || true
}

status=0
for engine in "${engines[@]}"; do
  for side in before after; do
    bin=$before; [ $side = after ] && bin=$after
    out="$work/$engine-$side"
    extra=(--schedule uniform --no-coverage)
    [ "$engine" = plain ] && extra=()
    "$bin" fuzz --target z3 --solver-lib "$work/libz3-fake.so" --engine "$engine" "${extra[@]}" \
      --seed "$seed" --max-execs "$execs" --theory "$theory" --progress 3600 --out "$out" \
      >"$out.stdout" 2>"$out.stderr" || [ $? -eq 1 ] || { echo "$side ($bin) failed:"; tail -5 "$out.stderr"; exit 1; }
    digest "$out" >"$out.digest"
  done
  n=$(find "$work/$engine-before/findings" -type f -name '*.smt2' 2>/dev/null | wc -l)
  if cmp -s "$work/$engine-before.digest" "$work/$engine-after.digest"; then
    echo "same findings: $engine: $n files"
  else
    echo "DIFFERENT findings: $engine (before: $n .smt2 files)"
    diff "$work/$engine-before.digest" "$work/$engine-after.digest" | head -40 || true
    status=1
  fi
done
exit $status
