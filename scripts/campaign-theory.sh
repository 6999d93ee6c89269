#!/usr/bin/env bash
# Campaigns side by side, two at a time (one core each), then per campaign:
# executions, the count of every verdict, the findings counted, the campaign's
# buckets, and `triage` (one finding per bucket minimized, confirmed on the
# other solvers, bisected over the Z3 releases of the cache) with its statuses.
# Issue 30 ran it per theory (`--theory seq`, `--theory uf`); issue 29 runs the
# same solver with incremental cases and settings on and off (--flags).
#
#   scripts/campaign-theory.sh BIN [--theory all] [--time 30m] [--seed 53]
#       [--cores LIST] [--out DIR] [--flags NAME='FUZZ FLAGS']... NAME=TARGET:LIB...
#
# NAME=z3:LIBZ3 fuzzes a libz3 (`--target z3`), NAME=cvc5:LIBCVC5 a libcvc5 in
# process (`--target cvc5 --solver-lib`). --flags gives campaign NAME more
# `fuzz` flags, e.g. --flags z3-on='--incremental on --settings on'. Every
# campaign's findings are confirmed with every other solver named (`triage
# --with`; each library once, never the campaign's own). Campaigns
# run as many at once as --cores names, each pinned to one of them (default
# the first two cores of the process's affinity set, e.g. 0,1: in pairs);
# triage runs after all of them.
#
# Prints a Markdown table and writes DIR/summary.md; each campaign's
# DIR/NAME/report.md holds its buckets with their minimal formulas.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
time=30m
seed=53
theory=all
out=
core_list=
campaigns=()
declare -A flags=()
help_first "$@"
[ $# -ge 1 ] || { usage >&2; exit 2; }
bin=$(realpath -m -- "$1"); shift
while [ $# -gt 0 ]; do
  case "$1" in
    --theory) need_arg "$@"; theory=$2; shift 2 ;;
    --time) need_arg "$@"; time=$2; shift 2 ;;
    --seed) need_arg "$@"; seed=$2; shift 2 ;;
    --out) need_arg "$@"; out=$2; shift 2 ;;
    --cores) need_arg "$@"; core_list=$2; shift 2 ;;
    --flags) need_arg "$@"; [[ $2 == *=* ]] || usage_error "--flags takes NAME='FLAGS'"
             flags[${2%%=*}]=${2#*=}; shift 2 ;;
    *=z3:*|*=cvc5:*) campaigns+=("$1"); shift ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
[ -x "$bin" ] || usage_error "$bin is not an executable"
[ ${#campaigns[@]} -gt 0 ] || usage_error "name at least one NAME=z3:LIB or NAME=cvc5:LIB"
core_list=${core_list:-$(cores_list 2)}
for c in "${campaigns[@]}"; do
  lib=${c#*=}; lib=${lib#*:}
  [ -e "$lib" ] || usage_error "no $lib (scripts/install-solvers.sh)"
done
out=${out:-$(mktemp -d -t campaign-theory.XXXXXX)}
mkdir -p "$out"

run_one() { # NAME TARGET LIB CORE
  local name=$1 target=$2 lib=$3 core=$4
  local extra=()
  read -r -a extra <<<"${flags[$name]:-}"
  echo "== $name: --theory $theory $time ${extra[*]} on core $core ($target $lib)" >&2
  rm -rf "${out:?}/$name"
  taskset -c "$core" "$bin" fuzz --target "$target" --solver-lib "$lib" --theory "$theory" \
    --time "$time" --seed "$seed" --out "$out/$name" "${extra[@]}" >"$out/$name.log" 2>&1 || true
}

i=0
while [ $i -lt ${#campaigns[@]} ]; do
  pids=()
  for core in ${core_list//,/ }; do
    [ $i -lt ${#campaigns[@]} ] || break
    c=${campaigns[$i]}; name=${c%%=*}; spec=${c#*=}
    run_one "$name" "${spec%%:*}" "${spec#*:}" "$core" &
    pids+=($!)
    i=$((i + 1))
  done
  for p in "${pids[@]}"; do wait "$p" || true; done
done

summary=$out/summary.md
{
  echo "# campaign-theory: --theory $theory --time $time --seed $seed --cores $core_list ($(date -u +%FT%TZ))"
  echo "binary: $bin"
  echo
  for c in "${campaigns[@]}"; do
    [ -z "${flags[${c%%=*}]:-}" ] || echo "${c%%=*}: ${flags[${c%%=*}]}"
  done
  echo
  echo "| campaign | execs | verdicts | findings counted | campaign buckets | triage s | statuses |"
  echo "|---|---:|---|---:|---:|---:|---|"
} >"$summary"
for c in "${campaigns[@]}"; do
  name=${c%%=*}
  d=$out/$name
  [ -s "$d/stats.jsonl" ] || { echo "| $name | no statistics: see $d.log |" >>"$summary"; continue; }
  with=()
  own=${c#*=}; own=${own#*:}
  declare -A seen=([$own]=1)
  for o in "${campaigns[@]}"; do
    lib=${o#*=}; lib=${lib#*:}
    [ -n "${seen[$lib]:-}" ] || { with+=(--with "${o#*=}"); seen[$lib]=1; }
  done
  unset seen
  triage_s=-
  if ls "$d"/findings/*/*.smt2 >/dev/null 2>&1; then
    echo "== $name: triage" >&2
    t0=$(date +%s)
    "$bin" triage "$d" "${with[@]}" >"$d/triage.txt" 2>"$d/triage.stderr" || true
    triage_s=$(($(date +%s) - t0))
  fi
  statuses=$(grep -m1 '^New ' "$d/report.md" 2>/dev/null || echo "-")
  PYTHONPATH="$here" python3 - "$d" "$name" "$triage_s" "$statuses" >>"$summary" <<'PY'
import sys
from stats_jsonl import last
d, name, triage_s, statuses = sys.argv[1:]
last = last(d, "execs")
verdicts = ", ".join(f"{k} {v:,}" for k, v in sorted(last.get("verdicts", {}).items(), key=lambda kv: -kv[1]))
buckets = sum(last.get("buckets", {}).values()) if isinstance(last.get("buckets"), dict) else last.get("buckets", 0)
print(f"| {name} | {last.get('execs', 0):,} | {verdicts} | {last.get('found', 0):,} | {buckets} | {triage_s} | {statuses.strip()} |")
PY
done
cat "$summary"
echo "campaigns kept in $out" >&2
