#!/usr/bin/env python3
"""Does every entry of a triage report replay as written? (issue 42)

    scripts/replay-report.py CAMPAIGN_DIR [--equifuzz BIN] [--runs 3]

Reads CAMPAIGN_DIR/report.md (written by `equifuzz triage` or `report`) and runs each
bucket's `Replay:` command exactly as the report prints it (the word `equifuzz` is BIN; the
`# needs ...` tail is a comment, as in a shell), with `--jsonl` added, RUNS times. An entry
*replays* when a run's verdict kind is the one its file's header names (`; equifuzz
finding: KIND`) and, for a crash, at a site in the same source file with the same kind of
abort; `k/RUNS` is said, so a flaky entry shows as such rather than as a failure.

Prints one line per entry and a total; exit 0 when every entry replays at least once, 1
otherwise (a report whose formula does not do what it says is a bug of ours), 2 on bad
usage.
"""

import argparse
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path


def site_parts(text):
    """(file, abort) of a Z3 site `File: F Line: N WHAT`, or None."""
    m = re.search(r"File: (\S+)(?: Line: \d+)?\s*(.*)", text or "")
    if not m:
        return None
    path, what = m.group(1), m.group(2)
    path = path[path.rfind("src/"):] if "src/" in path else path
    if "NOT IMPLEMENTED YET" in what:
        return path, "not implemented"
    if "UNEXPECTED CODE WAS REACHED" in what or "UNREACHABLE" in what:
        return path, "unreachable"
    return path, "assertion"


def header(path, field):
    for line in Path(path).read_text(errors="replace").splitlines():
        if line.startswith(f"; {field}: "):
            return line[len(field) + 4:].strip()
        if not line.startswith(";"):
            break
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=Path)
    root = Path(__file__).resolve().parent.parent
    ap.add_argument("--equifuzz", default=str(root / "target/release/equifuzz"))
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    report = a.dir / "report.md"
    if not report.exists():
        print(f"{report}: no report (run `equifuzz triage {a.dir}` first)", file=sys.stderr)
        sys.exit(2)
    commands = re.findall(r"^Replay: `([^`]*)`", report.read_text(), re.M)
    if not commands:
        print(f"{report}: no Replay: line", file=sys.stderr)
        sys.exit(2)
    failed = 0
    for cmd in commands:
        words = shlex.split(cmd, comments=True)
        if not words or words[0] != "equifuzz" or len(words) < 3:
            print(f"?    {cmd}: not an `equifuzz run FILE ...` command")
            failed += 1
            continue
        file = words[2]
        want = header(file, "equifuzz finding")
        want_site = site_parts(header(file, "got")) if want == "crash" else None
        hits, said = 0, []
        for _ in range(a.runs):
            p = subprocess.run([a.equifuzz] + words[1:] + ["--jsonl"], capture_output=True, text=True)
            try:
                j = json.loads(p.stdout.splitlines()[0])
            except (IndexError, json.JSONDecodeError):
                said.append(f"no verdict (exit {p.returncode}): {p.stderr.strip()[:120]}")
                continue
            kind, verdict = j.get("kind"), j.get("verdict", "")
            same = kind == want and (want_site is None or site_parts(verdict) == want_site)
            hits += same
            if not same:
                said.append(f"{kind}: {verdict[:120]}")
        mark = "ok  " if hits else "FAIL"
        failed += hits == 0
        print(f"{mark} {hits}/{a.runs} {want:<14} {Path(file).name}" + (f"  ({said[0]})" if said else ""))
    print(f"{len(commands) - failed} of {len(commands)} report entries replay as written")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
