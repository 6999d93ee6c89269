#!/usr/bin/env bash
# Search efficiency (issue 13): the binary of a base commit against this checkout, side by side.
#
#   scripts/bench-efficiency.sh [--base REV] [--minutes N] [--solver-lib PATH] [--seed S]
#                               [--timeout T] [--skip-deadline] [--skip-campaign]
#
# Builds both binaries (the base in a temporary `git worktree` of REV, default 9b8a871, in a copy
# of this checkout's target/release, so only equifuzz itself recompiles: sharing one target dir
# between two checkouts of one crate confuses cargo's fingerprints), then:
#  1. Deadline cost: a fake libz3 (C, built with cc) that answers `sat` at once, and hangs on
#     every 5th formula; 60 executions with --timeout 300ms, with and without the hangs, per
#     binary. Wall time added per missed deadline = (wall with hangs - wall without) / misses:
#     the deadline itself (at most 300 ms) plus what the miss costs beyond it (a client restart
#     before, a worker kill and fork after).
#  2. Campaign: both binaries at once, `nice -n 10`, each pinned to a core of its own with
#     taskset (base on the first core of the process's affinity set, new on the second;
#     sharing it when the set has one), same seed, N minutes (default 10) each on the same
#     libz3 (default: the Z3 4.8.14 wheel's, fetched by scripts/install-solvers.sh),
#     `fuzz --target z3`. Prints per binary:
#     execs/s, answered queries (sat/unsat, right or wrong) per hour, restarts, corpus size,
#     findings, and per verdict the count and solver seconds (where the binary records them).
# Needs python3, cc. Output under /tmp/bench-efficiency.<pid> (removed at the end, but the
# campaigns' stats.jsonl files and findings/ folders are kept in /tmp/bench-efficiency-out/).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
base=9b8a871
minutes=10
lib=
seed=1
timeout=2s
deadline=1
campaign=1
while [ $# -gt 0 ]; do
  case "$1" in
    --base) need_arg "$@"; base=$2; shift 2 ;;
    --minutes) need_arg "$@"; minutes=$2; shift 2 ;;
    --solver-lib) need_arg "$@"; lib=$2; shift 2 ;;
    --seed) need_arg "$@"; seed=$2; shift 2 ;;
    --timeout) need_arg "$@"; timeout=$2; shift 2 ;;
    --skip-deadline) deadline=0; shift ;;
    --skip-campaign) campaign=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
if [ -z "$lib" ]; then
  lib=$(scripts/install-solvers.sh z3 4.8.14 | awk '$3 == "lib" { print $4 }')
  [ -n "$lib" ] || usage_error "no Z3 4.8.14 wheel (offline?); pass --solver-lib"
