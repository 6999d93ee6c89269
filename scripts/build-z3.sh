#!/usr/bin/env bash
# Builds a sancov-instrumented libz3.so for `equifuzz fuzz` (coverage on).
#
#   scripts/build-z3.sh [--scope theory|full] [--version V] [--src DIR | --from crate|pypi]
#                       [--crate-version CV] [--trace-cmp] [--cache DIR] [--jobs N] [--dry-run]
#
# --scope theory (default): -fsanitize-coverage=trace-pc-guard only in the string,
#                           sequence and regex code (an allowlist); the rest runs at full speed.
# --scope full:             every function instrumented (about 1.1 M edges, ~2x slower Z3).
# --trace-cmp               also -fsanitize-coverage=trace-cmp in the same functions: every integer
#                           comparison calls back, which `fuzz --value-profile` turns into a map
#                           (libFuzzer's value profile). The library lands in <V>-<scope>-cmp.
#                           With --scope theory and the plain theory build already made, only the
#                           allowlisted files (28 for 5.3.3) are compiled again, in a copy of that
#                           build, and the library relinked: minutes instead of the full build,
#                           since the allowlist leaves every other object file unchanged.
# --version V               Z3 version (default 5.3.3); names the cache folder.
# --from crate (default)    source from the z3-src crate (crates.io), fetched with `cargo vendor`;
#                           --crate-version CV overrides the crate version (default: for Z3 a.b.c,
#                           the crate a0b.c.0, e.g. 5.3.3 -> 503.3.0).
# --from pypi               source from the z3-solver sdist on PyPI (version V, e.g. 4.13.0.0).
# --src DIR                 source from a Z3 checkout (a folder with CMakeLists.txt and src/).
# --cache DIR               cache root (default $EQUIFUZZ_CACHE, else $XDG_CACHE_HOME/equifuzz,
#                           else ~/.cache/equifuzz). The library lands in
#                           <cache>/z3/<V>-<scope>/lib/libz3.so, where equifuzz looks for it.
# --jobs N                  parallel compile jobs (default: all cores).
# --dry-run                 print what would be done, change nothing.
#
# Idempotent: a library built with the same version, scope, source and allowlist is reused at
# once. It installs what it lacks: clang-19, libc++-19 (apt), cmake >= 3.26 and ninja (pip, in a
# venv under the cache). The last line printed is `libz3: PATH`. Build time (wall, peak memory)
# is kept in <cache>/z3/<V>-<scope>/build-time.txt.
set -euo pipefail

scope=theory
version=5.3.3
from=crate
src_dir=
crate_version=
cache=${EQUIFUZZ_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/equifuzz}
jobs=$(nproc 2>/dev/null || echo 2)
dry=0
trace_cmp=0

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "build-z3.sh: $*" >&2; echo "run scripts/build-z3.sh --help for usage" >&2; exit 2; }
need_arg() { [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --scope) need_arg "$@"; scope=$2; shift 2 ;;
    --version) need_arg "$@"; version=$2; shift 2 ;;
    --from) need_arg "$@"; from=$2; shift 2 ;;
    --src) need_arg "$@"; src_dir=$2; from=checkout; shift 2 ;;
    --crate-version) need_arg "$@"; crate_version=$2; shift 2 ;;
    --cache) need_arg "$@"; cache=$2; shift 2 ;;
    --jobs) need_arg "$@"; jobs=$2; shift 2 ;;
    --trace-cmp) trace_cmp=1; shift ;;
    --dry-run) dry=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1'" ;;
  esac
done

case "$scope" in theory|full) ;; *) die "--scope must be theory or full, not '$scope'" ;; esac
case "$from" in crate|pypi|checkout) ;; *) die "--from must be crate or pypi, not '$from'" ;; esac
[[ "$version" =~ ^[0-9]+(\.[0-9]+)+$ ]] || die "--version must look like 5.3.3, not '$version'"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "--jobs must be a positive number, not '$jobs'"
if [ "$from" = checkout ]; then
  [ -f "$src_dir/CMakeLists.txt" ] && [ -d "$src_dir/src" ] || die "--src $src_dir is not a Z3 checkout (no CMakeLists.txt and src/)"
  src_dir=$(cd "$src_dir" && pwd)
  version_tag="$version-checkout"
