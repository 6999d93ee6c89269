#!/usr/bin/env bash
# Buckets while fuzzing, measured as issue 32 asks: campaigns side by side
# (one core each), then per campaign the finding files written against the
# findings counted, the campaign's buckets, the wall time of `report` (which
# reads the verdicts the campaign recorded) and of `triage`, and whether the
# campaign's buckets hold after every finding file is minimized: a campaign
# bucket whose files land in two report buckets is split, two campaign
# buckets whose files land in one are merged.
#
#   scripts/bench-buckets.sh BIN [--time 40m] [--seed 43] [--lib LIBZ3]
#       [--out DIR] [--campaign NAME=WORDS]...
#
# --time      each campaign's length (default 40m)
# --seed      the campaign seed (default 43, held out)
# --lib       the libz3 fuzzed (default the Z3 4.8.14 wheel's, from
#             scripts/install-solvers.sh)
# --campaign  a campaign, NAME=extra fuzz words (repeatable, at most two,
#             run at once on the first two cores of the process's affinity
#             set); default the two of issue 32:
#             default= and z3str3=--solver-option smt.string_solver=z3str3
# --out       where the campaigns go (default a temporary folder, kept)
#
# Prints one table row per campaign and writes DIR/summary.md. `triage`
# bisects over the Z3 releases in the cache (newest included), so the
# statuses need scripts/install-solvers.sh z3 4.8.5 ... latest.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$here/.."
time=40m
seed=43
cache=${EQUIFUZZ_SOLVER_CACHE:-$HOME/.cache/equifuzz/solvers}
lib=$cache/z3-4.8.14.0/x/z3/lib/libz3.so
out=
campaigns=()
help_first "$@"
[ $# -ge 1 ] || { usage >&2; exit 2; }
bin=$(realpath -m -- "$1"); shift
while [ $# -gt 0 ]; do
  case "$1" in
    --time) need_arg "$@"; time=$2; shift 2 ;;
    --seed) need_arg "$@"; seed=$2; shift 2 ;;
    --lib) need_arg "$@"; lib=$2; shift 2 ;;
    --out) need_arg "$@"; out=$2; shift 2 ;;
    --campaign) need_arg "$@"; campaigns+=("$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) bad_arg "$1" ;;
  esac
done
[ -x "$bin" ] || usage_error "$bin is not an executable"
[ -e "$lib" ] || usage_error "no $lib (scripts/install-solvers.sh z3 4.8.14)"
[ ${#campaigns[@]} -gt 0 ] || campaigns=("default=" "z3str3=--solver-option smt.string_solver=z3str3")
[ ${#campaigns[@]} -le 2 ] || usage_error "at most two campaigns (one per core)"
out=${out:-$(mktemp -d -t bench-buckets.XXXXXX)}
mkdir -p "$out"

i=0
pids=()
for c in "${campaigns[@]}"; do
  name=${c%%=*}; words=${c#*=}
  echo "== $name: $time on core ${cores[$i]:-any} (${words:-default settings})" >&2
  rm -rf "${out:?}/$name"
  # shellcheck disable=SC2086 # the campaign's words
  pin "$i" "$bin" fuzz --target z3 --solver-lib "$lib" $words --time "$time" --seed "$seed" \
    --out "$out/$name" >"$out/$name.log" 2>&1 &
  pids+=($!)
  i=$((i + 1))
done
for p in "${pids[@]}"; do wait "$p" || true; done

# secs CMD...: runs CMD, prints its wall seconds on stderr's last line.
secs() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s.%N)
  python3 -c "print(f'{$t1 - $t0:.1f}')"
}

summary=$out/summary.md
{
  echo "# bench-buckets: --time $time --seed $seed on $lib ($(date -u +%FT%TZ))"
  echo "binary: $bin"
  echo
  echo "| campaign | execs | findings counted | files written | campaign buckets | report s | triage s | statuses | minimize all s | buckets after | split | merged |"
  echo "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|"
} >"$summary"
for c in "${campaigns[@]}"; do
  name=${c%%=*}
  d=$out/$name
  [ -s "$d/stats.jsonl" ] || { echo "| $name | no statistics: see $d.log |" >>"$summary"; continue; }
  echo "== $name: report, triage, minimize all" >&2
  report_s=$(secs "$bin" report "$d")
  triage_s=$(secs "$bin" triage "$d")
  # triage's own report and lines, before minimizing every file regroups them.
  cp "$d/report.md" "$d/report-triage.md"
  "$bin" triage "$d" >"$d/triage.txt" 2>/dev/null || true
  statuses=$(grep -m1 '^New ' "$d/report.md" || echo "-")
  minimize_s=$(secs "$bin" minimize "$d")
  "$bin" report "$d" >/dev/null 2>&1 || true
  PYTHONPATH="$here" python3 - "$d" "$name" "$report_s" "$triage_s" "$statuses" "$minimize_s" >>"$summary" <<'PY'
import glob, json, os, re, sys
from stats_jsonl import last
d, name, report_s, triage_s, statuses, minimize_s = sys.argv[1:]
last = last(d, "found")
# `found` counts every finding; `findings` only the files written.
counted = last.get("found", 0)
execs = last.get("execs", 0)
files = sorted(glob.glob(os.path.join(d, "findings", "*", "*.smt2")))
campaign = {}
for f in files:
    for line in open(f, errors="replace"):
        if line.startswith("; bucket: "):
            campaign[os.path.realpath(f)] = line.split(":", 1)[1].strip()
            break
        if not line.startswith(";"):
            break
tsv = [l for l in open(os.path.join(d, "buckets.tsv")) if l.strip()] if os.path.exists(os.path.join(d, "buckets.tsv")) else []
# The report's buckets after minimization: each section lists its findings.
after, current = {}, None
for line in open(os.path.join(d, "report.md"), errors="replace"):
    m = re.match(r"### Bucket (\w+):", line)
    if m:
        current = m.group(1)
        continue
    m = re.match(r"- `([^`]+\.smt2)`", line)
    if m and current:
        after[os.path.realpath(m.group(1))] = current
pairs = {(campaign[f], after[f]) for f in campaign if f in after}
by_campaign, by_after = {}, {}
for a, b in pairs:
    by_campaign.setdefault(a, set()).add(b)
    by_after.setdefault(b, set()).add(a)
split = sum(1 for v in by_campaign.values() if len(v) > 1)
merged = sum(1 for v in by_after.values() if len(v) > 1)
unmarked = len(files) - len(campaign)
note = f" ({unmarked} files without a bucket line)" if unmarked else ""
print(f"| {name} | {execs:,} | {counted:,} | {len(files)}{note} | {len(tsv)} | {report_s} | {triage_s} | "
      f"{statuses.strip()} | {minimize_s} | {len(set(after.values()))} | {split} | {merged} |")
PY
done
cat "$summary"
echo "campaigns kept in $out" >&2
