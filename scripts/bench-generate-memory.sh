#!/usr/bin/env bash
# Peak memory and rate of streaming generation: N formulas (default
# 1,000,000) of constant assignment and of depth-3 term synthesis, each
# printed to SMT-LIB text, on the first core of the process's affinity set.
# The generators are lazy, so the peak resident set must not grow with N
# (the budget is 200 MB).
#
# Usage: scripts/bench-generate-memory.sh [N | --count N]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
n=1000000
while [ $# -gt 0 ]; do
  case "$1" in
    --count) need_arg "$@"; n=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) n=$1; shift ;;
  esac
done
cd "$here/.."
cargo bench --no-run --bench transform_constant_assignment --bench transform_term_synthesis >/dev/null 2>&1
for bench in transform_constant_assignment transform_term_synthesis; do
    exe=$(ls -t target/release/deps/${bench}-* | grep -v '\.d$' | head -1)
    out=$(EQUIFUZZ_STREAM="$n" pin 0 /usr/bin/time -f "peak_rss_kb %M" "$exe" 2>&1)
    echo "$out" | grep -v '^peak_rss_kb'
    kb=$(echo "$out" | awk '/^peak_rss_kb/ {print $2}')
    echo "  peak RSS: $((kb / 1024)) MB"
    if [ "$kb" -gt $((200 * 1024)) ]; then
        echo "  over the 200 MB budget" >&2
        exit 1
    fi
done
