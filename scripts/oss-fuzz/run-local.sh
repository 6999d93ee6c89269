#!/usr/bin/env bash
# Builds the harness's libFuzzer targets on stable Rust and runs each, one at a time, printing
# executions per second, coverage and crashes.
#
#   scripts/oss-fuzz/run-local.sh [--time T] [--only NAME] [--z3-lib PATH] [--no-build] [--out DIR]
#
# T is libFuzzer's -max_total_time per target (`90`, `90s`, `10m`, `1h`; default 60s). No
# nightly is needed: the SanitizerCoverage passes cargo-fuzz asks rustc for (-Cpasses=sancov-module
# and the -sanitizer-coverage-* LLVM options: inline 8-bit counters, PC table, comparisons) are
# stable codegen flags, given here through RUSTFLAGS with an explicit --target, so build
# scripts and proc macros stay uninstrumented; only AddressSanitizer (-Zsanitizer) needs
# nightly, so these builds run without a sanitizer (OSS-Fuzz's image has nightly for it).
#
# z3_soundness loads the libz3 in EQUIFUZZ_Z3_LIB (--z3-lib; default the system one). libFuzzer
# sees only coverage recorded by inline 8-bit counters with a PC table, so a libz3 built with
# trace-pc-guard (scripts/build-z3.sh) runs but adds no solver coverage: for that, build libz3
# with -fsanitize=fuzzer-no-link as scripts/oss-fuzz/build.sh does.
#
# Each target runs under `nice -n 10` in libFuzzer's fork mode (-fork=1 -ignore_crashes=1), so
# a crash is saved (DIR/<target>/crashes/) and the run goes on; findings of z3_soundness are
# also written as equifuzz findings (DIR/z3_soundness/findings/, .smt2 with its replay line).
# The corpus stays in DIR/<target>/corpus (default DIR: /tmp/equifuzz-oss-fuzz), so a second
# run continues it.
set -euo pipefail
cd "$(dirname "$0")/../.."
time_limit=60s
only=""
z3_lib=""
build=1
out=/tmp/equifuzz-oss-fuzz
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time_limit=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --z3-lib) z3_lib=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-local.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
seconds() {
  case "$1" in
    *h) echo $(( ${1%h} * 3600 )) ;;
    *m) echo $(( ${1%m} * 60 )) ;;
    *s) echo "${1%s}" ;;
    *) echo "$1" ;;
  esac
}
secs=$(seconds "$time_limit")
host=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
bin=harness/target/$host/release
if [ "$build" = 1 ]; then
  nice -n 10 cargo build --release --manifest-path harness/Cargo.toml --target "$host" --bins
fi
targets=(roundtrip z3_soundness)
[ -n "$only" ] && targets=("$only")

summary=()
for t in "${targets[@]}"; do
  [ -x "$bin/$t" ] || { echo "run-local.sh: no $bin/$t (run without --no-build)" >&2; exit 2; }
  dir="$out/$t"
  mkdir -p "$dir/corpus" "$dir/crashes" "$dir/findings"
  args=(-max_total_time="$secs" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
        -timeout=20 -rss_limit_mb=4096 -artifact_prefix="$dir/crashes/" -print_final_stats=1)
  [ "$t" = roundtrip ] && args+=(-dict="$PWD/scripts/oss-fuzz/roundtrip.dict")
  env=()
  [ -n "$z3_lib" ] && env+=(EQUIFUZZ_Z3_LIB="$z3_lib")
  echo "== $t: ${secs}s${z3_lib:+ on $z3_lib}"
  log="$dir/libfuzzer.log"
  ( cd "$dir" && env "${env[@]}" EQUIFUZZ_FINDINGS="$dir/findings" \
      nice -n 10 "$OLDPWD/$bin/$t" "${args[@]}" corpus ) >"$log" 2>&1 || true
  # Fork mode's status lines: "#N: cov: C ft: F corp: K exec/s: E oom/timeout/crash: a/b/c time: Ts"
  last=$(grep -E '^#[0-9]+: cov: ' "$log" | tail -n 1 || true)
  if [ -z "$last" ]; then
    echo "   no status line; the end of $log:"; tail -n 20 "$log" | sed 's/^/   /'
    summary+=("$t: no status line (see $log)")
    continue
  fi
  execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
  cov=$(sed -E 's/.* cov: ([0-9]+).*/\1/' <<<"$last")
  ft=$(sed -E 's/.* ft: ([0-9]+).*/\1/' <<<"$last")
  corp=$(sed -E 's/.* corp: ([0-9]+).*/\1/' <<<"$last")
  rate=$(sed -E 's/.* exec\/s: ([0-9]+).*/\1/' <<<"$last")
  otc=$(sed -E 's/.* oom\/timeout\/crash: ([0-9]+\/[0-9]+\/[0-9]+).*/\1/' <<<"$last")
  crashes=$(find "$dir/crashes" -maxdepth 1 -name 'crash-*' | wc -l)
  findings=$(find "$dir/findings" -name '*.smt2' | wc -l)
  line="$t: ${execs} execs in ${secs}s, ${rate} exec/s; cov ${cov} edges, ft ${ft}, corpus ${corp}; oom/timeout/crash ${otc}; crash files ${crashes}; equifuzz findings ${findings}"
  echo "   $line"
  summary+=("$line")
done
echo "== summary (corpus and crashes under $out)"
printf '%s\n' "${summary[@]}"
