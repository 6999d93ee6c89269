#!/usr/bin/env bash
# Peak memory and throughput of the regex export (issue 9's targets: < 200 MB, >= 20,000
# formulas/s for the endless sat categories), each run measured side by side in one go:
#   1. `equifuzz export --theory regex --count N` (the default regex categories);
#   2. each sat category alone (`--category C --count N`).
# The files go to DIR (default: a folder in /dev/shm, a tmpfs, when there is one): on a loaded
# shared disk, 100,000 small files take minutes whatever the generator does (measured: ~300
# files/s on this machine's disk against ~25,000/s of CPU).
# With --before BIN (an older equifuzz binary, e.g. a copy of target/release/equifuzz built
# from an earlier commit), every run is made with BIN and then with this tree's build, one
# after the other, so both are measured under the same load.
# Usage: scripts/bench-regex-export.sh [--count N] [--dir DIR] [--before BIN] (default 100000)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
count=100000; base=""; before=""
[ -d /dev/shm ] && [ -w /dev/shm ] && base=/dev/shm
while [ $# -gt 0 ]; do
  case "$1" in
    --count) need_arg "$@"; count=$2; shift 2;;
    --dir) need_arg "$@"; base=$2; shift 2;;
    --before) need_arg "$@"; before=$2; shift 2;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
cargo build --release --quiet
bin=./target/release/equifuzz
dir=$(mktemp -d ${base:+-p "$base"})
trap 'rm -rf "$dir"' EXIT
echo "writing to $dir (load average: $(cut -d' ' -f1 /proc/loadavg))"
# files/s is wall clock (what a user waits); files/CPU-s divides by the process' user + system
# time, the rate of one idle core, since the machine is shared.
printf '%-62s %10s %10s %12s %14s\n' run files "peak MB" "files/s" "files/CPU-s"
measure() {
  local bin=$1 name=$2; shift 2
  rm -rf "$dir/out"
  /usr/bin/time -f '%M %e %U %S' -o "$dir/time" nice -n 10 "$bin" export --out "$dir/out" "$@" \
    > "$dir/stdout" 2>/dev/null
  read -r kb secs user sys < "$dir/time"
  local files rate
  files=$(wc -l < "$dir/out/manifest.jsonl")
  # The rate export reports itself (its own clock, without process start-up).
  rate=$(sed -n 's/.*(\([0-9]*\)\/s)$/\1/p' "$dir/stdout")
  printf '%-62s %10s %10.1f %12s %14.0f\n' "$name" "$files" "$(echo "$kb / 1024" | bc -l)" \
    "$rate" "$(echo "$files / ($user + $sys)" | bc -l)"
}
both() {
  local name=$1; shift
  if [ -n "$before" ]; then
    measure "$before" "before: $name" "$@"
    measure "$bin" "after:  $name" "$@"
  else
    measure "$bin" "$name" "$@"
  fi
}
both "--theory regex --count $count" --theory regex --count "$count"
for cat in regex-membership regex-constant-assignment regex-term-synthesis; do
  both "--category $cat --count $count" --category "$cat" --count "$count"
done