else
  version_tag="$version"
fi
if [ -z "$crate_version" ]; then
  IFS=. read -r ma mi pa _ <<<"$version"
  crate_version="${ma}0${mi}.${pa:-0}.0"
fi

# The theory scope: a function is instrumented only if its file matches a src: line.
allowlist='src:*/src/smt/theory_seq*
src:*/src/smt/seq_*
src:*/src/ast/rewriter/seq_*
src:*/src/ast/seq_decl_plugin*
src:*/src/ast/seq/*
src:*/src/ast/euf/euf_seq_plugin*
src:*/src/ast/sls/sls_seq_plugin*
src:*/src/util/zstring*
src:*/src/api/api_seq*
fun:*'

root="$cache/z3"
plain_name="$version_tag-$scope"
plain_stamp="version=$version from=$from src=$src_dir crate=$crate_version scope=$scope allowlist=$(printf '%s' "$allowlist" | cksum | cut -d' ' -f1)"
if [ "$trace_cmp" = 1 ]; then
  name="$plain_name-cmp"
  stamp_text="$plain_stamp trace-cmp"
else
  name="$plain_name"
  stamp_text="$plain_stamp"
fi
dest="$root/$name"
build="$root/build/$name"
lib="$dest/lib/libz3.so"
# The plain theory build this one can start from (see --trace-cmp).
plain_build="$root/build/$plain_name"
reuse_plain=0
if [ "$trace_cmp" = 1 ] && [ "$scope" = theory ] && [ -f "$plain_build/build.ninja" ] \
  && [ "$(cat "$root/$plain_name/stamp" 2>/dev/null)" = "$plain_stamp" ]; then
  reuse_plain=1
fi

if [ "$dry" = 1 ]; then
  echo "scope: $scope"
  echo "version: $version"
  case "$from" in
    crate) echo "source: z3-src crate $crate_version (cargo vendor) into $root/src/crate-$crate_version" ;;
    pypi) echo "source: PyPI z3-solver==$version sdist into $root/src/pypi-$version" ;;
    checkout) echo "source: checkout $src_dir" ;;
  esac
  echo "build dir: $build (ninja -j$jobs libz3)"
  kinds=trace-pc-guard; [ "$trace_cmp" = 1 ] && kinds=trace-pc-guard,trace-cmp
  if [ "$scope" = theory ]; then echo "instrumentation: $kinds, allowlist of string/sequence/regex files"; else echo "instrumentation: $kinds, everything"; fi
  [ "$reuse_plain" = 1 ] && echo "from the plain theory build $plain_build: the allowlisted files compiled again, then relinked"
  if [ -f "$lib" ] && [ "$(cat "$dest/stamp" 2>/dev/null)" = "$stamp_text" ]; then echo "up to date: nothing to build"; else echo "would build"; fi
  echo "libz3: $lib"
  exit 0
fi

if [ -f "$lib" ] && [ "$(cat "$dest/stamp" 2>/dev/null)" = "$stamp_text" ]; then
  echo "up to date ($stamp_text)"
  echo "libz3: $lib"
  exit 0
fi

# --- tools -----------------------------------------------------------------------------------
if ! command -v clang++-19 >/dev/null || [ ! -e /usr/lib/llvm-19/lib/libc++.so ]; then
  echo "installing clang-19 and libc++-19 (apt)"
  apt-get update -qq
  apt-get install -y -qq clang-19 libc++-19-dev libc++abi-19-dev >/dev/null
fi
venv="$cache/tools/venv"
if [ ! -x "$venv/bin/cmake" ] || [ ! -x "$venv/bin/ninja" ]; then
  echo "installing cmake>=3.26 and ninja (pip, in $venv)"
  command -v python3 >/dev/null || { apt-get update -qq; apt-get install -y -qq python3 python3-venv >/dev/null; }
  python3 -m venv "$venv" || { apt-get install -y -qq python3-venv >/dev/null; python3 -m venv "$venv"; }
  "$venv/bin/pip" install -q 'cmake>=3.26' ninja
