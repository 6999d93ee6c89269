#!/usr/bin/env bash
# Peak memory and rate of `equifuzz export` over N formulas (default 1,000,000) of the endless
# random category (sat and unsat mixed), written to a temporary folder that is removed afterwards.
# THEORY (default all) is passed as --theory: `combined` draws only the combined cases.
# Usage: scripts/bench-export-memory.sh [N] [THEORY] | [--count N] [--theory THEORY]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
n=1000000
theory=all
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    --count) need_arg "$@"; n=$2; shift 2 ;;
    --theory) need_arg "$@"; theory=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -le 2 ] || bad_arg "${positional[2]}"
[ ${#positional[@]} -lt 1 ] || n=${positional[0]}
[ ${#positional[@]} -lt 2 ] || theory=${positional[1]}
cd "$here/.."
cargo build --release --quiet
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
/usr/bin/time -v ./target/release/equifuzz export --out "$out" --category random --count "$n" \
  --pool boundary --seed 1 --theory "$theory" 2> "$out.time" | tail -n 3
grep -E "Maximum resident set size|Elapsed \(wall clock\)" "$out.time"
echo "files: $(wc -l < "$out/manifest.jsonl"), disk: $(du -sh "$out" | cut -f1)"
rm -f "$out.time"
