#!/bin/sh
# Per-query overhead of each solver target (in-process, fork, process) on a
# trivial string query. Usage: scripts/bench-solver.sh [runs]
# Prints median, p10 and p90 wall time in ms per target.
set -eu
cd "$(dirname "$0")/.."
EQUIFUZZ_BENCH_RUNS="${1:-200}" exec cargo bench --bench solver
