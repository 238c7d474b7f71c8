#!/usr/bin/env python3
"""Writes tests/data/renju_oracle.txt: dense renju positions and black's forbidden points in
each, as decided by an independent implementation of the rule, the `renju` package on PyPI
(a port of the Piskvork referee's forbidden-move check; `pip install renju==0.1.0`).

Run by hand (the tests read only the committed file):

    python3 -m venv /tmp/renju-venv && /tmp/renju-venv/bin/pip install renju==0.1.0
    /tmp/renju-venv/bin/python scripts/gen_renju_oracle.py --count 20000 > tests/data/renju_oracle.txt
    /tmp/renju-venv/bin/python scripts/gen_renju_oracle.py --check-pictures tests/renju_pictures.rs

Every position is a legal game on 15x15 with black to move: moves alternate from black, black
never plays a point the oracle calls forbidden, and nobody has made a five (a move that would
win is not played). Games have 16..=90 stones. Half of them ("line" games) are built mostly
by extending a side's own stones along lines, so threes, fours and nested forbidden shapes
are common; the other half ("near" games) play near random stones.

Output, one position per line: the moves (`h8i9...`, letter = column from a, number = row
from 1), then black's forbidden points, each `<point>=<kind>` with kind 3 (double three),
4 (double four) or 6 (overline), row-major (row 1 first), or `-` if there are none.
"""
import argparse
import multiprocessing
import random
import re
import sys

from renju.check_forbid import ForbidChecker, get_foul_type

N = 15
KIND = {1: "3", 2: "4", 3: "6"}
DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def name(x, y):
    return f"{chr(ord('a') + x)}{y + 1}"


def on_board(x, y):
    return 0 <= x < N and 0 <= y < N


def run_length(grid, x, y, color, dx, dy):
    """Length of the run of `color` through (x, y) along (dx, dy) if (x, y) held `color`."""
    n = 1
    for s in (1, -1):
        a, b = x + s * dx, y + s * dy
        while on_board(a, b) and grid[a][b] == color:
            n += 1
            a, b = a + s * dx, b + s * dy
    return n


def wins(grid, x, y, color):
    """Would `color` on (x, y) end the game with a five? Black: exactly five; white: 5+."""
    runs = [run_length(grid, x, y, color, dx, dy) for dx, dy in DIRS]
    return 5 in runs if color == 1 else max(runs) >= 5


def pick(rng, grid, stones, color, mode):
    """A candidate point for `color` (may be occupied or off the board: the caller retries)."""
    own, opp = stones[color], stones[3 - color]
    everyone = own + opp
    if not everyone:
        return N // 2 + rng.randint(-2, 2), N // 2 + rng.randint(-2, 2)
    r = rng.random()
    if mode == "line" and own and r < 0.75:
        # extend one of our stones along a line: next to it, or one point further
        sx, sy = rng.choice(own)
        dx, dy = rng.choice(DIRS)
        k = rng.choice((1, 1, 1, 2)) * rng.choice((1, -1))
        return sx + k * dx, sy + k * dy
    if mode == "line" and r < 0.9:
        # answer next to an opponent stone along a line (blocks and counter-shapes)
        sx, sy = rng.choice(opp or own)
        dx, dy = rng.choice(DIRS)
        k = rng.choice((1, 1, 2)) * rng.choice((1, -1))
        return sx + k * dx, sy + k * dy
    if rng.random() < 0.05:
        return rng.randrange(N), rng.randrange(N)
    sx, sy = rng.choice(everyone)
    return sx + rng.randint(-2, 2), sy + rng.randint(-2, 2)


def may_be_forbidden(grid, x, y):
    """A cheap necessary condition (it only skips points that cannot be forbidden, so the
    oracle still decides every point that can): an overline or a double four in one line needs
    four or more other black stones within five points along one line; fours or threes in two
    lines need two or more in each of two lines."""
    counts = []
    for dx, dy in DIRS:
        c = 0
        for k in range(-5, 6):
            a, b = x + k * dx, y + k * dy
            if k != 0 and on_board(a, b) and grid[a][b] == 1:
                c += 1
        counts.append(c)
    return max(counts) >= 4 or sum(c >= 2 for c in counts) >= 2


