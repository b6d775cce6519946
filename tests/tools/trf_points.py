#!/usr/bin/env python3
"""trf_points.py - an independent reader of FIDE's Tournament Report File.

Reads the player records (001) of each TRF given (a file may hold
several tournaments, each from its 012 record) by the columns of TRF16
(counted in characters: points 81-84, then a round every 10 columns from
92: opponent 92-95, colour 97, result 99) and checks for each player that
the points field equals the sum of the round results (1 for 1 + W F U,
1/2 for = D H, 0 for the rest), and that every opponent named names the
player back in the same round. With --scores, prints "NAME<TAB>POINTS" a
line a player instead (after the checks).

Usage: trf_points.py [--scores] FILE.trf...
Exit status 1 with the differences on stderr; 0 when every file agrees.
"""
import sys

WHOLE = set("1+WFU")
HALF = set("=DH")


def rounds_of(line):
    """The (opponent, colour, result) of each round written on the line."""
    out = []
    column = 92
    while column <= len(line):
        field = line[column - 1:column + 7].ljust(8)
        opponent = field[0:4].strip() or "0"
        out.append((int(opponent), field[5], field[7].upper()))
        column += 10
    return out


def check(path, scores):
    problems = []
    players = {}
    with open(path, encoding="utf-8", newline="") as f:
        for number, line in enumerate(f.read().splitlines(), 1):
            if line.startswith("012"):
                # a new tournament: its start ranks are its own
                problems += mutual(path, players)
                players = {}
            if not line.startswith("001"):
                continue
            start = int(line[4:8])
            name = line[14:47].strip()
            points = float(line[80:84].strip() or "0")
            rounds = rounds_of(line)
            total = 0.0
            for _, _, result in rounds:
                total += 1.0 if result in WHOLE else 0.5 if result in HALF else 0
            if total != points:
                problems.append("%s:%d: %s: points %.1f, rounds %.1f"
                                % (path, number, name, points, total))
            players[start] = (name, rounds, number)
            scores.append((name, points))
    return problems + mutual(path, players)


def mutual(path, players):
    """Differences where an opponent does not name the player back."""
    problems = []
    for start, (name, rounds, number) in players.items():
        for r, (opponent, colour, result) in enumerate(rounds, 1):
            if opponent == 0 or result in "HFUZ ":
                continue
            other = players.get(opponent)
            back = other[1][r - 1] if other and len(other[1]) >= r else None
            if not back or back[0] != start:
                problems.append("%s:%d: %s: round %d's opponent %d does not"
                                " name the player back" % (path, number, name,
                                                           r, opponent))
    return problems


def main(argv):
    show = argv[:1] == ["--scores"]
    problems, scores = [], []
    for path in argv[1 if show else 0:]:
        problems += check(path, scores)
    for p in problems:
        print(p, file=sys.stderr)
    if show:
        for name, points in scores:
            print("%s\t%.1f" % (name, points))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
