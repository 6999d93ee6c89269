#!/usr/bin/env bash
# Agreement of exported files with two solvers: exports N files of a theory's
# categories (a finite category in full, the others sharing the rest), runs every file on Z3 5.4.1 (libz3, each
# query in a forked child) and on cvc5 1.4.2 (libcvc5 in process), and prints
# per solver how many answers agree with the label, how many are unknown or
# timed out, how many the release cannot express, and how many disagree (any
# finding: unsound, invalid model or core, crash, error; an unsat core larger
# than the minimal one is the right answer and counts as agreeing), each disagreement
# listed with its file. An error in which the solver states a limit of its own ("does not
# yet support", "not supported") is no disagreement: such errors are counted and listed
# apart as stated limits. Exits 1 if any disagrees.
#
# Usage: scripts/agree.sh [--theory T] [--count N] [--seed S] [--timeout D]
#                         [--categories A,B] [--out DIR] [--bin PATH] [--solver z3|cvc5]
#   --theory T       bv (default), int, real, fp or quant: its categories unless --categories names others
#   --count N        files in all (default 500)
#   --seed S         the export's seed (default 0)
#   --timeout D      per query (default 10s)
#   --categories L   comma-separated export categories
#   --out DIR        keep the export and the answers there (default: a temporary folder)
#   --bin PATH       the equifuzz binary (default: cargo build, target/debug/equifuzz)
#   --solver S       only this solver (z3 or cvc5; default both)
# Solvers come from the release cache of scripts/install-solvers.sh
# (~/.cache/equifuzz/solvers/z3-5.4.1.0, cvc5-1.4.2); a missing one is
# reported as SKIPPED.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
theory=bv; count=500; seed=0; timeout=10s; categories=""; out=""; bin=""; only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --theory) need_arg "$@"; theory=$2; shift 2 ;;
    --count) need_arg "$@"; count=$2; shift 2 ;;
    --seed) need_arg "$@"; seed=$2; shift 2 ;;
    --timeout) need_arg "$@"; timeout=$2; shift 2 ;;
    --categories) need_arg "$@"; categories=$2; shift 2 ;;
    --out) need_arg "$@"; out=$2; shift 2 ;;
    --bin) need_arg "$@"; bin=$2; shift 2 ;;
    --solver) need_arg "$@"; only=$2; shift 2
      case "$only" in z3|cvc5) ;; *) usage_error "--solver is z3 or cvc5, not $only" ;; esac ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
if [ -z "$categories" ]; then
  case "$theory" in
    bv) categories=bv-equivalent-formula,bv-operation,bv-constant-assignment,bv-term-synthesis,bv-unsat-chain,bv-uf ;;
    int) categories=int-linear,int-nonlinear,int-large,int-identity,int-classic ;;
    real) categories=real-linear,real-nonlinear,real-mixed,real-large,real-arrays,real-identity,real-classic ;;
    fp) categories=fp-standard,fp-odd,fp-mixed,fp-nonidentity,fp-identity,fp-classic ;;
    quant) categories=quant-sat,quant-unsat ;;
    *) usage_error "no default categories for --theory $theory: name them with --categories" ;;
  esac
fi
if [ -z "$bin" ]; then
  cargo build --quiet
  bin=./target/debug/equifuzz
fi
if [ -z "$out" ]; then
  out=$(mktemp -d /tmp/agree.XXXXXX)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
rm -rf "$out/files"
# One export of all the categories: a finite one (bv-equivalent-formula has 237
# files) is written in full and the endless ones share the rest, so the count
# is met (an equal share each left 593 of 5,000 bv files unwritten).
"$bin" export --theory "$theory" --category "$categories" --count "$count" --seed "$seed" \
  --out "$out/files" >/dev/null
files=$(find "$out/files" -name '*.smt2' | wc -l)
echo "$files files ($theory: $categories), seed $seed, timeout $timeout"
cache=${EQUIFUZZ_CACHE:-$HOME/.cache/equifuzz}
z3_lib="$cache/solvers/z3-5.4.1.0/x/z3/lib/libz3.so"
cvc5_lib=$(find "$cache/solvers/cvc5-1.4.2/x/cvc5.libs" -name 'libcvc5-*.so*' 2>/dev/null | head -1 || true)
failed=0
tally() { # name, run's arguments...
  local name=$1; shift
  nice -n 10 "$bin" run --jsonl --timeout "$timeout" "$@" "$out/files" \
    >"$out/$name.jsonl" 2>"$out/$name.err" || true
  python3 - "$name" "$out/$name.jsonl" <<'PY' || failed=1
import json, sys
name, path = sys.argv[1], sys.argv[2]
import re
# Words in which a solver states a limit of its own (cvc5: "Array theory solver does not yet
# support write-chains ...", "Regular expression terms are not supported in theory
# combination"): an error that says one is a refusal, not a wrong answer.
STATED = re.compile(r"does not (yet )?support|not (yet )?supported|[Uu]nsupported")
kinds, bad, limits = {}, [], []
for line in open(path):
    line = line.strip()
    if not line.startswith("{"):
        continue
    r = json.loads(line)
    if r["kind"] == "error" and STATED.search(r["verdict"]):
        limits.append(f'  LIMIT {r["file"]}: {r["verdict"][:160]}')
        continue
    kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    if r["kind"] not in ("sat", "unsat", "imprecise-core", "unknown", "timeout", "not-expressible"):
        bad.append(f'  DISAGREES {r["file"]}: expected {r["expected"]}, {r["verdict"]}')
imprecise = kinds.get("imprecise-core", 0)
agree = kinds.get("sat", 0) + kinds.get("unsat", 0) + imprecise
unknown = kinds.get("unknown", 0) + kinds.get("timeout", 0)
ne = kinds.get("not-expressible", 0)
print(f"{name}: {sum(kinds.values()) + len(limits)} answers: {agree} agree ({imprecise} with a "
      f"core larger than the minimal one, no finding), {unknown} unknown or timeout, "
      f"{ne} not expressible, {len(limits)} refused as a stated limit, {len(bad)} disagree")
if limits:
    print("\n".join(limits[:10]))
if bad:
    print("\n".join(bad[:50]))
sys.exit(1 if bad else 0)
PY
}
if [ "$only" = cvc5 ]; then
  :
elif [ -e "$z3_lib" ]; then
  tally z3-5.4.1 --target z3 --solver-lib "$z3_lib"
else
  echo "SKIPPED: Z3 5.4.1 (run scripts/install-solvers.sh z3 5.4.1.0)"
fi
if [ "$only" = z3 ]; then
  :
elif [ -n "$cvc5_lib" ]; then
  tally cvc5-1.4.2 --target cvc5 --solver-lib "$cvc5_lib"
else
  echo "SKIPPED: cvc5 1.4.2 (run scripts/install-solvers.sh cvc5 1.4.2)"
fi
exit "$failed"
