#!/usr/bin/env bash
# A self-check of the scripts, in seconds and without a solver: every shell
# script parses (`bash -n`; and `shellcheck -S error` when it is installed),
# every script that sources lib.sh prints its header on --help and exits 2 on
# an unknown option, stats_jsonl.py reads a made-up stats.jsonl (a cut line
# skipped), and lib.sh's cores follow the affinity set (run under
# `taskset -c ID` to see a set without core 0).
#
#   scripts/check-scripts.sh
#
# Prints one line per failed check and `ok: N checks`; exit 1 on a failure.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
help_first "$@"
[ $# -eq 0 ] || bad_arg "$1"

checks=0
failed=0
# check WHAT CMD...: CMD must succeed.
check() {
  local what=$1
  shift
  checks=$((checks + 1))
  if ! "$@" >/dev/null 2>&1; then
    echo "FAILED: $what" >&2
    failed=$((failed + 1))
  fi
}
# same WHAT GOT WANT
same() {
  checks=$((checks + 1))
  [ "$2" = "$3" ] || { echo "FAILED: $1: got '$2', want '$3'" >&2; failed=$((failed + 1)); }
}

mapfile -t shell < <(find "$here" -name '*.sh' | sort)
for f in "${shell[@]}"; do
  check "bash -n ${f#"$here"/}" bash -n "$f"
done
if command -v shellcheck >/dev/null; then
  for f in "${shell[@]}"; do
    check "shellcheck -S error ${f#"$here"/}" shellcheck -S error "$f"
  done
else
  echo "SKIPPED: shellcheck is not installed; the scripts are checked with bash -n only" >&2
fi

for f in "${shell[@]}"; do
  grep -q '^\. "$(dirname "$0")/lib.sh"' "$f" || continue
  name=${f#"$here"/}
  help=$("$f" --help 2>&1) || { same "$name --help exit" "$?" 0; continue; }
  checks=$((checks + 1))
  [ -n "$help" ] && [[ $help != *'#'* ]] || { echo "FAILED: $name --help: no header" >&2; failed=$((failed + 1)); }
  status=0
  "$f" --no-such-option >/dev/null 2>&1 </dev/null || status=$?
  # A script with positional arguments first may take the option for one and stop
  # on the next missing thing; all that counts is bad usage, 2.
  same "$name --no-such-option exit" "$status" 2
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo '{"time":1.5,"execs":10,"verdicts":{"sat":3}}'
  echo '{"client_stats":{}}'
  echo '{"time":2.5,"execs":20,"verdicts":{"sat":7,"unsat":1},"buckets":{}}'
  echo '{"time":3.5,"exe'
} >"$work/stats.jsonl"
same "stats last" "$(stats last "$work" execs verdicts.sat verdicts nothing)" \
  "$(printf '20\t7\t{"sat":7,"unsat":1}\t-')"
same "stats records" "$(stats records "$work" time | tr '\n' ' ')" "1.5 - 2.5 "
same "stats records as JSON" "$(stats records "$work" | wc -l)" 3
status=0
stats last "$work" nothing >/dev/null || status=$?
same "stats last without the field" "$status" 1
status=0
stats last "$work/none" execs >/dev/null 2>&1 || status=$?
same "stats last without stats.jsonl" "$status" 2
same "stats_jsonl.last" "$(PYTHONPATH="$here" python3 -c 'import sys; from stats_jsonl import last; print(last(sys.argv[1], "verdicts")["execs"])' "$work")" 20

# The notes of cores_list and pin past the set are expected here.
exec {note_fd}>/dev/null
allowed=$(python3 -c 'import os; print(*sorted(os.sched_getaffinity(0)))')
same "cores" "${cores[*]}" "$allowed"
same "cores_list 1" "$(cores_list 1)" "${cores[0]}"
same "cores_list past the set" "$(cores_list $((${#cores[@]} + 1)) 2>/dev/null)" "$(IFS=,; echo "${cores[*]}")"
same "pin 0" "$(pin 0 python3 -c 'import os; print(*sorted(os.sched_getaffinity(0)))')" "${cores[0]}"
same "pin past the set" "$(pin ${#cores[@]} python3 -c 'import os; print(*sorted(os.sched_getaffinity(0)))' 2>/dev/null)" "$allowed"

[ "$failed" = 0 ] || { echo "$failed of $checks checks failed" >&2; exit 1; }
echo "ok: $checks checks (affinity set: ${cores[*]})"
