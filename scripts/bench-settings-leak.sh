#!/usr/bin/env bash
# What keeping one case's Z3 settings out of the next query costs in the
# warm worker (benches/settings_leak.rs): per-query wall time with and
# without a setting, against a fresh context per query.
# Usage: scripts/bench-settings-leak.sh [RUNS] [LIBZ3] | [--runs N] [--solver-lib LIBZ3]
# It runs on the second core of the process's affinity set (CORE=ID names
# another core).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
runs=200
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) need_arg "$@"; runs=$2; shift 2 ;;
    --solver-lib) need_arg "$@"; export EQUIFUZZ_BENCH_LIB="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -le 2 ] || bad_arg "${positional[2]}"
[ ${#positional[@]} -lt 1 ] || runs=${positional[0]}
[ ${#positional[@]} -lt 2 ] || export EQUIFUZZ_BENCH_LIB="${positional[1]}"
export EQUIFUZZ_BENCH_RUNS=$runs
cd "$here/.."
if [ -n "${CORE:-}" ]; then
  exec taskset -c "$CORE" cargo bench --bench settings_leak
fi
pin 1 cargo bench --bench settings_leak
