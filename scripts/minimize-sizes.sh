#!/usr/bin/env bash
# Nodes before and after `equifuzz minimize` for every finding of the given folders (issue 42):
# one row per finding (kind, incremental or one-shot, AST nodes before -> after, solver calls,
# seconds, whether the minimized file still fails), then the medians, over all findings and over
# the incremental ones. Where `ddsmt` is on PATH, scripts/triage-compare.sh runs it against
# the same failure test; without it this script says so and measures equifuzz alone.
#
# Usage: scripts/minimize-sizes.sh BIN DIR... [--max-tests N=3000] [--out OUT=/tmp/minimize-sizes]
#   DIR holds finding files (`*.smt2`, an incremental one with its `.postcard` beside it), or a
#   campaign folder with them under findings/. Findings run one after another (one solver call
#   at a time).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
help_first "$@"
max_tests=3000; out=/tmp/minimize-sizes; dirs=()
[ $# -ge 2 ] || { usage >&2; exit 2; }
bin=$(realpath -m -- "$1"); shift
while [ $# -gt 0 ]; do
  case "$1" in
    --max-tests) need_arg "$@"; max_tests=$2; shift 2 ;;
    --out) need_arg "$@"; out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) dirs+=("$1"); shift ;;
  esac
done
[ ${#dirs[@]} -gt 0 ] || { usage >&2; exit 2; }
command -v ddsmt >/dev/null || echo "ddSMT: not on PATH (pip install ddsmt), equifuzz measured alone"
mkdir -p "$out"
table=$out/table.txt
printf '%-48s %-14s %-11s %7s %7s %6s %7s %s\n' finding kind script before after tests secs fails | tee "$table"
for d in "${dirs[@]}"; do
  [ -d "$d/findings" ] && d=$d/findings
  for f in $(find "$d" -maxdepth 1 -name '*.smt2' | sort); do
    name=$(basename "$f" .smt2)
    kind=$(sed -n 's/^; equifuzz finding: //p' "$f" | head -n 1)
    if grep -q '^; incremental:' "$f"; then shape=incremental; else shape=one-shot; fi
    line=$("$bin" minimize "$f" --max-tests "$max_tests" --out "$out/$name.smt2" 2>&1 | grep -v '^  ' | tail -n 1 || true)
    # `FILE: B -> A AST nodes, ..., T tests, S s, still KIND ...` (or an error line).
    read -r before after tests secs < <(sed -n \
      's/.*: \([0-9]*\) -> \([0-9]*\) AST nodes, .*, \([0-9]*\) tests, \([0-9.]*\)s, .*/\1 \2 \3 \4/p' <<<"$line") || true
    if [ -z "${before:-}" ]; then
      printf '%-48s %-14s %-11s %s\n' "$name" "$kind" "$shape" "not minimized: ${line:0:80}" | tee -a "$table"
      continue
    fi
    fails=yes; grep -q '^; flaky:' "$out/$name.smt2" && fails=flaky
    printf '%-48s %-14s %-11s %7s %7s %6s %7s %s\n' "$name" "$kind" "$shape" "$before" "$after" "$tests" "$secs" "$fails" | tee -a "$table"
    unset before after tests secs
  done
done
python3 - "$table" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if not l.startswith('finding')]
rows = [r for r in rows if len(r) >= 8 and r[3].isdigit()]
for label, sel in (("all", rows), ("incremental", [r for r in rows if r[2] == "incremental"])):
    if sel:
        print(f"{label}: {len(sel)} findings; median nodes before {statistics.median(int(r[3]) for r in sel):g}, "
              f"after {statistics.median(int(r[4]) for r in sel):g}; unchanged: {sum(r[3] == r[4] for r in sel)}")
PY
