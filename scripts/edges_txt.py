"""Reading a campaign's edges.txt, for the scripts that compare campaigns.

`equifuzz fuzz` on an instrumented library writes OUT/edges.txt: the covered
map indexes, one per line or as an inclusive range "first-last".
"""


def covered(folder):
    """The set of map indexes listed in folder/edges.txt."""
    edges = set()
    for line in open(f"{folder}/edges.txt"):
        line = line.strip()
        if not line:
            continue
        first, _, last = line.partition("-")
        edges.update(range(int(first), int(last or first) + 1))
    return edges
