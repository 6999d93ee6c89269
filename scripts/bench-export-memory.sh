#!/usr/bin/env bash
# Peak memory and rate of `equifuzz export` over N formulas (default 1,000,000) of the endless
# random category (sat and unsat mixed), written to a temporary folder that is removed afterwards.
# THEORY (default all) is passed as --theory: `combined` draws only the combined cases.
# Usage: scripts/bench-export-memory.sh [N] [THEORY]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
theory=${2:-all}
cargo build --release --quiet
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
/usr/bin/time -v ./target/release/equifuzz export --out "$out" --category random --count "$n" \
  --pool boundary --seed 1 --theory "$theory" 2> "$out.time" | tail -n 3
grep -E "Maximum resident set size|Elapsed \(wall clock\)" "$out.time"
echo "files: $(wc -l < "$out/manifest.jsonl"), disk: $(du -sh "$out" | cut -f1)"
rm -f "$out.time"
