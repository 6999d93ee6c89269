#!/usr/bin/env bash
# Downloads solver releases from their PyPI wheels into a cache and prints where their
# libraries and binaries are.
#
#   scripts/install-solvers.sh [--cache DIR] [z3 VERSION...] [cvc5 VERSION...]
#
# VERSION is a release (4.8.5, 4.8.5.0, 1.4.2) or `latest` (the newest wheel on PyPI).
# Z3 releases come from the `z3-solver` wheels (libz3.so and the z3 binary), cvc5 releases
# from the `cvc5` wheels (libcvc5 and libcvc5parser, with cvc5's C API). Binary wheels only
# (`pip download --only-binary :all: --no-deps`): nothing is built, nothing is installed
# into Python.
#
# --cache DIR   cache root (default $EQUIFUZZ_CACHE, else $XDG_CACHE_HOME/equifuzz, else
#               ~/.cache/equifuzz); releases land in <cache>/solvers/<solver>-<version>/.
#
# Idempotent: a release already unpacked is not fetched again; `latest` asks PyPI which
# release is the newest at most once a day (<cache>/solvers/<solver>-latest links to it).
# Only the unpacked files are kept, not the wheel. Output, one line per file, for scripts to read:
#   z3 4.8.5.0 lib /home/u/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3/lib/libz3.so
#   z3 4.8.5.0 bin /home/u/.cache/equifuzz/solvers/z3-4.8.5.0/x/z3_solver-4.8.5.0.data/data/bin/z3
#   cvc5 1.4.2 lib .../libcvc5-558d13ae.so.1.4.2
#   cvc5 1.4.2 parser .../libcvc5parser-2f6edf78.so.1.4.2
# A release that cannot be fetched prints `SKIPPED: <solver> <version>: <why>` on stderr,
# the others are still installed, and the exit code is 1.
set -euo pipefail

cache=${EQUIFUZZ_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/equifuzz}

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "install-solvers.sh: $*" >&2; echo "run scripts/install-solvers.sh --help for usage" >&2; exit 2; }

solver=
requests=()
while [ $# -gt 0 ]; do
  case "$1" in
    --cache) [ $# -ge 2 ] && [ -n "$2" ] || die "--cache needs a value"; cache=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    z3|cvc5) solver=$1; shift ;;
    latest|[0-9]*)
      [ -n "$solver" ] || die "a version ('$1') must follow z3 or cvc5"
      [[ "$1" == latest || "$1" =~ ^[0-9]+(\.[0-9]+)+$ ]] || die "bad version '$1'"
      requests+=("$solver $1"); shift ;;
    *) die "unknown argument '$1'" ;;
  esac
done
[ ${#requests[@]} -gt 0 ] || die "name at least one release, e.g. z3 4.8.5 latest cvc5 1.4.2"

root=$cache/solvers
mkdir -p "$root"

# PyPI names z3-solver releases with four numbers (4.8.5.0), cvc5 with three.
normalize() {
  local solver=$1 v=$2
  if [ "$solver" = z3 ]; then
    local n; n=$(tr -cd . <<<"$v" | wc -c)
    while [ "$n" -lt 3 ]; do v=$v.0; n=$((n + 1)); done
  fi
  echo "$v"
}

package_of() { [ "$1" = z3 ] && echo z3-solver || echo cvc5; }

# Prints the files of an unpacked release.
report() {
  local solver=$1 version=$2 dir=$3 f
  if [ "$solver" = z3 ]; then
    f=$(find "$dir/x" -path '*/lib/libz3.so' | head -1)
    [ -n "$f" ] && echo "z3 $version lib $f"
    f=$(find "$dir/x" -path '*/bin/z3' -type f | head -1)
    [ -n "$f" ] && echo "z3 $version bin $f"
  else
    f=$(find "$dir/x" -name 'libcvc5-*.so*' -o -name 'libcvc5.so*' | head -1)
    [ -n "$f" ] && echo "cvc5 $version lib $f"
    f=$(find "$dir/x" -name 'libcvc5parser*.so*' | head -1)
    [ -n "$f" ] && echo "cvc5 $version parser $f"
  fi
  return 0
}

status=0
for r in "${requests[@]}"; do
  read -r solver version <<<"$r"
  package=$(package_of "$solver")
  if [ "$version" != latest ]; then
    version=$(normalize "$solver" "$version")
    dir=$root/$solver-$version
    if [ -f "$dir/.complete" ]; then report "$solver" "$version" "$dir"; continue; fi
    spec="$package==$version"
  else
    link=$root/$solver-latest
    if [ -L "$link" ] && [ -f "$link/.complete" ] && [ -n "$(find "$link" -maxdepth 0 -mmin -1440)" ]; then
      target=$(readlink "$link")
      report "$solver" "${target#"$solver"-}" "$root/$target"
      continue
    fi
    spec=$package
  fi
  tmp=$(mktemp -d "$root/.download.XXXXXX")
  if ! pip download --quiet --no-deps --only-binary :all: --dest "$tmp" "$spec" >"$tmp/log" 2>&1; then
    echo "SKIPPED: $solver $version: pip download $spec failed: $(tail -1 "$tmp/log")" >&2
    rm -rf "$tmp"; status=1; continue
  fi
  wheel=$(ls "$tmp"/*.whl | head -1)
  if [ "$version" = latest ]; then
    # z3_solver-5.4.1.0-py3-none-...whl -> 5.4.1.0
    version=$(basename "$wheel" | cut -d- -f2)
    dir=$root/$solver-$version
    ln -sfn "$solver-$version" "$root/$solver-latest.new" && mv -T "$root/$solver-latest.new" "$root/$solver-latest"
    if [ -f "$dir/.complete" ]; then rm -rf "$tmp"; report "$solver" "$version" "$dir"; continue; fi
  fi
  # Another run (a parallel test) may have finished this release while we downloaded: keep
  # its folder, which may be in use, rather than remove it under its readers.
  if [ -f "$dir/.complete" ]; then rm -rf "$tmp"; report "$solver" "$version" "$dir"; continue; fi
  rm -rf "$dir"
  mkdir -p "$tmp/x"
  if ! unzip -q "$wheel" -d "$tmp/x"; then
    echo "SKIPPED: $solver $version: cannot unpack $(basename "$wheel")" >&2
    rm -rf "$tmp"; status=1; continue
  fi
  find "$tmp/x" -path '*/bin/*' -type f -exec chmod +x {} +
  rm -f "$tmp/log" "$wheel"
  touch "$tmp/.complete"
  # The rename is atomic: a release folder is complete or absent; a run that lost the race
  # to another keeps the other's folder.
  mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
  report "$solver" "$version" "$dir"
done
exit $status
