#!/usr/bin/env bash
# The foundation's figures, as reported in the closing notes:
#  - formulas generated (and printed) per second on one core  -> criterion, benches/foundation.rs
#  - the median Z3 time per formula, and the share of fuzz wall time spent outside the solver
#    -> a timed `equifuzz fuzz` run on the installed Z3 (its summary prints both).
# Usage: scripts/measure-foundation.sh [FUZZ_TIME | --time T]   (default 60s)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
time_arg=60s
while [ $# -gt 0 ]; do
  case "$1" in
    --time) need_arg "$@"; time_arg=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) time_arg=$1; shift ;;
  esac
done
cd "$here/.."
cargo build --release --quiet
echo "== generation throughput (criterion; elements = formulas)"
cargo bench --quiet --bench foundation -- --warm-up-time 1 --measurement-time 5 generate 2>&1 \
  | grep -E "generate/|thrpt" || true
echo "== fuzz for $time_arg on the installed Z3"
out=$(mktemp -d)
./target/release/equifuzz fuzz --target z3 --time "$time_arg" --seed 1 --out "$out" 2>/dev/null || true
rm -rf "$out"
