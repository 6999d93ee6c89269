#!/usr/bin/env bash
# Runs the differential test of the real semantics (tests/real_vs_solvers.rs)
# against every solver at hand on the same terms, and prints its count lines:
# the system libz3 (4.8.12 on Debian), Z3 5.4.1 and cvc5 1.4.2 in process
# from the release cache, and the cvc5 binary on PATH (1.0.3). Each solver
# gets the test's flat terms (every operator on every pair of its constants)
# and N random nested terms of depth up to 3.
#
# Usage: scripts/real-vs-solvers.sh [--terms N] [--seed S]
#   --terms N  random nested terms per solver (default 100000)
#   --seed S   the nested terms' seed (default the test's)
# Solvers come from the release cache of scripts/install-solvers.sh
# (~/.cache/equifuzz/solvers/z3-5.4.1.0, cvc5-1.4.2); a missing one is
# reported as SKIPPED by the test. Exits 1 if the test fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
terms=100000; seed=""
while [ $# -gt 0 ]; do
  case "$1" in
    --terms) need_arg "$@"; terms=$2; shift 2;;
    --seed) need_arg "$@"; seed=$2; shift 2;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
export EQUIFUZZ_DIFF_TERMS=$terms
[ -n "$seed" ] && export EQUIFUZZ_DIFF_SEED=$seed
log=$(mktemp /tmp/real-vs-solvers.XXXXXX)
trap 'rm -f "$log"' EXIT
cargo test -q --test real_vs_solvers --no-run 2>/dev/null
status=0
nice -n 10 cargo test -q --test real_vs_solvers agrees -- --nocapture --test-threads 1 \
  >"$log" 2>&1 || status=1
grep -oE 'COUNTS.*|^  DISAGREES.*|^  [0-9]+ x .*|SKIPPED.*|panicked.*' "$log" || true
[ $status = 0 ] || echo "the test FAILED"
exit $status