fi
export PATH="$venv/bin:$PATH"

# --- source ----------------------------------------------------------------------------------
case "$from" in
  checkout) z3src=$src_dir ;;
  crate)
    z3src="$root/src/crate-$crate_version"
    if [ ! -f "$z3src/CMakeLists.txt" ]; then
      tmp=$(mktemp -d)
      mkdir -p "$tmp/p/src" && echo 'fn main() {}' >"$tmp/p/src/main.rs"
      printf '[package]\nname = "fetch-z3"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\nz3-src = "=%s"\n' "$crate_version" >"$tmp/p/Cargo.toml"
      (cd "$tmp/p" && cargo vendor -q "$tmp/vendor" >/dev/null) || die "cannot fetch the z3-src crate $crate_version (try --crate-version, --from pypi or --src)"
      inner=$(find "$tmp/vendor/z3-src" -maxdepth 2 -name CMakeLists.txt -printf '%h\n' | sort | head -1)
      [ -n "$inner" ] || die "the z3-src crate $crate_version has no CMakeLists.txt"
      mkdir -p "$root/src" && rm -rf "$z3src" && cp -r "$inner" "$z3src"
      rm -rf "$tmp"
    fi ;;
  pypi)
    z3src="$root/src/pypi-$version"
    if [ ! -f "$z3src/CMakeLists.txt" ]; then
      tmp=$(mktemp -d)
      python3 -m pip download -q --no-deps --no-binary :all: "z3-solver==$version" -d "$tmp" || die "cannot download the z3-solver $version sdist"
      tar -xzf "$tmp"/z3[-_]solver-*.tar.gz -C "$tmp"
      inner=$(find "$tmp" -maxdepth 3 -name CMakeLists.txt -path '*core*' -printf '%h\n' | head -1)
      [ -n "$inner" ] || die "the z3-solver sdist has no Z3 source (core/CMakeLists.txt)"
      mkdir -p "$root/src" && rm -rf "$z3src" && cp -r "$inner" "$z3src"
      rm -rf "$tmp"
    fi ;;
esac

# Installs the library just built in $build (the real file; the versioned names beside it are
# symlinks) as $lib, with the stamp that makes the next run reuse it. $1 says what just ran.
install_built() {
  local built
  built=$(find "$build" -maxdepth 1 -name 'libz3.so*' -type f | sort | tail -1)
  [ -n "$built" ] || die "$1, but no libz3.so in $build"
  cp "$built" "$lib.tmp" && mv "$lib.tmp" "$lib"
  printf '%s' "$stamp_text" >"$dest/stamp"
  echo "libz3: $lib"
}

# --- trace-cmp from the plain theory build ---------------------------------------------------
if [ "$reuse_plain" = 1 ]; then
  echo "copying the plain theory build $plain_build"
  rm -rf "$build" && mkdir -p "$root/build" && cp -a "$plain_build" "$build"
  mkdir -p "$dest/lib"
  start=$(date +%s)
  # The compile commands of the allowlisted files, pointed at the copy and with trace-cmp added;
  # one per line, run from the build folder.
  ninja -C "$build" -t compdb >"$build/compdb.json"
  python3 - "$build" "$plain_build" >"$build/recompile.sh" <<'PY'
import fnmatch, json, shlex, sys
build, plain = sys.argv[1], sys.argv[2]
pats = [l[4:] for l in open(f"{build}/allowlist.txt").read().split() if l.startswith("src:")]
for e in json.load(open(f"{build}/compdb.json")):
    if any(fnmatch.fnmatch(e["file"], p) for p in pats):
        # build.ninja was copied with the plain build's paths; the folder is the copy already.
        cmd = e["command"].replace(plain + "/", build + "/")
        cmd = cmd.replace("-fsanitize-coverage=trace-pc-guard", "-fsanitize-coverage=trace-pc-guard,trace-cmp")
        print(f"cd {shlex.quote(e['directory'])} && {cmd}")
