#!/usr/bin/env bash
# Peak memory of 100,000 regex queries (target: flat, < 200 MB).
# Usage: scripts/bench-regex-memory.sh [QUERIES | --count N]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
queries=100000
while [ $# -gt 0 ]; do
  case "$1" in
    --count) need_arg "$@"; queries=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) queries=$1; shift ;;
  esac
done
cd "$here/.."
cargo build --release --example regex_memory
bin=target/release/examples/regex_memory
if [[ -x /usr/bin/time ]]; then
    log=$(mktemp)
    /usr/bin/time -v "$bin" "$queries" 2>"$log"
    grep -E "^query|Maximum resident set size|Elapsed" "$log"
    rm -f "$log"
else
    # Without GNU time, read the peak from the kernel (VmHWM).
    "$bin" "$queries" &
    pid=$!
    peak=0
    while kill -0 "$pid" 2>/dev/null; do
        hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
        (( hwm > peak )) && peak=$hwm
        sleep 0.2
    done
    wait "$pid"
    echo "Maximum resident set size (kbytes): $peak (sampled)"
fi
