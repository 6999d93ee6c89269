#!/usr/bin/env bash
# Runs the probes of issue 16 (bad input, broken solvers, wrong labels) as a user would, and prints
# a markdown table: probe, exit code, seconds, and the first lines the tool printed.
#
# Usage: scripts/probe-bad-input.sh [--bin PATH]   (default: a debug build of this checkout)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
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
cd "$dir"

w() { printf '%s\n' "$2" > "$1"; }
w incremental.smt2 '(set-info :status sat)
(declare-const x String)
(push 1)
(assert (= x "a"))
(assert (= x "b"))
(check-sat)
(pop 1)
(check-sat)'
w incremental-labelled.smt2 '(declare-const x String)
(push 1)
(assert (= x "a"))
(assert (= x "b"))
(set-info :status unsat)
(check-sat)
(pop 1)
(set-info :status sat)
(check-sat)'
w wrong-label.smt2 '(set-info :status unsat)
(declare-const x String)
(assert (= (str.len x) 7))
(check-sat)'
w empty.smt2 ''
w no-check-sat.smt2 '(declare-const x String)
(assert (= x "a"))'
w get-info.smt2 '(set-info :status sat)
(declare-const x String)
(assert (= x "a"))
(check-sat)
(get-info :reason-unknown)
(exit)'
w commands.smt2 '(set-info :status sat)
(set-option :produce-models true)
(get-option :produce-models)
(define-sort Str () String)
(declare-const x Str)
(define-fun twice ((s String)) String (str.++ s s))
(assert (= (twice x) "abab"))
(get-assertions)
(check-sat)
(reset)
(set-info :status unsat)
(declare-const y Int)
(assert (< y y))
(check-sat)'
w redeclare-after-pop.smt2 '(set-info :status sat)
(push 1)
(declare-const x String)
(pop 1)
(declare-const x Int)
(assert (= x 3))
(check-sat)'
w loop-bound.smt2 '(set-info :status unsat)
(declare-const x String)
(assert (str.in_re x ((_ re.loop 4294967296 4294967297) (str.to_re "a"))))
(assert (< (str.len x) 10))
(check-sat)'
w undeclared.smt2 '(set-info :status sat)
(assert (= y "a"))
(check-sat)'
w sort-error.smt2 '(set-info :status sat)
(declare-const x String)
(assert (= x 1))
(check-sat)'
w datatypes.smt2 '(declare-datatypes ((P 0)) (((mk (fst Int)))))
(check-sat)'
w sat-ok.smt2 '(set-info :status sat)
(declare-const x String)
(assert (= x "a"))
(check-sat)'
w bad.smt2 '(assert'
mkdir -p emptydir loop1/sub loop2/a
cp sat-ok.smt2 loop1/sub/
ln -s .. loop1/sub/up
cp sat-ok.smt2 loop2/a/
ln -s .. loop2/a/up1
ln -s ../.. loop2/a/up2
printf '#!/bin/sh\necho "usage: z3 [options] [-file:]file"\nexit 1\n' > z3-no-in && chmod +x z3-no-in
big=$(python3 -c 'print("9"*1000000)')
printf '#!/bin/sh\ncat >/dev/null\necho sat\necho "((n %s))"\n' "$big" > bignum && chmod +x bignum
w bignum.smt2 '(set-info :status sat)
(declare-const n Int)
(assert (> n 0))
(check-sat)'

echo "| probe | exit | s | output (first lines) |"
echo "|---|---:|---:|---|"
probe() {
  local name=$1; shift
  local t0 t1 code out
  t0=$(date +%s.%N)
  out=$(timeout 60 "$bin" "$@" 2>&1 < /dev/null)
  code=$?
  t1=$(date +%s.%N)
  out=$(printf '%s' "$out" | grep -v '^solver:' | head -n 3 | cut -c1-160 | sed "s#$dir/##g; s/|/\\\\|/g" | awk 'NR>1{printf " / "} {printf "%s", $0}')
  printf '| %s | %s | %.1f | %s |\n' "$name" "$code" "$(echo "$t1 - $t0" | bc)" "$out"
}
probe "1 push/pop, one status" run incremental.smt2
probe "1 push/pop, a status per check-sat" run incremental-labelled.smt2
probe "2 wrong unsat label" run wrong-label.smt2
probe "3 cmd: z3 without -in" fuzz --target "cmd:$dir/z3-no-in" --time 5s --out out3
probe "4 symlink loop (one ..)" run loop1
probe "4 symlink loops (two ..)" run loop2
probe "5 --timeout u64::MAX s" fuzz --target z3 --timeout=18446744073709551615s --time 5s --out out5
probe "5 --timeout 0s" fuzz --target z3 --timeout 0s --time 5s --out out5b
probe "5 --time 0s" fuzz --target z3 --time 0s --out out5c
"$bin" export --out exp --count 5 --category random >/dev/null 2>&1
probe "6 second export, same folder" export --out exp --count 5 --category random --seed 1
probe "7 finding + bad file" run --target "cmd:/bin/echo unsat" bad.smt2 sat-ok.smt2
probe "7 cmd:/bin/false" run --target cmd:/bin/false sat-ok.smt2
probe "7 fuzz cmd:/bin/false" fuzz --target cmd:/bin/false --time 5s --out out7
probe "7 empty folder" run emptydir
probe "8 1,000,000-digit model value" run --target "cmd:$dir/bignum" bignum.smt2
probe "9 empty file" run empty.smt2
probe "9 no check-sat" run no-check-sat.smt2
probe "10 get-info :reason-unknown" run get-info.smt2
probe "10 get-option, define-sort, define-fun, get-assertions, reset" run commands.smt2
probe "10 declare-datatypes" run datatypes.smt2
probe "11 undeclared symbol" run undeclared.smt2
probe "11 sort error" run sort-error.smt2
probe "11 redeclared after pop" run redeclare-after-pop.smt2
probe "11 re.loop bound 2^32" run loop-bound.smt2
