#!/usr/bin/env bash
# Exports formulas, runs a solver on them, and prints what it answers per category in the form
# of the ICSE 2020 paper's Table 4, plus the share of decided files whose answer matches the label.
#
# Usage: scripts/table4.sh [--target z3|cvc5|cmd:...] [--solver-lib PATH] [--timeout 5s]
#                          [--paper | --count N] [--seed S] [--keep DIR]
#        scripts/table4.sh --theory regex [--solver-lib PATH]... [--cvc5] [--cvc5-lib PATH]
#                          [--timeout 2s]
#                          [--count N] [--chains M] [--seed S] [--keep DIR]
#   --paper     the paper's six categories with its pools and operators (7,014 files)
#   --count N   N files of the random sat/unsat mix (default 2000)
#   --theory regex  the regex categories (Kühne 2022): the finite unsat ones in full, the sat
#               ones filling up to --count (default 3000); printed as the thesis' Table 6.1
#               (IM IC S U K T E, and NE: not expressible on that solver, not sent) once per solver: each --solver-lib (a libz3) and, with
#               --cvc5, the cvc5 on PATH, and with --cvc5-lib, a libcvc5 (e.g. the 1.4.2 wheel's, from
#               scripts/install-solvers.sh) in process, all on the same files. --chains M adds M files of
#               the fuzz loop's regex stream (`--category random --theory regex`), whose unsat
#               cases are grown by Table 2.6's transformations (default 0).
#   --theory seq  the same Table 6.1 form over the sequence categories (docs/sequences.md): the
#               identities in full, the rest of --count (default 5000) a sixth per endless
#               category; cvc5 gets --arrays-exp (sequences of arrays).
#   --theory uf  the same over the uninterpreted-function categories (docs/functions.md), a
#               third of --count each (default 5000).
#   --theory combined  the same Table 6.1 form over the combined categories (bit-vectors and
#               arrays with the others, Kühne 2022 3.1-3.2), a quarter of --count each (default
#               5000); --chains M adds M files of `--category random --theory combined`.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
target=z3; lib=(); timeout=5s; count=2000; paper=0; seed=1; keep=""
theory=""; libs=(); cvc5=0; cvc5_libs=(); chains=0
while [ $# -gt 0 ]; do
  case "$1" in
    --theory) need_arg "$@"; theory=$2; shift 2;;
    --cvc5) cvc5=1; shift;;
    --cvc5-lib) need_arg "$@"; cvc5_libs+=("$2"); shift 2;;
    --chains) need_arg "$@"; chains=$2; shift 2;;
    --target) need_arg "$@"; target=$2; shift 2;;
    --solver-lib) need_arg "$@"; lib=(--solver-lib "$2"); libs+=("$2"); shift 2;;
    --timeout) need_arg "$@"; timeout=$2; shift 2;;
    --count) need_arg "$@"; count=$2; shift 2;;
    --paper) paper=1; shift;;
    --seed) need_arg "$@"; seed=$2; shift 2;;
    --keep) need_arg "$@"; keep=$2; shift 2;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
cargo build --release --quiet
bin=./target/release/equifuzz
dir=${keep:-$(mktemp -d)}
[ -n "$keep" ] || trap 'rm -rf "$dir"' EXIT
if [ "$theory" = regex ] || [ "$theory" = combined ] || [ "$theory" = seq ] || [ "$theory" = uf ]; then
  default=$([ "$theory" = regex ] && echo 3000 || echo 5000)
  exec scripts/table61.sh "$bin" "$dir" "$timeout" "$([ "$count" = 2000 ] && echo "$default" || echo "$count")" \
    "$chains" "$seed" "$cvc5" "$theory" "${libs[@]}" "${cvc5_libs[@]/#/cvc5:}"
fi
if [ "$paper" = 1 ]; then
  $bin export --force --out "$dir/files" --operators paper --seed "$seed" >/dev/null
else
  $bin export --force --out "$dir/files" --category random --count "$count" --pool boundary --seed "$seed" >/dev/null
fi
echo "running $(wc -l < "$dir/files/manifest.jsonl") files on $target (timeout $timeout)..." >&2
$bin run --jsonl --target "$target" "${lib[@]}" --timeout "$timeout" "$dir/files" > "$dir/verdicts.jsonl" 2> "$dir/run.stderr" || true
head -n 1 "$dir/run.stderr" >&2
python3 - "$dir/files/manifest.jsonl" "$dir/verdicts.jsonl" "$dir/files" <<'PY'
import json, sys, os, collections
manifest, verdicts, root = sys.argv[1], sys.argv[2], sys.argv[3]
category = {}
for line in open(manifest):
    e = json.loads(line)
    category[os.path.normpath(os.path.join(root, e["file"]))] = (e["category"] + ("+p" if e["patterns"] else ""))
kinds = ["sat", "unsat", "unknown", "timeout", "error", "crash", "unsound", "invalid-model",
         "invalid-core", "imprecise-core", "incomplete", "invalid"]
table = collections.defaultdict(collections.Counter)
findings = []
for line in open(verdicts):
    v = json.loads(line)
    cat = category.get(os.path.normpath(v["file"]), "?")
    table[cat][v["kind"]] += 1
    if v["kind"] in ("unsound", "invalid-model", "invalid-core", "crash", "error", "invalid"):
        findings.append((v["kind"], v["file"], v["verdict"]))
used = [k for k in kinds if any(t[k] for t in table.values())]
print("| category | files | " + " | ".join(used) + " |")
print("|---|---:|" + "---:|" * len(used))
total = collections.Counter()
for cat in sorted(table):
    t = table[cat]; total.update(t)
    print(f"| {cat} | {sum(t.values())} | " + " | ".join(str(t[k]) for k in used) + " |")
print(f"| **all** | {sum(total.values())} | " + " | ".join(str(total[k]) for k in used) + " |")
agree = total["sat"] + total["unsat"] + total["imprecise-core"]
decided = agree + total["unsound"] + total["invalid-model"] + total["invalid-core"]
if decided:
    print(f"\nagreement with the label among decided files: {agree}/{decided} = {100.0*agree/decided:.2f}%")
for k, f, why in findings[:40]:
    print(f"- {k}: {f}: {why}")
PY
