# shellcheck shell=bash
# What the scripts share: their argument style, the cores they may pin to, the
# reader of a campaign's stats.jsonl. Sourced right after `set -euo pipefail`,
# before any `cd`:
#
#   . "$(dirname "$0")/lib.sh"
#
# The argument style: long options with a value (`--time 3m --seed N --out
# DIR`), `-h`/`--help` prints the script's header comment (line 2 to the first
# line that is not a comment), `--` ends the script's options and passes the
# rest to `equifuzz fuzz`; bad usage exits 2. A script's loop:
#
#   while [ $# -gt 0 ]; do
#     case "$1" in
#       --time) need_arg "$@"; time=$2; shift 2 ;;
#       --) shift; flags=("$@"); break ;;
#       -h|--help) usage; exit 0 ;;
#       *) bad_arg "$1" ;;
#     esac
#   done
#
# The cores: `cores` holds the process's affinity set (a container or CI runner
# may hand out {1} or {2,3}, not core 0), `pin N CMD...` runs CMD on the Nth of
# them, `cores_list N` names the first N as a `fuzz --cores` value.

# This folder (absolute), the script's name and its own path.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
script=$(basename "$0")
self=$(cd "$(dirname "$0")" && pwd)/$script

# usage: the script's header comment.
usage() {
  awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$self"
}

# die MSG: a failure (exit 1).
die() {
  echo "$script: $*" >&2
  exit 1
}

# usage_error MSG: bad usage (exit 2).
usage_error() {
  echo "$script: $*" >&2
  exit 2
}

# bad_arg ARG: an argument the script does not know.
bad_arg() {
  usage_error "unknown argument '$1' (see --help)"
}

# need_arg "$@": the option in $1 has a value in $2.
need_arg() {
  if [ $# -lt 2 ] || [ -z "$2" ]; then usage_error "$1 needs a value (see --help)"; fi
}

# help_first "$@": -h/--help before the positional arguments prints the usage and exits.
help_first() {
  case "${1:-}" in -h | --help) usage; exit 0 ;; esac
}

# The script's stderr as it was when sourced: notes from `pin` reach the
# terminal even when the command's stderr goes to a log.
exec {note_fd}>&2

# note MSG: a line on the script's stderr.
note() {
  echo "$script: $*" >&"$note_fd"
}

# The cores this process may run on, in order.
cores=()
read_cores() {
  local list range c
  list=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status 2>/dev/null || true)
  local IFS=,
  for range in $list; do
    if [[ $range == *-* ]]; then
      for ((c = ${range%-*}; c <= ${range#*-}; c++)); do cores+=("$c"); done
    else
      cores+=("$range")
    fi
  done
  [ ${#cores[@]} -gt 0 ] ||
    mapfile -t cores < <(python3 -c 'import os; print(*sorted(os.sched_getaffinity(0)), sep="\n")')
}
read_cores

# pin N CMD...: CMD on the Nth core (from 0) of the affinity set; unpinned,
# with a note, when the set has no Nth core.
pin() {
  local n=$1
  shift
  if [ "$n" -lt ${#cores[@]} ]; then
    taskset -c "${cores[$n]}" "$@"
  else
    note "the affinity set {$(IFS=,; echo "${cores[*]}")} has no core #$n (from 0): $(basename "$1") runs unpinned"
    "$@"
  fi
}

# cores_list N: the first N cores of the affinity set as a `--cores` value
# (`1,2`); fewer, with a note, when the set is smaller.
cores_list() {
  local n=$1
  if [ "$n" -gt ${#cores[@]} ]; then
    note "asked for $n cores, the affinity set is {$(IFS=,; echo "${cores[*]}")}"
    n=${#cores[@]}
  fi
  local IFS=,
  echo "${cores[*]:0:n}"
}

# stats ARGS...: scripts/stats_jsonl.py, the one reader of a campaign's
# stats.jsonl (`stats last OUT FIELD...`, `stats records OUT`). A Python
# heredoc imports it under PYTHONPATH="$here".
stats() {
  python3 "$here/stats_jsonl.py" "$@"
}
