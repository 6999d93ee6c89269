#!/usr/bin/env bash
# Executions per second per client of `fuzz --cores` with 1 client and with 2 clients (and 2+2
# in two campaigns joined with --join), side by side on this machine.
#
#   scripts/bench-clients.sh [--time T] [--solver-lib PATH] [--bin PATH] [--timeout T]
#
# Each run fuzzes for T (default 60s) from seed 1 under `nice -n 10`; the figures come from
# each client's own summary line (its executions over its run time). On a machine with two
# cores, two clients share them with everything else that runs, so the per-client rate says
# how much a second client adds. The clients run on the first cores of the process's affinity
# set (`--cores 1,2` where the set is {1,2}). Needs python3.
# Build first: cargo build --release.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
time_limit=60s
bin=target/release/equifuzz
timeout=2s
lib=(--solver-lib /usr/lib/x86_64-linux-gnu/libz3.so)
while [ $# -gt 0 ]; do
  case "$1" in
    --time) need_arg "$@"; time_limit=$2; shift 2 ;;
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

campaign() { # name cores-list port [extra...]
  local name=$1 list=$2 p=$3; shift 3
  nice -n 10 "$bin" fuzz --target z3 "${lib[@]}" --timeout "$timeout" --cores "$list" \
    --broker-port "$p" --time "$time_limit" --seed 1 --progress 1 --out "$work/$name" "$@" \
    >"$work/$name.out" 2>"$work/$name.err" || true
}

report() { # name
  # Each client prints its own summary on stdout: "executions: N in Ts (R/s)". (LibAFL's
  # monitor in stats.jsonl would count a joined campaign's link as one more client.)
  python3 - "$work/$1.out" "$1" <<'PY'
import re, sys
path, name = sys.argv[1], sys.argv[2]
rates = [float(m.group(3)) for m in
         (re.match(r"executions: (\d+) in ([\d.]+)s \(([\d.]+)/s\)", l) for l in open(path)) if m]
if not rates:
    print(f"{name:>12}: no client summary"); sys.exit()
per = " ".join(f"{r:.1f}" for r in rates)
print(f"{name:>12}: {len(rates)} client(s), total {sum(rates):.1f} exec/s, "
      f"per client {sum(rates) / len(rates):.1f} ({per})")
PY
}

echo "fuzz --cores for $time_limit each, ${lib[*]}, timeout $timeout"
one=$(cores_list 1)
two=$(cores_list 2)
campaign one "$one" "$port"
report one
campaign two "$two" "$((port + 2))"
report two
# Two campaigns of two clients, the second joined to the first.
campaign joined-root "$two" "$((port + 4))" &
root=$!
sleep 3
campaign joined-leaf "$two" "$((port + 6))" --join "127.0.0.1:$((port + 4))"
wait "$root"
report joined-root
report joined-leaf
