#!/usr/bin/env bash
# Throughput of cvc5 in process (libcvc5 of a PyPI wheel, a fork child per
# query) against the cvc5 binary (a process per query), on the same formulas.
#
#   scripts/bench-cvc5.sh --lib PATH [--count N] [--timeout T] [--bin PATH] [--cvc5 PATH]
#
# --lib      the wheel's libcvc5 (cvc5.libs/libcvc5-*.so*), required
# --count    formulas exported (category random, seed 1): default 300
# --timeout  per query (default 2s)
# --cvc5     the binary (default: cvc5 on PATH; its version is printed: a
#            wheel ships no binary, so the two may be different releases)
#
# --execs    executions of the plain fuzz loop (default 200)
#
# For each target: `equifuzz run --jsonl` over the exported folder (files/s
# and the count per verdict), a trivial query file 100 times in one `run`
# (the per-query overhead alone), and `fuzz --engine plain --seed 1` for
# --execs executions (the same formulas for both: exec/s and the median
# solver call). Build first: cargo build --release.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
bin=target/release/equifuzz
count=300
execs=200
timeout=2s
lib=
cvc5=cvc5
while [ $# -gt 0 ]; do
  case "$1" in
    --lib) need_arg "$@"; lib=$2; shift 2 ;;
    --count) need_arg "$@"; count=$2; shift 2 ;;
    --execs) need_arg "$@"; execs=$2; shift 2 ;;
    --timeout) need_arg "$@"; timeout=$2; shift 2 ;;
    --bin) need_arg "$@"; bin=$2; shift 2 ;;
    --cvc5) need_arg "$@"; cvc5=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
[ -n "$lib" ] || { echo "bench-cvc5.sh: give --lib PATH (a wheel's libcvc5)" >&2; exit 2; }
[ -x "$bin" ] || { echo "bench-cvc5.sh: no $bin; run cargo build --release or pass --bin" >&2; exit 2; }
bin=$(realpath "$bin")
command -v jq >/dev/null || { echo "bench-cvc5.sh: needs jq" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" export --out "$work/formulas" --category random --count "$count" --seed 1 >/dev/null
mkdir -p "$work/trivial"
for i in $(seq 1 100); do
  printf '(set-info :status sat)\n(declare-const x String)\n(assert (= x "a"))\n(check-sat)\n' \
    >"$work/trivial/t$i.smt2"
done

# bench NAME TARGET-ARGS...: run both folders, print files/s and verdicts.
bench() {
  local name=$1; shift
  for set in formulas trivial; do
    local start end n
    start=$(date +%s.%N)
    "$bin" run "$work/$set" --jsonl --timeout "$timeout" "$@" >"$work/$name-$set.jsonl" 2>"$work/$name-$set.err" || true
    end=$(date +%s.%N)
    n=$(wc -l <"$work/$name-$set.jsonl")
    printf '%-12s %-9s %5d files in %6.1fs = %7.1f files/s   ' "$name" "$set" "$n" \
      "$(echo "$end - $start" | bc)" "$(echo "$n / ($end - $start)" | bc -l)"
    jq -r '.verdict | split(":")[0] | split(" (")[0]' "$work/$name-$set.jsonl" | sort | uniq -c |
      awk '{printf "%s %s, ", $2, $1} END {print ""}'
  done
  (cd "$work" && "$bin" fuzz --engine plain --seed 1 --max-execs "$execs" --timeout "$timeout" \
    --out "$work/fuzz-$name" "$@" 2>/dev/null || true) |
    awk -v n="$name" '/^executions:/ {e=$0} /^time:/ {sub(/.*median/, "median"); m=$0}
                      END {printf "%-12s plain     %s; %s\n", n, e, m}'
}

echo "in-process: $("$bin" run "$work/trivial/t1.smt2" --target cvc5 --solver-lib "$lib" 2>&1 >/dev/null | head -1)"
echo "binary:     $("$bin" run "$work/trivial/t1.smt2" --target "cmd:$(command -v "$cvc5") --lang smt2 --incremental --strings-exp --produce-models" 2>&1 >/dev/null | head -1)"
bench in-process --target cvc5 --solver-lib "$lib"
if [ "$cvc5" = cvc5 ]; then
  bench binary --target cvc5
else
  bench binary --target "cmd:$cvc5 --lang smt2 --incremental --strings-exp --produce-models"
fi
