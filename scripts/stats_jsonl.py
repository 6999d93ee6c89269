#!/usr/bin/env python3
"""Reading a campaign's stats.jsonl, for the scripts that summarise campaigns.

`equifuzz fuzz` appends one JSON record per monitor line to OUT/stats.jsonl;
a line cut short by an interrupt is skipped.

From Python (a script beside this file puts its own folder on sys.path, a
shell heredoc runs under PYTHONPATH="$here", the folder lib.sh names):

    from stats_jsonl import records, last

From the shell, one line per answer, values separated by tabs:

    scripts/stats_jsonl.py last OUT FIELD...     the last record that has the
                                                 first FIELD
    scripts/stats_jsonl.py records OUT [FIELD...] every record (as JSON without
                                                 FIELDs)

OUT is a campaign's folder (or a stats.jsonl itself). A FIELD is a key or a
dotted path (`verdicts.sat`); an absent one prints `-`, a number or a string
as itself, an object or a list as compact JSON. `last` exits 1 when no record
has the first FIELD (the line is printed all the same); 2 on bad usage or
without OUT/stats.jsonl.
"""

import json
import os
import sys


def records(folder):
    """Every whole record of folder/stats.jsonl (or of the file `folder`), in order."""
    path = folder if os.path.isfile(folder) else os.path.join(folder, "stats.jsonl")
    with open(path) as f:
        for line in f:
            try:
                yield json.loads(line)
            except ValueError:
                continue


def last(folder, key):
    """The last record that has `key`, or {}."""
    found = {}
    for r in records(folder):
        if key in r:
            found = r
    return found


def field(record, path):
    """The value at a dotted path of a record, or None."""
    value = record
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def show(value):
    if value is None:
        return "-"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"), sort_keys=True)
    return str(value)


def main(argv):
    usage = __doc__[__doc__.index("From the shell"):].rstrip()
    if len(argv) >= 1 and argv[0] in ("-h", "--help"):
        print(usage)
        return 0
    if len(argv) < 2 or argv[0] not in ("last", "records") or (argv[0] == "last" and len(argv) < 3):
        print(f"stats_jsonl.py: bad usage (see --help)\n{usage}", file=sys.stderr)
        return 2
    command, folder, fields = argv[0], argv[1], argv[2:]
    try:
        if command == "last":
            record = last(folder, fields[0].split(".")[0])
            print("\t".join(show(field(record, f)) for f in fields))
            return 0 if field(record, fields[0]) is not None else 1
        for record in records(folder):
            if fields:
                print("\t".join(show(field(record, f)) for f in fields))
            else:
                print(json.dumps(record, separators=(",", ":")))
    except FileNotFoundError as e:
        print(f"stats_jsonl.py: no {e.filename}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
