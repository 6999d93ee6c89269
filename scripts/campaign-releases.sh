#!/usr/bin/env bash
# Fuzzes old Z3 releases one after the other and replays every finding on the newest Z3 and
# on cvc5, to tell the release's real bugs from our false alarms (issue 11).
#
#   scripts/campaign-releases.sh [--time 10m] [--out DIR] [--seed N] VERSION...
#
# Each VERSION (e.g. 4.8.5 4.8.9) is fetched with scripts/install-solvers.sh, fuzzed with
# `nice -n 10 equifuzz fuzz --target z3 --solver-lib LIB --time T --out DIR/z3-VERSION`,
# and then every finding under DIR/z3-VERSION/findings is replayed with `equifuzz run` on the
# newest Z3 wheel and on `cvc5` (when on PATH). Printed per release: the verdict counts of the
# campaign (the last line of its stats.jsonl) and, per finding, the verdict on each replay.
# A finding that the newest Z3 and cvc5 both judge correct is a bug of the old release or a
# false alarm of ours: read it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

time=10m
out=/tmp/equifuzz-releases
seed=1
versions=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) need_arg "$@"; time=$2; shift 2 ;;
    --out) need_arg "$@"; out=$2; shift 2 ;;
    --seed) need_arg "$@"; seed=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) versions+=("$1"); shift ;;
  esac
done
[ ${#versions[@]} -gt 0 ] || usage_error "name at least one Z3 release"

root=$(cd "$here/.." && pwd)
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
bin=$root/target/release/equifuzz
lib_of() { "$here/install-solvers.sh" z3 "$1" | awk '$3 == "lib" { print $4 }'; }
newest=$(lib_of latest)

for v in "${versions[@]}"; do
  lib=$(lib_of "$v")
  dir=$out/z3-$v
  rm -rf "$dir"; mkdir -p "$out"
  echo "== Z3 $v: $lib, $time"
  nice -n 10 "$bin" fuzz --target z3 --solver-lib "$lib" --time "$time" --seed "$seed" \
    --out "$dir" >"$dir.log" 2>&1 || true
  echo "verdicts: $(stats last "$dir" verdicts || true)"
  findings=$(find "$dir/findings" -name '*.smt2' 2>/dev/null | sort)
  echo "findings: $(echo "$findings" | grep -c . || true)"
  for f in $findings; do
    echo "-- $f"
    echo "   z3 $v: $(grep -m1 '^; got' "$f" || true)"
    echo "   newest z3: $("$bin" run "$f" --target z3 --solver-lib "$newest" 2>/dev/null | sed 's/^[^:]*: //')"
    if command -v cvc5 >/dev/null; then
      echo "   cvc5: $("$bin" run "$f" --target cvc5 2>/dev/null | sed 's/^[^:]*: //')"
    fi
  done
done
