#!/usr/bin/env bash
# Per-query overhead of each solver target (in-process, fork, process) on a
# trivial string query. Usage: scripts/bench-solver.sh [RUNS | --runs N]
# Prints median, p10 and p90 wall time in ms per target.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
runs=200
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) need_arg "$@"; runs=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) runs=$1; shift ;;
  esac
done
cd "$here/.."
EQUIFUZZ_BENCH_RUNS=$runs exec cargo bench --bench solver
