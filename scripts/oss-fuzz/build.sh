#!/bin/bash -eu
# OSS-Fuzz build script (also ClusterFuzzLite's): builds libz3 with the compilers and flags
# OSS-Fuzz sets ($CC $CXX $CFLAGS $CXXFLAGS: -fsanitize=fuzzer-no-link and the sanitizer), so its
# coverage instrumentation and sanitizer land in the solver; then the Rust harness with
# `cargo fuzz build -O`; then copies each target to $OUT with its seed corpus and dictionary.
#
# Outside Docker the same script runs with the variables set by hand, e.g.
#   SRC=/path/with/z3-and-equifuzz OUT=/tmp/out WORK=/tmp/work CC=clang CXX=clang++ \
#   CFLAGS="-O1 -fsanitize=fuzzer-no-link" CXXFLAGS="$CFLAGS" SANITIZER=none bash build.sh
# (see scripts/oss-fuzz/README.md).
# OSS-Fuzz runs this with `bash -eux`; a run by hand (`bash build.sh`) ignores the shebang's
# flags, so they are set here too: a failed Z3 build must stop the script, not ship no library.
set -eu
SRC=${SRC:?} OUT=${OUT:?} WORK=${WORK:-$SRC/work}
EQUIFUZZ=${EQUIFUZZ:-$SRC/equifuzz}
Z3=${Z3:-$SRC/z3}
SANITIZER=${SANITIZER:-address}
JOBS=${JOBS:-$(nproc)}
mkdir -p "$OUT" "$WORK"

# 1. libz3, instrumented. Release build without OpenMP (the fuzzer runs one query at a time).
# A sanitizer's runtime is linked into the fuzz target, not the library: -fsanitize=fuzzer-no-link
# in CFLAGS instruments without pulling libFuzzer's main in. Z3_LIB=/path/libz3.so skips the
# build and copies that library instead (a machine without cmake or time for a Z3 build).
mkdir -p "$OUT/lib"
if [ -n "${Z3_LIB:-}" ]; then
  cp -L "$Z3_LIB" "$OUT/lib/libz3.so"
else
cmake -S "$Z3" -B "$WORK/z3" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DZ3_BUILD_LIBZ3_SHARED=ON -DZ3_BUILD_EXECUTABLE=OFF -DZ3_BUILD_TEST_EXECUTABLES=OFF \
  -DZ3_ENABLE_EXAMPLE_TARGETS=OFF -DZ3_USE_LIB_GMP=OFF -DZ3_SINGLE_THREADED=ON
ninja -C "$WORK/z3" -j "$JOBS" libz3
cp -L "$WORK/z3/libz3.so" "$OUT/lib/libz3.so"
fi

# 2. The harness. cargo fuzz passes the sanitizer and sancov flags to rustc (nightly in the
# image); the targets dlopen libz3 at run time from EQUIFUZZ_Z3_LIB or beside themselves.
cd "$EQUIFUZZ"
if [ "$SANITIZER" = none ]; then
  # Outside OSS-Fuzz, on stable Rust: the same sancov flags cargo fuzz sets, no sanitizer.
  host=$(rustc -vV | sed -n 's/^host: //p')
  RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks" \
    cargo build --release --manifest-path harness/Cargo.toml --target "$host" --bins
  built=harness/target/$host/release
else
  cargo fuzz build -O --fuzz-dir harness
  built=harness/target/x86_64-unknown-linux-gnu/release
fi
for t in z3_soundness roundtrip; do
  cp "$built/$t" "$OUT/$t"
done
# ClusterFuzz runs a target with no variables of ours: z3_soundness loads lib/libz3.so beside
# itself when EQUIFUZZ_Z3_LIB is not set.
cat > "$OUT/z3_soundness.options" <<OPTIONS
[libfuzzer]
timeout = 25
rss_limit_mb = 4096
OPTIONS

# 3. Seed corpora and dictionary. roundtrip: equifuzz's exported cases (`export --category
# random`: sat and unsat, strings and regex, grown by chains) as SMT-LIB text, each behind the
# byte 0 that selects roundtrip's text mode. z3_soundness: recipe bytes (any bytes are a
# recipe), a fixed set of 256.
cd "$EQUIFUZZ"
cargo build --release --bin equifuzz
rm -rf "$WORK/export" "$WORK/seeds"
"$EQUIFUZZ/target/release/equifuzz" export --out "$WORK/export" --category random --count 300 --seed 1
mkdir -p "$WORK/seeds/roundtrip" "$WORK/seeds/z3_soundness"
i=0
for f in $(find "$WORK/export" -name '*.smt2' | sort); do
  { printf '\x00'; cat "$f"; } > "$WORK/seeds/roundtrip/smt2-$i"; i=$((i + 1))
done
python3 - "$WORK/seeds/z3_soundness" <<'PY'
import hashlib, sys
for i in range(256):
    data = b"".join(hashlib.sha256(f"{i}:{k}".encode()).digest() for k in range(4))
    open(f"{sys.argv[1]}/recipe-{i:03d}", "wb").write(data)
PY
rm -f "$OUT/roundtrip_seed_corpus.zip" "$OUT/z3_soundness_seed_corpus.zip"
(cd "$WORK/seeds/roundtrip" && zip -q -r "$OUT/roundtrip_seed_corpus.zip" .)
(cd "$WORK/seeds/z3_soundness" && zip -q -r "$OUT/z3_soundness_seed_corpus.zip" .)
cp "$EQUIFUZZ/scripts/oss-fuzz/roundtrip.dict" "$OUT/roundtrip.dict"
