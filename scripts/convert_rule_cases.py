#!/usr/bin/env python3
"""Converts rule_cases_alphagomoku.jsonl (JSON lines, see /work/shared/data/README.md) into the
plain text file tests/rule_cases.rs reads (the test crates parse no JSON).

Usage: scripts/convert_rule_cases.py tests/data/rule_cases_alphagomoku.jsonl > tests/data/rule_cases_alphagomoku.txt
"""
import json
import sys

HEADER = """\
# Converted by scripts/convert_rule_cases.py from rule_cases_alphagomoku.jsonl: the rule tests
# of AlphaGomoku (MaciejKozarzewski/AlphaGomoku, test/game/test_{caro,freestyle,renju,standard}.cpp).
# Per case: '# <source file> <test name>', 15 rows (top row is y = 0; X black, O white, '.' empty;
# the source marks checked points with '!', written here as '.'), then one line per check:
#   forbidden <x> <y> <side X|O> <true|false>    may <side> not play (x, y) under renju?
#   outcome <x> <y> <side> <RULE> <RESULT>       result after <side> plays (x, y) under RULE:
#       CROSS_WIN (X wins), CIRCLE_WIN (O wins: X played a forbidden point), UNKNOWN (no result)
"""


def main():
    out = [HEADER]
    for line in open(sys.argv[1]):
        case = json.loads(line)
        src = case["source"].split("/")[-1]
        out.append(f"# {src} {case['test']}\n")
        for row in case["board"]:
            cells = row.split()
            assert len(cells) == 15
            out.append("".join({"X": "X", "O": "O"}.get(c, ".") for c in cells) + "\n")
        for c in case["checks"]:
            if c["kind"] == "forbidden":
                out.append(f"forbidden {c['x']} {c['y']} {c['side']} {str(c['expected']).lower()}\n")
            else:
                out.append(f"outcome {c['x']} {c['y']} {c['side']} {c['rule']} {c['expected']}\n")
    sys.stdout.write("".join(out))


main()