PY
  count=$(wc -l <"$build/recompile.sh")
  [ "$count" -gt 0 ] || die "no allowlisted file in the compile commands of $plain_build"
  echo "compiling $count allowlisted files again with trace-cmp (-j$jobs)"
  tr '\n' '\0' <"$build/recompile.sh" | xargs -0 -P "$jobs" -I{} sh -c '{}' \
    || die "compiling an allowlisted file failed (commands: $build/recompile.sh)"
  link=$(ninja -C "$build" -t commands libz3 | grep -- ' -shared ' | tail -1)
  [ -n "$link" ] || die "no link command for libz3 in $build"
  link=${link//"$plain_build/"/"$build/"}
  (cd "$build" && eval "$link") || die "relinking libz3 failed"
  echo "Elapsed (wall clock) seconds: $(( $(date +%s) - start )) ($count files compiled again)" >"$dest/build-time.txt"
  echo "built in $(( $(date +%s) - start )) s ($count files compiled again, the rest from $plain_build)"
  install_built "relinked"
  exit 0
fi

# --- build -----------------------------------------------------------------------------------
flags="-fsanitize-coverage=trace-pc-guard"
[ "$trace_cmp" = 1 ] && flags="-fsanitize-coverage=trace-pc-guard,trace-cmp"
if [ "$scope" = theory ]; then
  mkdir -p "$build"
  printf '%s\n' "$allowlist" >"$build/allowlist.txt.new"
  if ! cmp -s "$build/allowlist.txt.new" "$build/allowlist.txt" 2>/dev/null; then
    # Ninja does not track the allowlist: a changed one means a clean build.
    rm -rf "$build" && mkdir -p "$build"
    printf '%s\n' "$allowlist" >"$build/allowlist.txt"
  fi
  rm -f "$build/allowlist.txt.new"
  flags="$flags -fsanitize-coverage-allowlist=$build/allowlist.txt"
fi
# Z3 4.8.x-4.11.x: its cmake_minimum_required is older than CMake 4 accepts (the policy minimum
# lets it through), and clang 19 checks member names in templates that are never instantiated,
# which src/math/lp/tail_matrix.h fails ("no member named 'get_elem'"). Parsing templates late
# (-fdelayed-template-parsing) gets past that but makes `vector` ambiguous with std::vector in
# util/vector.h, so those releases are built with clang 16 (Debian's) and libstdc++ instead.
cc=clang-19; cxx=clang++-19; cxxlib="-stdlib=libc++"; linklib="-stdlib=libc++ -Wl,-rpath,/usr/lib/llvm-19/lib"
if [[ "$version" =~ ^4\.([0-9]|1[01])\. ]]; then
  if ! command -v clang++-16 >/dev/null; then
    echo "installing clang-16 (apt) for Z3 $version"
    apt-get install -y -qq clang-16 >/dev/null || die "cannot install clang-16"
  fi
  cc=clang-16; cxx=clang++-16; cxxlib=""; linklib=""
fi
mkdir -p "$build" "$dest/lib"
cmake -S "$z3src" -DCMAKE_POLICY_VERSION_MINIMUM=3.5 -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=$cc -DCMAKE_CXX_COMPILER=$cxx \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$cxxlib $flags" \
  -DCMAKE_SHARED_LINKER_FLAGS="$linklib" \
  -DBUILD_SHARED_LIBS=ON -DZ3_BUILD_EXECUTABLE=OFF -DZ3_BUILD_TEST_EXECUTABLES=OFF \
  -DZ3_ENABLE_EXAMPLE_TARGETS=OFF -DZ3_INCLUDE_GIT_HASH=OFF -DZ3_INCLUDE_GIT_DESCRIBE=OFF >/dev/null
start=$(date +%s)
if [ -x /usr/bin/time ]; then
  /usr/bin/time -v -o "$dest/build-time.txt" ninja -C "$build" -j"$jobs" libz3
else
  ninja -C "$build" -j"$jobs" libz3
  echo "Elapsed (wall clock) seconds: $(( $(date +%s) - start ))" >"$dest/build-time.txt"
fi
echo "built in $(( $(date +%s) - start )) s (details: $dest/build-time.txt)"
install_built "ninja finished"
