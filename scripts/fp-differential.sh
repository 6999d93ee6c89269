#!/usr/bin/env bash
# Runs the differential test of the floating-point semantics
# (tests/fp_vs_solvers.rs) with N random terms per solver (default 100000)
# against every solver at hand, and the soft-float check
# (tests/fp_vs_softfloat.rs) with M random triples per format and mode
# (default 20000), and prints their count lines: the system libz3 (4.8.12
# on Debian), Z3 5.4.1, cvc5 1.4.2 in process (--fp-exp), the cvc5 binary
# on PATH (1.0.3, --fp-exp).
#
# Usage: scripts/fp-differential.sh [--terms N] [--soft M] [--seed S]
#   --terms N  random terms per solver (default 100000)
#   --soft M   random operand triples per format and mode (default 20000)
#   --seed S   the term generator's seed (default the test's)
# Solvers come from the release cache of scripts/install-solvers.sh
# (~/.cache/equifuzz/solvers/z3-5.4.1.0, cvc5-1.4.2); a missing one is
# reported as SKIPPED by the test. Takes about an hour on two cores, most
# of it cvc5's.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
terms=100000; soft=20000; seed=""
while [ $# -gt 0 ]; do
  case "$1" in
    --terms) need_arg "$@"; terms=$2; shift 2;;
    --soft) need_arg "$@"; soft=$2; shift 2;;
    --seed) need_arg "$@"; seed=$2; shift 2;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
export EQUIFUZZ_FP_TERMS=$terms EQUIFUZZ_FP_SOFT=$soft
[ -n "$seed" ] && export EQUIFUZZ_DIFF_SEED=$seed
out=$(mktemp -d /tmp/fp-differential.XXXXXX)
trap 'rm -rf "$out"' EXIT
cargo test -q --test fp_vs_solvers --test fp_vs_softfloat --no-run 2>/dev/null
echo "== APFloat, $soft random triples per format and mode"
nice -n 10 cargo test -q --test fp_vs_softfloat -- --nocapture >"$out/soft.log" 2>&1 \
  || echo "soft-float: the test FAILED (see below)"
grep -E 'agree|ns/op|panicked|disagree' "$out/soft.log" || true
for t in the_system_z3 z3_5_4_1 cvc5_1_4_2 the_cvc5_binary; do
  echo "== fp_semantics_agrees_with_$t, $terms random terms"
  nice -n 10 cargo test -q --test fp_vs_solvers "fp_semantics_agrees_with_$t" -- \
    --nocapture --exact >"$out/$t.log" 2>&1 || echo "$t: the test FAILED (see below)"
  grep -E '^COUNTS|^  DISAGREES|^  [0-9]+ x |SKIPPED|panicked' "$out/$t.log" | head -50 || true
done
