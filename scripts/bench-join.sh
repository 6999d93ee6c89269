#!/usr/bin/env bash
# How long corpus entries and findings take to cross between two joined campaigns, each way,
# and whether both end by themselves after --time.
#
#   scripts/bench-join.sh [--time T] [--solver-lib PATH] [--bin PATH] [--timeout T]
#
# A first campaign (`--cores` the first core of the process's affinity set, seed 1000) starts;
# 3 s later a second (`--cores` its second core, seed 2000, T) joins its broker. One client
# each, so a client's "imported" entries can only come from the other campaign. Times are seconds since the second campaign started, polled every 0.2 s:
# a corpus entry has crossed when the receiving client's live line (every 0.5 s) first shows
# "imported"; a finding has crossed when the receiver's findings/ first holds a file with the
# sender's seed in its name. A campaign of a real solver may make no finding in T: the line
# then says so. Build first: cargo build --release.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
time_limit=30
bin=target/release/equifuzz
timeout=2s
lib=(--solver-lib /usr/lib/x86_64-linux-gnu/libz3.so)
while [ $# -gt 0 ]; do
  case "$1" in
    --time) need_arg "$@"; time_limit=${2%s}; shift 2 ;;
    --bin) need_arg "$@"; bin=$2; shift 2 ;;
    --timeout) need_arg "$@"; timeout=$2; shift 2 ;;
    --solver-lib) need_arg "$@"; lib=(--solver-lib "$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
[ -x "$bin" ] || usage_error "no $bin; run cargo build --release or pass --bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
port=$((30000 + $$ % 10000))

campaign() { # name core seed port secs [extra...]
  local name=$1 core=$2 seed=$3 p=$4 secs=$5; shift 5
  nice -n 10 "$bin" fuzz --target z3 "${lib[@]}" --timeout "$timeout" --cores "$core" \
    --broker-port "$p" --time "${secs}s" --seed "$seed" --progress 0.5 --out "$work/$name" "$@" \
    >"$work/$name.out" 2>"$work/$name.err" || true
  date +%s.%N >"$work/$name.ended"
}
now() { date +%s.%N; }
since() { python3 -c "print(f'{$(now) - $1:.1f}')"; }

echo "two joined campaigns, ${lib[*]}, timeout $timeout; the second runs ${time_limit}s"
# One core each, the second the first's when the affinity set has one.
IFS=, read -r first_core second_core <<<"$(cores_list 2)"
second_core=${second_core:-$first_core}
campaign first "$first_core" 1000 "$port" $((time_limit + 5)) &
first=$!
sleep 3
started=$(now)
campaign second "$second_core" 2000 "$((port + 2))" "$time_limit" --join "127.0.0.1:$port" &
second=$!
declare -A at=()
while kill -0 "$second" 2>/dev/null || kill -0 "$first" 2>/dev/null; do
  [ -z "${at[entry12]:-}" ] && grep -q 'imported)' "$work/second.err" 2>/dev/null && at[entry12]=$(since "$started")
  [ -z "${at[entry21]:-}" ] && grep -q 'imported)' "$work/first.err" 2>/dev/null && at[entry21]=$(since "$started")
  [ -z "${at[finding12]:-}" ] && compgen -G "$work/second/findings/*/*-1000-*.smt2" >/dev/null && at[finding12]=$(since "$started")
  [ -z "${at[finding21]:-}" ] && compgen -G "$work/first/findings/*/*-2000-*.smt2" >/dev/null && at[finding21]=$(since "$started")
  sleep 0.2
done
wait || true
count() { find "$work/$1/findings" -name "*-$2-*.smt2" 2>/dev/null | wc -l; }
made1=$(count first 1000); made2=$(count second 2000)
ended() { python3 -c "print(f'{$(cat "$work/$1.ended") - $started:.1f}')"; }
show() { # key what made
  if [ -n "${at[$1]:-}" ]; then echo "  $2: first after ${at[$1]}s"
  elif [ "$3" = 0 ]; then echo "  $2: none made by the sender"
  else echo "  $2: never (the sender made $3)"; fi
}
show entry12 "corpus entry, first -> second" 1
show entry21 "corpus entry, second -> first" 1
show finding12 "finding, first -> second" "$made1"
show finding21 "finding, second -> first" "$made2"
echo "  findings made / taken in: first $made1 / $(count first 2000), second $made2 / $(count second 1000)"
echo "  ended (s since the second started): first $(ended first) (its --time ends at $((time_limit + 2))), second $(ended second) (--time ${time_limit})"
