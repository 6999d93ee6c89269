#!/usr/bin/env bash
# Which parts of the solver a campaign's edges are in: each covered edge mapped back to the
# function (and its class or namespace) of the instrumented libz3.
#
#   scripts/edges-by-function.sh --lib LIBZ3 OUT [OUT2] [--top N] [--sort only]
#
# OUT is a campaign's output folder: its edges.txt (written by `equifuzz fuzz` on an
# instrumented library) lists the covered map indexes. OUT may also be NAME=DIR,DIR,...: the
# edges of several campaigns pooled under one name (e.g. on=on/guided,on/unguided against
# default=off/guided,off/unguided). The map index of an edge is its
# sancov guard's place in the library's __sancov_guards section; each instrumented edge
# starts with `lea <guard>(%rip),%rdi; call __sanitizer_cov_trace_pc_guard`, so a
# disassembly (objdump) names the function of almost every guard (the few whose guard
# address is loaded otherwise are counted as "unattributed").
#
# Prints, per class or namespace (the function name without its last component; C API
# functions as "Z3 C API"), the instrumented edges, those covered by OUT (and OUT2), and with
# two folders the edges only one of them reached; the N largest groups (default 25; with
# --sort only, the N groups with the most edges only OUT reached), then the totals. Needs objdump (binutils) and python3.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
lib=""
top=25
sort=edges
outs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --lib) need_arg "$@"; lib=$2; shift 2 ;;
    --top) need_arg "$@"; top=$2; shift 2 ;;
    --sort) need_arg "$@"; sort=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) bad_arg "$1" ;;
    *) outs+=("$1"); shift ;;
  esac
done
[ -n "$lib" ] && [ -f "$lib" ] || { echo "edges-by-function.sh: --lib LIBZ3 (an instrumented libz3.so) is needed" >&2; exit 2; }
[ "${#outs[@]}" -ge 1 ] && [ "${#outs[@]}" -le 2 ] || { echo "edges-by-function.sh: one or two output folders" >&2; exit 2; }
[ "$sort" = edges ] || [ "$sort" = only ] || { echo "edges-by-function.sh: --sort edges|only" >&2; exit 2; }
[ "$sort" = edges ] || [ "${#outs[@]}" = 2 ] || { echo "edges-by-function.sh: --sort only needs two output folders" >&2; exit 2; }
for spec in "${outs[@]}"; do
  [[ $spec == *=* ]] && spec=${spec#*=}
  IFS=, read -r -a pool <<<"$spec"
  for o in "${pool[@]}"; do
  [ -f "$o/edges.txt" ] || { echo "edges-by-function.sh: no $o/edges.txt (a campaign on an instrumented library writes it)" >&2; exit 2; }
  done
done
command -v objdump >/dev/null || { echo "edges-by-function.sh: objdump not found (binutils)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
section=$(objdump -h "$lib" | awk '$2=="__sancov_guards" {print $4, $3}')
[ -n "$section" ] || { echo "edges-by-function.sh: $lib has no __sancov_guards section (not instrumented)" >&2; exit 2; }
objdump -d --no-show-raw-insn -C "$lib" | awk '
  /^[0-9a-f]+ <.*>:$/ { fn = substr($0, index($0, "<") + 1); sub(/>:$/, "", fn); last = ""; next }
  /lea .*,%rdi .*# [0-9a-f]+ / { a = $0; sub(/.*# /, "", a); sub(/ .*/, "", a); last = a; next }
  /call.*<__sanitizer_cov_trace_pc_guard@plt>/ { print last "\t" fn; last = "" }
' >"$work/calls.tsv"

PYTHONPATH="$here" python3 - "$section" "$work/calls.tsv" "$top" "$sort" "${outs[@]}" <<'EOF'
import sys
from collections import Counter

from edges_txt import covered

(vma, size), calls, top, sort = sys.argv[1].split(), sys.argv[2], int(sys.argv[3]), sys.argv[4]
outs = sys.argv[5:]
start, total = int(vma, 16), int(size, 16) // 4


def group(fn):
    """The class or namespace of a demangled function name."""
    if fn.startswith("Z3_"):
        return "Z3 C API"
    depth, cut = 0, len(fn)
    for i, c in enumerate(fn):
        if c in "<(":
            if c == "(" and depth == 0:
                cut = i
                break
            depth += 1
        elif c in ">)":
            depth -= 1
    name = fn[:cut]
    # Drop a return type (templates print one): the last space at depth 0.
    depth, space = 0, -1
    for i, c in enumerate(name):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == " " and depth == 0:
            space = i
    name = name[space + 1:]
    parts, depth, part = [], 0, ""
    i = 0
    while i < len(name):
        if name.startswith("::", i) and depth == 0:
            parts.append(part)
            part = ""
            i += 2
            continue
        c = name[i]
        depth += c == "<"
        depth -= c == ">"
        part += c
        i += 1
    parts.append(part)
    return "::".join(parts[:-1]) if len(parts) > 1 else "(free functions)"


owner = {}
for line in open(calls):
    addr, fn = line.rstrip("\n").split("\t", 1)
    if addr:
        index = (int(addr, 16) - start) // 4
        if 0 <= index < total:
            owner[index] = group(fn)
groups = Counter(owner.get(i, "unattributed") for i in range(total))


def pooled(spec):
    """NAME=DIR,DIR,... pools the campaigns' edges under NAME; a bare DIR is named by itself."""
    name, eq, dirs = spec.partition("=")
    if not eq:
        return spec.rstrip("/").split("/")[-1], covered(spec)
    return name, set().union(*(covered(d) for d in dirs.split(",")))


names, sets = zip(*map(pooled, outs))
counts = [Counter(owner.get(i, "unattributed") for i in s) for s in sets]
head = f"{'group':<44}{'edges':>8}" + "".join(f"{n[:12]:>13}" for n in names)
if len(sets) == 2:
    only = [Counter(owner.get(i, "unattributed") for i in sets[0] - sets[1]),
            Counter(owner.get(i, "unattributed") for i in sets[1] - sets[0])]
    head += f"{'only ' + names[0][:7]:>14}{'only ' + names[1][:7]:>14}"
print(f"{total} edges instrumented, {total - groups['unattributed']} attributed to a function")
print(head)
order = groups.most_common() if sort == "edges" else sorted(groups.items(), key=lambda gn: -only[0][gn[0]])
for g, n in order[:top]:
    row = f"{g[:43]:<44}{n:>8}" + "".join(f"{c[g]:>13}" for c in counts)
    if len(sets) == 2:
        row += f"{only[0][g]:>14}{only[1][g]:>14}"
    print(row)
row = f"{'all':<44}{total:>8}" + "".join(f"{len(s):>13}" for s in sets)
if len(sets) == 2:
    row += f"{len(sets[0] - sets[1]):>14}{len(sets[1] - sets[0]):>14}"
print(row)
never = sum(1 for g, n in groups.items() if all(c[g] == 0 for c in counts))
print(f"groups never reached: {never} of {len(groups)}, "
      f"{sum(n for g, n in groups.items() if all(c[g] == 0 for c in counts))} edges")
EOF
