#!/usr/bin/env bash
# The steps of a solver repository's equifuzz CI job, runnable here as they run there:
# fuzz the solver's library for N minutes, triage the findings, keep the report, and fail
# only on a NEW bucket (one the newest Z3 release in the cache still fails and the known-bugs
# file does not list).
#
#   scripts/ci/fuzz-and-triage.sh --solver-lib LIB [--minutes N] [--out DIR] [--known FILE]
#                                 [--solver-option KEY=VALUE]... [--seed S] [--bin EQUIFUZZ]
#
# --solver-lib LIB   the libz3 the job built (its own checkout), or a release's wheel.
# --minutes N        fuzzing time (default 10); triage runs after it, as long as it needs.
# --out DIR          campaign folder (default equifuzz-out); DIR/report.md is the report.
# --known FILE       bugs already filed (bucket ids or one-line formulas, one a line).
# --bin EQUIFUZZ     the equifuzz binary (default: target/release/equifuzz of this checkout,
#                    built if missing).
# Releases to bisect over come from the cache of scripts/install-solvers.sh (the job fetches
# the oldest and the newest: scripts/install-solvers.sh z3 4.8.5 latest).
#
# Exit codes: 0 no new bucket (nothing found, or everything fixed, known or undecided);
# 1 a new bucket; 2 the job itself failed (no solver, bad input). Timing lines go to stderr.
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "fuzz-and-triage.sh: $*" >&2; exit 2; }

lib='' minutes=10 out=equifuzz-out known='' seed=1 bin='' opts=()
while [ $# -gt 0 ]; do
  case $1 in
    --solver-lib) lib=${2:?}; shift 2 ;;
    --minutes) minutes=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --known) known=${2:?}; shift 2 ;;
    --seed) seed=${2:?}; shift 2 ;;
    --solver-option) opts+=(--solver-option "${2:?}"); shift 2 ;;
    --bin) bin=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument $1 (--help for usage)" ;;
  esac
done
[ -n "$lib" ] || die "--solver-lib LIB is required"
[ -f "$lib" ] || die "$lib: no such library"
if [ -z "$bin" ]; then
  bin=$here/target/release/equifuzz
  [ -x "$bin" ] || (cd "$here" && cargo build --release)
fi

start=$(date +%s)
set +e
"$bin" fuzz --target z3 --solver-lib "$lib" "${opts[@]}" --time "${minutes}m" --seed "$seed" --out "$out"
fuzz_rc=$?
set -e
fuzzed=$(date +%s)
echo "fuzz: exit $fuzz_rc, $((fuzzed - start)) s" >&2
[ "$fuzz_rc" -le 1 ] || die "the campaign failed (exit $fuzz_rc)"
if [ "$fuzz_rc" -eq 0 ]; then
  "$bin" report "$out" >/dev/null
  echo "no finding: nothing to triage; report: $out/report.md" >&2
  exit 0
fi

args=(triage "$out")
[ -z "$known" ] || args+=(--known "$known")
set +e
"$bin" "${args[@]}"
triage_rc=$?
set -e
echo "triage: exit $triage_rc, $(( $(date +%s) - fuzzed )) s; report: $out/report.md" >&2
case $triage_rc in
  0) echo "no new bucket" >&2; exit 0 ;;
  1) echo "NEW bucket(s): see $out/report.md" >&2; exit 1 ;;
  *) die "triage failed (exit $triage_rc)" ;;
esac
