#!/bin/sh
# What keeping one case's Z3 settings out of the next query costs in the
# warm worker (benches/settings_leak.rs): per-query wall time with and
# without a setting, against a fresh context per query.
# Usage: scripts/bench-settings-leak.sh [runs] [path/to/libz3.so]
set -eu
cd "$(dirname "$0")/.."
export EQUIFUZZ_BENCH_RUNS="${1:-200}"
if [ -n "${2:-}" ]; then export EQUIFUZZ_BENCH_LIB="$2"; fi
exec taskset -c "${CORE:-1}" cargo bench --bench settings_leak
