"""Reading a campaign's stats.jsonl, for the scripts that summarise campaigns.

`equifuzz fuzz` appends one JSON record per monitor line to OUT/stats.jsonl;
a line cut short by an interrupt is skipped.
"""

import json
import os


def records(folder):
    """Every whole record of folder/stats.jsonl, in order."""
    for line in open(os.path.join(folder, "stats.jsonl")):
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
