#!/usr/bin/env bash
# Does coverage pay? A guided campaign against the same campaign with --no-coverage.
#
#   scripts/coverage-ablation.sh [--time 10m] [--seed N] [--solver-lib PATH] [--bin PATH]
#                                [--out DIR] [--timeout T] [--sequential] [--features-only]
#                                [--uninstrumented LIB] [--value-profile CMPLIB]
#                                [--guided-arg ARG]... [-- EXTRA FUZZ ARGS]
#
# Runs `equifuzz fuzz --target z3` twice for the same wall time, same seed, same solver
# library (default: the cached instrumented libz3 the fuzzer finds by itself, which must be
# instrumented): once guided by edge coverage, once with --no-coverage (coverage measured, not
# steering). Both runs go at once, each pinned to its own core of the process's affinity set
# with taskset (a one-core run each), unless --sequential or the set has one core. Prints,
# for each: executions, corpus size, edges covered (of those instrumented), findings; then the
# edge ratio guided/unguided.
# With --features-only the guided campaign runs `fuzz --features-only`: only the formula's
# features and the answer x time bucket steer, as on a library without instrumentation, while
# the edges are still counted; so the table says what guidance without instrumentation reaches,
# in edges of the instrumented build, against no guidance at all.
# With --uninstrumented LIB (a release libz3 of the same version, e.g. the PyPI wheel's), a
# third campaign runs at the same time on LIB, steered by what any build gives (the formula's
# features, the answer x time bucket, Z3's statistics); its corpus is then replayed on the
# instrumented library (`fuzz --seeds CORPUS --max-execs 1 --no-coverage`), and the edges that
# corpus reaches are set against the --no-coverage campaign's edges over all its executions.
# Three campaigns on two cores run unpinned, sharing the cores equally.
# With --value-profile CMPLIB (the same release built with scripts/build-z3.sh --trace-cmp), the
# guided campaign runs `fuzz --value-profile --solver-lib CMPLIB`: the solver's comparisons steer
# too. The --no-coverage campaign keeps --solver-lib, the build without the comparison callbacks,
# which is the quicker one; edges are counted on the same trace-pc-guard instrumentation in both.
# --guided-arg ARG (repeatable) goes to the guided campaign only (e.g. --guided-arg --len-control);
# what follows -- goes to every campaign.
# The campaigns stay under --out (default: a temporary folder, removed afterwards).
# Build first: cargo build --release.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
time=10m
seed=1
bin=target/release/equifuzz
timeout=2s
out=
sequential=0
guide=()
lib=()
extra=()
plain_lib=
cmp_lib=
features_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --time) need_arg "$@"; time=$2; shift 2 ;;
    --seed) need_arg "$@"; seed=$2; shift 2 ;;
    --bin) need_arg "$@"; bin=$2; shift 2 ;;
    --timeout) need_arg "$@"; timeout=$2; shift 2 ;;
    --out) need_arg "$@"; out=$2; shift 2 ;;
    --solver-lib) need_arg "$@"; lib=(--solver-lib "$2"); shift 2 ;;
    --sequential) sequential=1; shift ;;
    --features-only) guide+=(--features-only); features_only=1; shift ;;
    --guided-arg) need_arg "$@"; guide+=("$2"); shift 2 ;;
    --uninstrumented) need_arg "$@"; plain_lib=$2; shift 2 ;;
    --value-profile) need_arg "$@"; cmp_lib=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
