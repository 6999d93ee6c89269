#!/usr/bin/env bash
# Agreement of the quantified cases (issue 41): exports COUNT files of `--theory quant` (half
# quant-sat, half quant-unsat) and runs them on Z3 5.4.1 and cvc5 1.4.2 in process, then prints
# per solver the verdict counts by expected status (a disagreement is any finding).
#
# Usage: scripts/quant-agreement.sh [--bin PATH] [--count N] [--seed S] [--timeout T]
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.." || exit 1
bin="" count=300 seed=41 timeout=3s
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) need_arg "$@"; bin=$2; shift 2;;
    --count) need_arg "$@"; count=$2; shift 2;;
    --seed) need_arg "$@"; seed=$2; shift 2;;
    --timeout) need_arg "$@"; timeout=$2; shift 2;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
if [ -z "$bin" ]; then cargo build --quiet && bin=./target/debug/equifuzz; fi
bin=$(realpath "$bin")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" export --theory quant --count "$count" --seed "$seed" --out "$dir/files" | tail -1
solvers=${EQUIFUZZ_SOLVERS:-$HOME/.cache/equifuzz/solvers}
run() {
  local name=$1; shift
  "$bin" run --jsonl --timeout "$timeout" "$@" "$dir/files" > "$dir/$name.jsonl" 2> "$dir/$name.err"
  grep 'files:' "$dir/$name.err"
  python3 - "$dir/$name.jsonl" "$name" <<'PY'
import collections, json, sys
counts, models, findings = collections.Counter(), collections.Counter(), []
for line in open(sys.argv[1]):
    j = json.loads(line)
    counts[(j["expected"], j["kind"])] += 1
    if j["kind"] == "sat":
        models["checked" if "model checked" in j["verdict"] else "inconclusive"] += 1
    if j["kind"] not in ("sat", "unsat", "unknown", "timeout", "not-expressible", "imprecise-core", "error"):
        findings.append((j["file"], j["kind"], j["verdict"][:200]))
print(f"| {sys.argv[2]} | " + " | ".join(f"{e} {k}: {n}" for (e, k), n in sorted(counts.items(), key=str)) + " |")
print(f"  sat models: {dict(models)}; disagreements: {len(findings)}")
for f in findings:
    print("  ", *f)
PY
}
run z3-5.4.1 --target z3 --solver-lib "$solvers/z3-5.4.1.0/x/z3/lib/libz3.so"
for lib in "$solvers"/cvc5-1.4.2/x/cvc5.libs/libcvc5-*.so.1.4.2; do
  [ -e "$lib" ] && run cvc5-1.4.2 --target cvc5 --solver-lib "$lib"
done
