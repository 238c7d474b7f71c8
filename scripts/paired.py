#!/usr/bin/env python3
"""Compare two gorin-match runs played on the same openings, opening by opening.

    scripts/paired.py RUN_A RUN_B [RUN_A2 RUN_B2 ...]

Each RUN is a match folder (--out) whose openings.tsv gives engine A's results per opening.
Typical use: the same opponent (e.g. another engine at a fixed time) played once by a variant
(RUN_A) and once by the baseline (RUN_B), with the same --openings/--random-openings/--seed,
so that each opening pair was played by both. Openings are matched by their moves; the
difference of A's points per game on each opening removes most of the opening's own bias
(in freestyle most pairs are decided by the colour). Prints each run's score, then the mean
paired difference a game with its 95% interval (normal approximation over the pairs).
Several RUN_A RUN_B pairs (other seeds) are pooled.
"""
import csv
import math
import sys


def load(folder):
    """moves -> (points, games) for engine A, from FOLDER/openings.tsv."""
    rows = {}
    with open(f"{folder}/openings.tsv", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            moves = r["moves"] or r["opening"]
            games = int(r["games"])
            points = int(r["A_wins"]) + 0.5 * int(r["draws"])
            p, g = rows.get(moves, (0.0, 0))
            rows[moves] = (p + points, g + games)
    return rows


def score_line(name, rows):
    p = sum(v[0] for v in rows.values())
    g = sum(v[1] for v in rows.values())
    return f"{name}: {p:g}/{g} ({100.0 * p / g:.1f}%)" if g else f"{name}: no games"


def main(argv):
    if len(argv) < 2 or len(argv) % 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    diffs = []
    for a_dir, b_dir in zip(argv[0::2], argv[1::2]):
        a, b = load(a_dir), load(b_dir)
        print(score_line(a_dir, a))
        print(score_line(b_dir, b))
        common = [m for m in a if m in b and a[m][1] > 0 and a[m][1] == b[m][1]]
        skipped = len(set(a) | set(b)) - len(common)
        if skipped:
            print(f"  {skipped} openings not played the same number of times by both: left out")
        diffs += [a[m][0] / a[m][1] - b[m][0] / b[m][1] for m in common]
    n = len(diffs)
    if n < 2:
        print("fewer than two paired openings: no interval")
        return 1
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    split = sum(1 for d in diffs if d == 0)
    print(
        f"paired, A minus B a game: {100 * mean:+.1f}% [{100 * (mean - half):+.1f}%, {100 * (mean + half):+.1f}%]"
        f" ({n} openings; {split} with the same points in both runs)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
