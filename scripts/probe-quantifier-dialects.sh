#!/usr/bin/env bash
# Probes which releases read quantifiers over each sort (issue 41): small closed quantified
# formulas over Int, Bool, bit-vectors, String, (Seq E) and arrays, labelled, run with `equifuzz
# run` on every release given (default: Z3 5.4.1, the system libz3, cvc5 1.4.2 in process and
# the cvc5 binary on PATH). A release that refuses one shows it as an error or not-expressible.
#
# Usage: scripts/probe-quantifier-dialects.sh [--bin PATH]
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.." || exit 1
bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) need_arg "$@"; bin=$2; shift 2;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
if [ -z "$bin" ]; then cargo build --quiet && bin=./target/debug/equifuzz; fi
bin=$(realpath "$bin")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

p() { printf '(set-info :status %s)(assert %s)(check-sat)\n' "$2" "$3" > "$dir/$1.smt2"; }
p int-exists sat '(exists ((x Int)) (= (* 2 x) 4))'
p int-forall unsat '(forall ((x Int)) (= (* 2 x) 4))'
p bool-forall sat '(forall ((b Bool)) (or b (not b)))'
p bv-exists sat '(exists ((x (_ BitVec 8))) (= (bvadd x #x01) #x00))'
p bv-forall sat '(forall ((x (_ BitVec 8))) (= (bvand x x) x))'
p bv64-forall sat '(forall ((x (_ BitVec 64))) (= (bvxor x x) #x0000000000000000))'
p str-exists sat '(exists ((s String)) (= (str.len s) 3))'
p str-forall sat '(forall ((s String)) (= (str.++ s "") s))'
p str-negation unsat '(exists ((s String)) (not (= (str.++ s "") s)))'
p seq-exists sat '(exists ((s (Seq Int))) (= (seq.len s) 2))'
p seq-forall sat '(forall ((s (Seq Int))) (= (seq.extract s 0 (seq.len s)) s))'
p seq-string-forall sat '(forall ((s (Seq String)) (t (Seq String))) (= (seq.len (seq.++ s t)) (+ (seq.len s) (seq.len t))))'
p array-exists sat '(exists ((a (Array Int Int))) (= (select a 0) 5))'
p array-forall sat '(forall ((a (Array Int Int)) (i Int) (e Int)) (= (select (store a i e) i) e))'
p array-bv-forall sat '(forall ((a (Array (_ BitVec 4) Bool)) (i (_ BitVec 4))) (= (store a i (select a i)) a))'

solvers=${EQUIFUZZ_SOLVERS:-$HOME/.cache/equifuzz/solvers}
targets=("z3 --solver-lib $solvers/z3-5.4.1.0/x/z3/lib/libz3.so" "z3")
for lib in "$solvers"/cvc5-1.4.2/x/cvc5.libs/libcvc5-*.so.1.4.2; do
  [ -e "$lib" ] && targets+=("cvc5 --solver-lib $lib")
done
command -v cvc5 > /dev/null && targets+=("cvc5")
for t in "${targets[@]}"; do
  # shellcheck disable=SC2086 # the target's words are meant to split
  "$bin" run --timeout 5s --target $t "$dir" 2>&1 | grep -E '^solver:|files:|error|not expressible'
done
