#!/usr/bin/env bash
# Runs the differential test of the bit-vector and array semantics
# (tests/combined_vs_solvers.rs) against every solver at hand, side by side
# on the same terms, and prints its count lines: the system libz3 (4.8.12 on
# Debian), Z3 5.4.1 in process, the cvc5 binary on PATH (1.0.3), and cvc5
# 1.4.2 in process. Each solver gets N combined terms and N/50 terms over
# RegLan-keyed arrays.
#
# Usage: scripts/combined-vs-solvers.sh [--terms N] [--seed S]
#   --terms N  terms per solver (default 10000)
#   --seed S   the generator's seed (default the test's)
# Solvers come from the release cache of scripts/install-solvers.sh
# (~/.cache/equifuzz/solvers/z3-5.4.1.0, cvc5-1.4.2); a missing one is
# reported as SKIPPED by the test.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
terms=10000; seed=""
while [ $# -gt 0 ]; do
  case "$1" in
    --terms) need_arg "$@"; terms=$2; shift 2;;
    --seed) need_arg "$@"; seed=$2; shift 2;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
cache=${EQUIFUZZ_CACHE:-$HOME/.cache/equifuzz}
export EQUIFUZZ_DIFF_TERMS=$terms
[ -n "$seed" ] && export EQUIFUZZ_DIFF_SEED=$seed
out=$(mktemp -d /tmp/combined-vs-solvers.XXXXXX)
trap 'rm -rf "$out"' EXIT
cargo test -q --test combined_vs_solvers --no-run 2>/dev/null
run() { # name, env..., test filter
  local name=$1; shift
  env "$@" nice -n 10 cargo test -q --test combined_vs_solvers -- --nocapture --test-threads 1 \
    >"$out/$name.log" 2>&1 || echo "$name: the test FAILED (see below)"
  grep -E '^COUNTS|^  DISAGREES|^  [0-9]+ x |SKIPPED|panicked' "$out/$name.log" || true
}
echo "== system libz3, cvc5 on PATH, cvc5 1.4.2 in process"
run system EQUIFUZZ_CVC5_LIB="$(ls "$cache"/solvers/cvc5-1.4.2/x/cvc5.libs/libcvc5-*.so* 2>/dev/null | grep -v parser | head -1)"
z3_541="$cache/solvers/z3-5.4.1.0/x/z3/lib/libz3.so"
if [ -e "$z3_541" ]; then
  echo "== Z3 5.4.1"
  EQUIFUZZ_Z3_LIB=$z3_541 nice -n 10 cargo test -q --test combined_vs_solvers \
    combined_semantics_agrees_with_z3 -- --nocapture >"$out/z3-541.log" 2>&1 || echo "z3 5.4.1: the test FAILED"
  grep -E '^COUNTS|^  DISAGREES|^  [0-9]+ x |panicked' "$out/z3-541.log" || true
else
  echo "SKIPPED: Z3 5.4.1 (run scripts/install-solvers.sh z3 5.4.1.0)"
fi
