#!/usr/bin/env bash
# What the statistics feedback costs per query: a string query and then `(get-info
# :all-statistics)` on one warm libz3 context, `(reset)` between queries (as the fuzzer's
# worker does), timed apart over N rounds through ctypes.
#
#   scripts/bench-solver-statistics.sh [--solver-lib PATH] [--rounds N]
#
# Default library: the Z3 4.8.14 wheel's (scripts/install-solvers.sh). Prints the mean query
# time, the mean get-info time and the second as a share of the first.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
lib=
rounds=300
while [ $# -gt 0 ]; do
  case "$1" in
    --solver-lib) need_arg "$@"; lib=$2; shift 2 ;;
    --rounds) need_arg "$@"; rounds=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
if [ -z "$lib" ]; then
  lib=$(scripts/install-solvers.sh z3 4.8.14 | awk '$3 == "lib" { print $4 }')
  [ -n "$lib" ] || { echo "bench-solver-statistics.sh: no Z3 4.8.14 wheel (offline?); pass --solver-lib" >&2; exit 2; }
fi
python3 - "$lib" "$rounds" <<'PY'
import ctypes, sys, time
L = ctypes.CDLL(sys.argv[1])
n = int(sys.argv[2])
L.Z3_mk_config.restype = ctypes.c_void_p
L.Z3_mk_context.restype = ctypes.c_void_p
L.Z3_mk_context.argtypes = [ctypes.c_void_p]
L.Z3_eval_smtlib2_string.restype = ctypes.c_char_p
L.Z3_eval_smtlib2_string.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
ctx = L.Z3_mk_context(L.Z3_mk_config())
q = b'(declare-const x String)(assert (str.in_re x (re.+ (str.to_re "ab"))))(assert (> (str.len x) 3))(check-sat)'
tq = tg = 0.0
for _ in range(n):
    t = time.perf_counter(); L.Z3_eval_smtlib2_string(ctx, q); tq += time.perf_counter() - t
    t = time.perf_counter(); L.Z3_eval_smtlib2_string(ctx, b"(get-info :all-statistics)"); tg += time.perf_counter() - t
    L.Z3_eval_smtlib2_string(ctx, b"(reset)")
print(f"{n} rounds on {sys.argv[1]}: query {1e3 * tq / n:.3f} ms, get-info {1e3 * tg / n:.3f} ms "
      f"({100 * tg / tq:.1f}% of the query)")
PY
