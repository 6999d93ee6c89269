#!/usr/bin/env python3
"""Does every finding of a campaign replay as written? (issue 39)

    scripts/replay-findings.py CAMPAIGN_DIR --lib LIBZ3 [--bin Z3_BINARY] [--equifuzz BIN]
                               [--dialect D] [--timeout 2000ms] [--jsonl OUT]

Each `.smt2` under CAMPAIGN_DIR/findings is replayed with `equifuzz run --jsonl` on the
library the campaign fuzzed (`--target z3 --solver-lib LIBZ3`) and, with --bin, on the
release's binary (`--target 'cmd:BIN -in'` in the same dialect). A replay *agrees* when its
first finding has the kind the file's header names (`; equifuzz finding: KIND`) at the
check-sat the header names (`; failed: check-sat K of N`, else the first). Otherwise it says
why: `no finding` (the replay judged every check without one: the verdicts are listed),
`other kind`, `other check`. Crashes are counted apart: a crash that does not replay is
nondeterminism or the in-process state, not a verdict that differs.

Prints one line per finding that does not agree and a table per target:
    target  files  agree  crash-not-replayed  no-finding  other-kind  other-check
Exit 0 (a measurement, not a test); 2 on bad usage.
"""

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

FINDINGS = {"unsound", "invalid-model", "invalid-core", "crash"}


def header(path):
    kind, check = None, 1
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.startswith(";"):
                break
            m = re.match(r"; equifuzz finding: (\S+)", line)
            if m:
                kind = m.group(1)
            m = re.match(r"; failed: check-sat (\d+) of (\d+)", line)
            if m:
                check = int(m.group(1))
    return kind, check


def replay(equifuzz, path, target, extra, timeout):
    cmd = [equifuzz, "run", str(path), "--target", target, "--timeout", timeout, "--jsonl"] + extra
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=600).stdout
    except subprocess.TimeoutExpired:
        return None
    rows = []
    for line in out.splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("campaign")
    ap.add_argument("--lib", required=True)
    ap.add_argument("--bin")
    ap.add_argument("--equifuzz", default="target/release/equifuzz")
    ap.add_argument("--dialect")
    ap.add_argument("--timeout", default="2000ms")
    ap.add_argument("--jsonl", help="write one JSON object per finding and target here")
    a = ap.parse_args()
    files = sorted(Path(a.campaign, "findings").rglob("*.smt2"))
    if not Path(a.campaign, "findings").is_dir():
        print(f"replay-findings.py: {a.campaign}/findings is not a folder", file=sys.stderr)
        sys.exit(2)
    dialect = ["--dialect", a.dialect] if a.dialect else []
    targets = [("lib", "z3", ["--solver-lib", a.lib] + dialect)]
    if a.bin:
        # The binary's version is not read from it: the library's dialect is the release's.
        if not a.dialect:
            m = re.search(r"z3-(\d+\.\d+\.\d+)", a.lib)
            dialect = ["--dialect", f"z3-{m.group(1)}"] if m else []
        targets.append(("bin", f"cmd:{a.bin} -in", dialect))
    log = open(a.jsonl, "w") if a.jsonl else None
    for name, target, extra in targets:
        counts = Counter()
        for path in files:
            kind, check = header(path)
            rows = replay(a.equifuzz, path, target, extra, a.timeout)
            if rows is None:
                why = "replay timed out"
            else:
                found = [(i, r) for i, r in enumerate(rows, 1) if r.get("kind") in FINDINGS]
                if kind == "crash" and not any(r["kind"] == "crash" for _, r in found):
                    why = "crash-not-replayed"
                elif not found:
                    why = "no-finding"
                elif found[0][1]["kind"] != kind:
                    why = "other-kind"
                elif found[0][0] != check:
                    why = "other-check"
                else:
                    why = "agree"
            counts[why] += 1
            if why not in ("agree", "crash-not-replayed"):
                verdicts = "; ".join(f"{i}: {r.get('verdict')}" for i, r in enumerate(rows or [], 1))
                print(f"{name} {why}: {path} (header: {kind} at {check}) -> {verdicts[:600]}")
            if log:
                log.write(json.dumps({"target": name, "file": str(path), "kind": kind,
                                      "check": check, "replay": why}) + "\n")
        cols = ["agree", "crash-not-replayed", "no-finding", "other-kind", "other-check",
                "replay timed out"]
        print(f"{name}\tfiles {len(files)}\t" + "\t".join(f"{c} {counts[c]}" for c in cols))


if __name__ == "__main__":
    main()
