#!/usr/bin/env python3
"""Where a campaign's solver time goes on `unknown`: from the query log of
`equifuzz fuzz --query-log` (<out>/queries.tsv, one line per execution).

    scripts/unknown-time.py OUT_DIR_OR_QUERIES_TSV [--top N]

Prints: the share of queries and of solver time that ended unknown (and
timeout); the answer times of answered and unknown queries (percentiles:
an unknown ends at the soft limit, so its time says what the limit cost);
then, by category, by last transformation and by operator, how often a
query with it ends unknown ("lift": that rate over the campaign's) and how
much unknown time it accounts for. A feature with a high lift and a large
share of the unknown time is what a policy should spend less on.
"""
import argparse
import collections
import os
import sys

WASTED = ("unknown", "timeout")


def pct(values, q):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path")
    ap.add_argument("--top", type=int, default=12)
    a = ap.parse_args()
    path = os.path.join(a.path, "queries.tsv") if os.path.isdir(a.path) else a.path
    if not os.path.exists(path):
        sys.exit(f"unknown-time.py: no {path}: run the campaign with --query-log")
    rows = []
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 6:
                continue
            kind, ms, category, last, _chain, ops = parts
            rows.append((kind, float(ms), category, last, ops.split(",") if ops else []))
    if not rows:
        sys.exit(f"unknown-time.py: {path} is empty")
    total_ms = sum(r[1] for r in rows) or 1e-9
    n = len(rows)
    kinds = collections.Counter(r[0] for r in rows)
    kind_ms = collections.defaultdict(float)
    for r in rows:
        kind_ms[r[0]] += r[1]
    answered = kinds["sat"] + kinds["unsat"]
    print(f"{path}: {n} queries, {total_ms / 1e3:.1f} s in the solver")
    for k in sorted(kinds, key=lambda k: -kind_ms[k]):
        print(f"  {k:>16}: {kinds[k]:7} ({100 * kinds[k] / n:5.1f}% of queries, "
              f"{100 * kind_ms[k] / total_ms:5.1f}% of solver time)")
    wasted_ms = sum(kind_ms[k] for k in WASTED)
    print(f"  answered (sat/unsat): {answered}; unknown+timeout: "
          f"{sum(kinds[k] for k in WASTED)} taking {100 * wasted_ms / total_ms:.1f}% of solver time")
    for label, sel in (("answered", ("sat", "unsat")), ("unknown", ("unknown",)),
                       ("timeout", ("timeout",))):
        t = [r[1] for r in rows if r[0] in sel]
        if t:
            print(f"  {label:>8} ms: p50 {pct(t, .5):.1f}  p90 {pct(t, .9):.1f}  "
                  f"p95 {pct(t, .95):.1f}  p99 {pct(t, .99):.1f}  max {max(t):.1f}")
    base = sum(kinds[k] for k in WASTED) / n
    if wasted_ms == 0:
        print("no unknowns: nothing to break down")
        return

    def table(title, keys_of):
        count = collections.Counter()
        waste = collections.Counter()
        waste_ms = collections.defaultdict(float)
        for r in rows:
            for key in keys_of(r):
                count[key] += 1
                if r[0] in WASTED:
                    waste[key] += 1
                    waste_ms[key] += r[1]
        print(f"\nby {title} (most unknown time first)")
        print(f"  {'':24} {'queries':>8} {'unknown':>8} {'rate':>6} {'lift':>5} "
              f"{'unk s':>8} {'of unk time':>11}")
        for key in sorted(count, key=lambda k: -waste_ms[k])[:a.top]:
            rate = waste[key] / count[key]
            lift = rate / base if base else float("nan")
            print(f"  {key[:24]:24} {count[key]:8} {waste[key]:8} {100 * rate:5.1f}% "
                  f"{lift:5.2f} {waste_ms[key] / 1e3:8.1f} {100 * waste_ms[key] / wasted_ms:10.1f}%")

    table("category", lambda r: [r[2]])
    table("last transformation", lambda r: [r[3]])
    table("operator (a query counts once per operator it uses)", lambda r: r[4])


if __name__ == "__main__":
    main()