fi
work=/tmp/bench-efficiency.$$
mkdir -p "$work"
repo=$(pwd)
cleanup() {
  git -C "$repo" worktree remove --force "$work/base-src" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== building base $base and this checkout"
git worktree add --detach "$work/base-src" "$base" >/dev/null 2>&1
nice -n 10 cargo build --release --quiet
cp target/release/equifuzz "$work/equifuzz-new"
mkdir -p "$work/base-target"
cp -a target/release "$work/base-target/"
rm -rf "$work/base-target/release/incremental"
(cd "$work/base-src" && nice -n 10 cargo build --release --quiet --target-dir "$work/base-target")
cp "$work/base-target/release/equifuzz" "$work/equifuzz-base"
rm -rf "$work/base-target"
if cmp -s "$work/equifuzz-base" "$work/equifuzz-new"; then
  die "the two binaries are identical; nothing to compare"
fi

if [ "$deadline" = 1 ]; then
  echo "== deadline cost (fake libz3: answers at once, hangs on every 5th formula; --timeout 300ms)"
  cat >"$work/fake.c" <<'C'
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
void *Z3_mk_config(void) { return calloc(1, 8); }
void Z3_del_config(void *c) { free(c); }
void *Z3_mk_context(void *c) { (void)c; return calloc(1, 8); }
void Z3_del_context(void *c) { free(c); }
void Z3_set_error_handler(void *c, void *h) { (void)c; (void)h; }
void Z3_global_param_set(const char *n, const char *v) { (void)n; (void)v; }
void Z3_get_version(unsigned *a, unsigned *b, unsigned *c, unsigned *d) { *a = 4; *b = 8; *c = 12; *d = 0; }
const char *Z3_get_full_version(void) { return "Z3 4.8.12.0 (fake)"; }
const char *Z3_eval_smtlib2_string(void *ctx, const char *s) {
    (void)ctx;
    unsigned long h = 5381;
    for (const char *p = s; *p; p++) h = h * 33 + (unsigned char)*p;
    if (getenv("FAKE_HANG") && strstr(s, "(assert") && h % 5 == 0) for (;;) pause();
    return "sat\n";
}
C
  cc -shared -fPIC -O1 -o "$work/libz3-fake.so" "$work/fake.c"
  for bin in base new; do
    for mode in calm hang; do
      out="$work/deadline-$bin-$mode"
      if [ "$mode" = hang ]; then export FAKE_HANG=1; else unset FAKE_HANG; fi
      start=$(date +%s.%N)
      (cd "$work" && "$work/equifuzz-$bin" fuzz --target z3 --solver-lib "$work/libz3-fake.so" --max-execs 60 \
        --timeout 300ms --seed "$seed" --progress 3600 --out "$out" >/dev/null 2>"$out.stderr") || true
      end=$(date +%s.%N)
      echo "$start $end" >"$out.wall"
    done
  done
  unset FAKE_HANG
  PYTHONPATH="$here" python3 - "$work" <<'PY'
import sys
from stats_jsonl import records
w = sys.argv[1]
for b in ("base", "new"):
    def get(mode):
        s, e = map(float, open(f"{w}/deadline-{b}-{mode}.wall").read().split())
        try:
            last = list(records(f"{w}/deadline-{b}-{mode}"))[-1]
        except (OSError, IndexError):
            err = open(f"{w}/deadline-{b}-{mode}.stderr").read()[-600:]
            print(f"{b:>5}: the {mode} run left no statistics:\n{err}")
            return None
        return e - s, last
    runs = get("calm"), get("hang")
    if None in runs:
        continue
    (calm, lc), (hang, lh) = runs
    miss = lh["verdicts"].get("timeout", 0)
    per = (hang - calm) / miss if miss else float("nan")
    print(f"{b:>5}: 60 execs, {miss} missed deadlines, {lh['restarts']} restarts; wall {calm:.2f}s calm, "
          f"{hang:.2f}s with hangs: {1e3 * per:.0f} ms of wall per missed deadline (deadline <= 300 ms included)")
PY
fi

if [ "$campaign" = 1 ]; then
  echo "== campaign: $minutes min each, side by side, seed $seed, --timeout $timeout, $lib"
  i=0
  for bin in base new; do
    (cd "$work" && pin "$i" nice -n 10 "$work/equifuzz-$bin" fuzz --target z3 --solver-lib "$lib" --time "${minutes}m" \
      --timeout "$timeout" --seed "$seed" --progress 30 --out "$work/campaign-$bin" \
      >"$work/campaign-$bin.stdout" 2>"$work/campaign-$bin.stderr" || true) &
    i=$((i + 1))
  done
  wait
  mkdir -p /tmp/bench-efficiency-out
  for bin in base new; do
    cp "$work/campaign-$bin/stats.jsonl" "/tmp/bench-efficiency-out/$bin.stats.jsonl"
    rm -rf "/tmp/bench-efficiency-out/$bin.findings"
    if [ -d "$work/campaign-$bin/findings" ]; then
      cp -r "$work/campaign-$bin/findings" "/tmp/bench-efficiency-out/$bin.findings"
    fi
  done
  PYTHONPATH="$here" python3 - "$work" <<'PY'
import sys
from stats_jsonl import records
w = sys.argv[1]
answered = ["sat", "unsat", "imprecise-core", "incomplete", "unsound", "invalid-model", "invalid-core", "label-contradicted"]
rows = {}
for b in ("base", "new"):
    last = list(records(f"{w}/campaign-{b}"))[-1]
    v = last["verdicts"]
    ans = sum(v.get(k, 0) for k in answered)
    rows[b] = last
    print(f"{b:>5}: {last['execs']} execs in {last['time']:.0f}s = {last['execs_per_sec']:.1f}/s; "
          f"answered {ans} = {3600 * ans / last['time']:.0f}/h; restarts {last['restarts']}; corpus {last['corpus']}; "
          f"findings {sum(last['findings'].values())}; median solver call {last['median_solver_ms']:.1f} ms; "
          f"in solver {100 * last['in_solver']:.0f}%")
    secs = last.get("verdict_secs", {})
    for k in sorted(v):
        extra = f", {secs[k]:.1f} s in the solver" if k in secs else ""
        print(f"         {k:>15}: {v[k]}{extra}")
b, n = rows["base"], rows["new"]
def ans(r):
    return sum(r["verdicts"].get(k, 0) for k in answered) / r["time"]
print(f"ratio new/base: execs/s {n['execs_per_sec'] / b['execs_per_sec']:.2f}x, answered/hour {ans(n) / ans(b):.2f}x")
PY
fi