def game(rng, mode):
    """A legal game of an even number of moves in 16..=90, or None if it got stuck."""
    length = rng.randint(8, 45) * 2
    grid = [[0] * N for _ in range(N)]
    stones = {1: [], 2: []}
    moves = []
    while len(moves) < length:
        color = 1 if len(moves) % 2 == 0 else 2
        for _ in range(300):
            x, y = pick(rng, grid, stones, color, mode)
            if not on_board(x, y) or grid[x][y] != 0:
                continue
            if wins(grid, x, y, color):
                continue
            if color == 1 and may_be_forbidden(grid, x, y) and get_foul_type(grid, x, y) != 0:
                continue
            break
        else:
            return None
        grid[x][y] = color
        stones[color].append((x, y))
        moves.append((x, y))
    return moves, grid


def forbidden_points(grid):
    """Black's forbidden points, row-major, as (x, y, kind). One checker is reused for all
    points of the position (its check restores the board after each call); the caller
    compares a sample against the package's public `get_foul_type` on every point."""
    checker = ForbidChecker(grid, 0, 0)
    out = []
    for y in range(N):
        for x in range(N):
            if grid[x][y] == 0 and may_be_forbidden(grid, x, y):
                f = checker.foulr(x, y, 0)
                if f:
                    out.append((x, y, f))
    return out


def position(args):
    """Position number k of the set: its own random stream, so the output does not depend on
    how many worker processes share the work."""
    seed, k = args
    rng = random.Random(f"{seed}-{k}")
    mode = "line" if k % 2 == 0 else "near"
    while True:
        g = game(rng, mode)
        if g is not None:
            break
    moves, grid = g
    pts = forbidden_points(grid)
    if k % 50 == 0:
        # the reused checker and the prefilter must answer like the package's public entry
        # point asked about every empty point
        slow = [(x, y, get_foul_type(grid, x, y)) for y in range(N) for x in range(N) if grid[x][y] == 0]
        assert [p for p in slow if p[2]] == pts, moves
    return moves, pts


def check_pictures(path):
    """Redraws every 15-row `check(&[...])` picture of tests/renju_pictures.rs with the
    oracle's marks and prints the ones that differ; exits non-zero if any does."""
    src = open(path).read()
    pictures = re.findall(r"fn (\w+)\(\) \{.*?check\(&\[(.*?)\]\);", src, re.S)
    bad = 0
    for name_, body in pictures:
        rows = re.findall(r'"([^"]*)"', body)
        if len(rows) != N:
            continue
        grid = [[0] * N for _ in range(N)]
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                grid[x][y] = {"X": 1, "O": 2}.get(ch, 0)
        marks = {(x, y): KIND[f] for x, y, f in forbidden_points(grid)}
        drawn = [
            "".join(marks.get((x, y), ".XO"[grid[x][y]]) for x in range(N)) for y in range(N)
        ]
        if drawn != rows:
            bad += 1
            print(f"{name_}: picture / oracle")
            for r, d in zip(rows, drawn):
                print(f"  {r}  {d}")
    print(f"{len(pictures)} pictures, {bad} differ from the oracle")
    sys.exit(1 if bad else 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check-pictures", metavar="RS", help="check tests/renju_pictures.rs instead")
    a = ap.parse_args()
    if a.check_pictures:
        check_pictures(a.check_pictures)
    print("# Generated by scripts/gen_renju_oracle.py (oracle: PyPI renju 0.1.0, the Piskvork")
    print(f"# referee's rule) --count {a.count} --seed {a.seed}. Per line: moves (black first,")
    print("# black to move), then black's forbidden points <point>=<3|4|6> row-major, or '-'.")
    kinds = {1: 0, 2: 0, 3: 0}
    with multiprocessing.Pool(a.jobs) as pool:
        work = ((a.seed, k) for k in range(a.count))
        for done, (moves, pts) in enumerate(pool.imap(position, work, chunksize=20), 1):
            for p in pts:
                kinds[p[2]] += 1
            line = "".join(name(x, y) for x, y in moves)
            marks = " ".join(f"{name(x, y)}={KIND[f]}" for x, y, f in pts) or "-"
            print(f"{line} {marks}")
            if done % 1000 == 0:
                print(
                    f"{done} positions; forbidden points: double-three {kinds[1]}, "
                    f"double-four {kinds[2]}, overline {kinds[3]}",
                    file=sys.stderr,
                    flush=True,
                )


if __name__ == "__main__":
    main()
