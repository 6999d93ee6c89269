#!/usr/bin/env bash
# Peak memory and throughput of the regex export (issue 9's targets: < 200 MB, >= 20,000
# formulas/s for the endless sat categories), each run measured side by side in one go:
#   1. `equifuzz export --theory regex --count N` (the default regex categories);
#   2. each sat category alone (`--category C --count N`).
# Usage: scripts/bench-regex-export.sh [--count N] (default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
count=100000
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2;;
    -h|--help) sed -n 2,7p "$0"; exit 0;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2;;
  esac
done
cargo build --release --quiet
bin=./target/release/equifuzz
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%-44s %10s %10s %12s\n' run files "peak MB" "files/s"
measure() {
  local name=$1; shift
  rm -rf "$dir/out"
  /usr/bin/time -f '%M %e' -o "$dir/time" nice -n 10 "$bin" export --out "$dir/out" "$@" \
    > "$dir/stdout" 2>/dev/null
  read -r kb secs < "$dir/time"
  local files rate
  files=$(wc -l < "$dir/out/manifest.jsonl")
  # The rate export reports itself (its own clock, without process start-up).
  rate=$(sed -n 's/.*(\([0-9]*\)\/s)$/\1/p' "$dir/stdout")
  printf '%-44s %10s %10.1f %12s\n' "$name" "$files" "$(echo "$kb / 1024" | bc -l)" "$rate"
}
measure "--theory regex --count $count" --theory regex --count "$count"
for cat in regex-membership regex-constant-assignment regex-term-synthesis; do
  measure "--category $cat --count $count" --category "$cat" --count "$count"
done
