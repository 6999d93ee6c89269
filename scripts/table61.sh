#!/usr/bin/env bash
# The regex, combined, seq and uf parts of scripts/table4.sh (`--theory regex|combined|seq|uf`), not meant to be
# run by hand: exports the theory's categories once and prints, for every solver on the same files, the thesis' Table 6.1
# (Kühne 2022): Theory | Expected | Transformation | #Tests | IM | IC | S | U | K | T | E, then
# the agreement with the labels among decided files and every disagreement.
#
# Arguments: BIN DIR TIMEOUT COUNT CHAINS SEED CVC5(0|1) THEORY(regex|combined|seq|uf)
#            [LIBZ3... | cvc5:LIBCVC5...]
set -euo pipefail
bin=$1; dir=$2; timeout=$3; count=$4; chains=$5; seed=$6; cvc5=$7; theory=$8; shift 8
libs=("$@")
files=$dir/files
if [ "$theory" = combined ]; then
  # The four combined categories (Kühne 2022, 3.1-3.2), all endless: a quarter of COUNT each.
  mkdir -p "$files"; rm -rf "${files:?}"/*
  i=0
  for cat in combined-constant-assignment combined-term-synthesis combined-unsat-constant \
             combined-unsat-complex; do
    n=$(( count / 4 )); [ "$i" = 3 ] && n=$(( count - 3 * (count / 4) ))
    $bin export --append --out "$files" --theory combined --category "$cat" --count "$n" \
      --seed "$seed" >/dev/null
    i=$((i + 1))
  done
elif [ "$theory" = uf ]; then
  # The three function categories (docs/functions.md), all endless: a third of COUNT each.
  mkdir -p "$files"; rm -rf "${files:?}"/*
  i=0
  for cat in uf-term-synthesis uf-congruence uf-identity; do
    n=$(( count / 3 )); [ "$i" = 2 ] && n=$(( count - 2 * (count / 3) ))
    $bin export --append --out "$files" --theory uf --category "$cat" --count "$n" \
      --seed "$seed" >/dev/null
    i=$((i + 1))
  done
elif [ "$theory" = seq ]; then
  # The sequence identities in full (finite), then the six endless categories, a sixth of
  # the rest each (docs/sequences.md).
  $bin export --force --out "$files" --theory seq --seed "$seed" \
    --category seq-equivalent-formula >/dev/null
  have=$(wc -l < "$files/manifest.jsonl")
  rest=$(( count > have ? count - have : 0 ))
  i=0
  for cat in seq-operation seq-constant-assignment seq-term-synthesis seq-unsat-chain \
      seq-combined-synthesis seq-combined-unsat; do
    n=$(( rest / 6 )); [ "$i" = 5 ] && n=$(( rest - 5 * (rest / 6) ))
    [ "$n" -gt 0 ] && $bin export --append --out "$files" --theory seq --category "$cat" \
      --count "$n" --seed "$seed" >/dev/null
    i=$((i + 1))
  done
else
  # The finite unsat categories in full, then the sat ones, a third of the rest each.
  $bin export --force --out "$files" --theory regex --seed "$seed" \
    --category regex-equivalent-formula,regex-unsat-constant,regex-unsat-complex >/dev/null
  have=$(wc -l < "$files/manifest.jsonl")
  rest=$(( count > have ? count - have : 0 ))
  for cat in regex-membership regex-constant-assignment regex-term-synthesis; do
    n=$(( rest / 3 )); [ "$cat" = regex-term-synthesis ] && n=$(( rest - 2 * (rest / 3) ))
    [ "$n" -gt 0 ] && $bin export --append --out "$files" --category "$cat" --count "$n" \
      --seed "$seed" >/dev/null
  done
fi
# The fuzz loop's stream of the theory: unsat cases grown by chains of unsat transformations.
[ "$chains" -gt 0 ] && $bin export --append --out "$files" --category random --theory "$theory" \
  --count "$chains" --seed "$seed" >/dev/null
solvers=()
for l in "${libs[@]}"; do
  case "$l" in cvc5:*) solvers+=("cvc5|${l#cvc5:}");; *) solvers+=("z3|$l");; esac
done
[ "$cvc5" = 1 ] && solvers+=("cvc5|")
[ ${#solvers[@]} -gt 0 ] || solvers=("z3|")
i=0
for s in "${solvers[@]}"; do
  target=${s%%|*}; lib=${s#*|}
  args=(--target "$target"); [ -n "$lib" ] && args+=(--solver-lib "$lib")
  # cvc5 refuses constant arrays (STORE_ALL) unless told --arrays-exp.
  # Sequences of arrays hold constant arrays too.
  [ "$target" = cvc5 ] && [ "$theory" != regex ] && args+=(--solver-option arrays-exp=true)
  echo "running $(wc -l < "$files/manifest.jsonl") files on $target ${lib:+($lib) }(timeout $timeout)..." >&2
  nice -n 10 $bin run --jsonl "${args[@]}" --timeout "$timeout" "$files" > "$dir/verdicts-$i.jsonl" \
    2> "$dir/run-$i.stderr" || true
  head -n 1 "$dir/run-$i.stderr" >&2
  i=$((i + 1))
done
python3 - "$files" "$dir" "${solvers[@]}" <<'PY'
import json, sys, os, collections
root, dir, solvers = sys.argv[1], sys.argv[2], sys.argv[3:]
meta = {}
for line in open(os.path.join(root, "manifest.jsonl")):
    e = json.loads(line)
    meta[os.path.normpath(os.path.join(root, e["file"]))] = (e["category"], e["status"], e["theory"])
# The thesis' transformation names next to ours.
names = {
    "regex-equivalent-formula": "equivalent formula (Table 2.3)",
    "regex-unsat-constant": "const (2.5.1)",
    "regex-unsat-complex": "constComplexResult (2.5.2)",
    "regex-membership": "str.in_re membership",
    "regex-constant-assignment": "constant assignment (2.3.1)",
    "regex-term-synthesis": "term synthesis, depth 3 (2.3.2/2.3.3)",
    "larger-core": "larger unsat core (2.4.1, 2.4.2, noise)",
    "combined-constant-assignment": "constant assignment (3.1.1)",
    "combined-term-synthesis": "term synthesis, depth 3 (3.1)",
    "combined-unsat-constant": "const (3.2)",
    "combined-unsat-complex": "constComplexResult (3.2)",
    "seq-equivalent-formula": "equivalent formula (ours, seq identities)",
    "seq-larger-core": "larger unsat core (links)",
    "seq-noise": "noise",
    "seq-unsat-chain": "identity, no growth drawn",
    "seq-operation": "operation (step 1)",
    "seq-constant-assignment": "constant assignment",
    "seq-term-synthesis": "term synthesis, depth 3",
    "seq-combined-synthesis": "sequences in combined terms (bv-indexed arrays, str.in_re)",
    "seq-combined-unsat": "a unit's first element across arrays or regexes",
    "uf-term-synthesis": "applications equal to their values",
    "uf-congruence": "congruence (equal arguments, different results)",
    "uf-identity": "identity under a function symbol",
}
theory_names = {"regex": "Regex", "combined": "Combined", "strings": "Strings", "seq": "Seq", "uf": "UF"}
cols = [("IM", "invalid-model"), ("IC", "invalid-core"), ("S", "sat"), ("U", "unsat"),
        ("K", "unknown"), ("T", "timeout"), ("E", "error"), ("NE", "not-expressible")]
for i, solver in enumerate(solvers):
    path = os.path.join(dir, f"verdicts-{i}.jsonl")
    version = open(os.path.join(dir, f"run-{i}.stderr")).readline().strip()
    table = collections.defaultdict(collections.Counter)
    theories = {}
    wrong = []
    for line in open(path):
        v = json.loads(line)
        cat, status, theory = meta.get(os.path.normpath(v["file"]), ("?", "?", "?"))
        k = v["kind"]
        # An unsound answer is the opposite status; imprecise cores are unsat.
        # A label contradicted (the solver's model satisfies an unsat-labelled
        # file) is our bug: counted as the solver's answer, listed below.
        col = {"unsound": "unsat" if status == "sat" else "sat", "imprecise-core": "unsat",
               "incomplete": "sat", "crash": "error", "invalid": "error",
               "label-contradicted": "sat"}.get(k, k)
        theories[cat] = theory
        table[(status, cat)][col] += 1
        table[(status, cat)]["#"] += 1
        if k in ("unsound", "invalid-model", "invalid-core", "crash", "label-contradicted"):
            wrong.append((k, v["file"], v.get("verdict", "")))
    print(f"\n### {solver.replace('|', ' ')} — {version}\n")
    print("| Theory | Expected | Transformation | #Tests | " + " | ".join(c for c, _ in cols) + " |")
    print("|---|---|---|---:|" + "---:|" * len(cols))
    total = collections.Counter()
    for (status, cat) in sorted(table, key=lambda x: (x[0] != "sat", x[1])):
        t = table[(status, cat)]; total.update(t)
        print(f"| {theory_names.get(theories.get(cat), 'Regex')} | {status} | {names.get(cat, cat)} | {t['#']} | " +
              " | ".join(str(t[k]) for _, k in cols) + " |")
    agree = sum(t["sat"] if s == "sat" else t["unsat"] for (s, _), t in table.items())
    bad = sum(t["unsat"] if s == "sat" else t["sat"] for (s, _), t in table.items()) \
        + total["invalid-model"] + total["invalid-core"]
    decided = agree + bad
    if decided:
        print(f"\nagreement with the labels among decided files: {agree}/{decided} = "
              f"{100.0 * agree / decided:.2f}% (undecided: {total['#'] - decided})")
    for k, f, why in wrong[:40]:
        print(f"- {k}: {f}: {why}")
PY