[ -x "$bin" ] || usage_error "no $bin; run cargo build --release or pass --bin"
if [ -z "$out" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
rm -rf "$out/guided" "$out/unguided" "$out/uninstrumented" "$out/replay"
[ ${#cores[@]} -ge 2 ] || sequential=1
[ -z "$plain_lib" ] || [ -f "$plain_lib" ] || usage_error "no library $plain_lib"
[ -z "$cmp_lib" ] || [ -f "$cmp_lib" ] || usage_error "no library $cmp_lib"
[ -z "$cmp_lib" ] || [ "$features_only" = 0 ] || usage_error "--value-profile steers by edges too; not with --features-only"

run() { # NAME SLOT [FUZZ ARGS...]: SLOT the index of its core in the affinity set, or any
  local name=$1 slot=$2; shift 2
  local lib=("${lib[@]}")
  [ -z "$cmp_lib" ] || [ "$name" != guided ] || lib=(--solver-lib "$cmp_lib" --value-profile)
  local on=()
  [ "$sequential" = 1 ] || [ "$slot" = any ] || on=(pin "$slot")
  "${on[@]}" "$bin" fuzz --target z3 --time "$time" --seed "$seed" --timeout "$timeout" \
    --progress 30 --out "$out/$name" "${lib[@]}" "$@" "${extra[@]}" \
    >"$out/$name.stdout" 2>"$out/$name.stderr" || [ $? -eq 1 ] || {
      echo "$name failed:" >&2; tail -20 "$out/$name.stderr" >&2; return 1; }
}

echo "time $time, seed $seed, guided by $(if [ "$features_only" = 1 ]; then echo features only; else echo edges and features; fi)${cmp_lib:+ and the value profile}${guide[*]:+ (guided: ${guide[*]})}, $(if [ "$sequential" = 1 ]; then echo sequential; elif [ -n "$plain_lib" ]; then echo "three in parallel, unpinned"; else echo "in parallel, one core each"; fi)"
if [ "$sequential" = 1 ]; then
  run guided 0 "${guide[@]}"
  run unguided 0 --no-coverage
  if [ -n "$plain_lib" ]; then lib_saved=("${lib[@]}"); lib=(--solver-lib "$plain_lib"); run uninstrumented 0; lib=("${lib_saved[@]}"); fi
elif [ -n "$plain_lib" ]; then
  run guided any "${guide[@]}" & g=$!
  run unguided any --no-coverage & u=$!
  (lib=(--solver-lib "$plain_lib"); run uninstrumented any) & p=$!
  wait "$g"; wait "$u"; wait "$p"
else
  run guided 0 "${guide[@]}" & g=$!
  run unguided 1 --no-coverage & u=$!
  wait "$g"; wait "$u"
fi
if [ -n "$plain_lib" ]; then
  grep -h "^library:\|^coverage:" "$out/uninstrumented.stderr" | sed 's/^/uninstrumented   /'
  n=$(find "$out/uninstrumented/corpus" -maxdepth 1 -type f ! -name '.*' | wc -l)
  echo "replaying the uninstrumented campaign's corpus ($n files) on the instrumented library"
  "$bin" fuzz --target z3 --seed "$seed" --timeout "$timeout" --progress 3600 --max-execs 1 --no-coverage \
    --seeds "$out/uninstrumented/corpus" --out "$out/replay" "${lib[@]}" "${extra[@]}" \
    >"$out/replay.stdout" 2>"$out/replay.stderr" || [ $? -eq 1 ] || {
      echo "replay failed:" >&2; tail -20 "$out/replay.stderr" >&2; exit 1; }
  grep -h "^seeds:" "$out/replay.stderr" || true
fi
grep -h "^library:\|^coverage:" "$out/guided.stderr" | sed 's/^/guided   /'
grep -q "coverage: on" "$out/guided.stderr" ||
  usage_error "the library is not instrumented; build one with scripts/build-z3.sh"
PYTHONPATH="$here" python3 - "$out" <<'PY'
import sys
from stats_jsonl import records
rows = {}
for name in ("guided", "unguided"):
    lines = list(records(f"{sys.argv[1]}/{name}"))
    rows[name] = lines[-1]
    s = lines[-1]
    f = sum(s["findings"].values())
    print(f"{name:>9}: {s['execs']:>7} execs in {s['time']:6.0f}s ({s['execs_per_sec']:6.1f}/s) | "
          f"corpus {s['corpus']:>5} | edges {s['edges']:>6} of {s['edges_total']} | "
          f"findings {f} ({s['signatures']} signatures) | median solver {s['median_solver_ms']:.1f} ms")
g, u = rows["guided"]["edges"], rows["unguided"]["edges"]
print(f"edges guided/unguided: {g}/{u} = {g / max(u, 1):.3f}")
import os
if os.path.exists(f"{sys.argv[1]}/replay/stats.jsonl"):
    p = list(records(f"{sys.argv[1]}/uninstrumented"))[-1]
    r = list(records(f"{sys.argv[1]}/replay"))[-1]
    f = sum(p["findings"].values())
    print(f"uninstrumented: {p['execs']:>7} execs in {p['time']:6.0f}s ({p['execs_per_sec']:6.1f}/s) | "
          f"corpus {p['corpus']:>5} | findings {f} ({p['signatures']} signatures)")
    print(f"its corpus replayed on the instrumented library: {r['execs']} execs, edges {r['edges']} of {r['edges_total']}; "
          f"against the --no-coverage campaign's {u}: {r['edges'] / max(u, 1):.3f}")
# Edges over time, for the note: the first line at or after each minute.
for name in ("guided", "unguided"):
    lines = list(records(f"{sys.argv[1]}/{name}"))
    marks, nxt = [], 60
    for s in lines:
        if s["time"] >= nxt:
            marks.append(f"{int(s['time'] // 60)}m:{s['edges']}")
            nxt += 60
    print(f"{name:>9} edges by minute: {' '.join(marks)}")
PY
