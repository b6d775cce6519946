"""Writes the games of a TRF-16 file's player lines (001) as results-only
PGN, read the way rgn tournament's contract reads records: forfeits (+/-)
as a decisive Result with Termination "forfeit" ("--" when both lost),
byes (H half-point, F full-point, U pairing-allocated, Z zero-point) as
games against "BYE". Used once to turn the tie-break exercises of FIDE
(C.07) and of FIDE's TieBreakServer into tests/tournament/tbs-*.pgn.

Usage: trf_to_games.py FILE.trf EVENT SITE > FILE.pgn
"""
import sys

BYES = {"H": "1/2-1/2", "F": "1-0", "U": "1-0", "Z": "0-1", "-": "0-1",
        "+": "1-0"}


def read(path):
    players = {}
    for line in open(path, encoding="utf-8"):
        if not line.startswith("001"):
            continue
        number, name, rating = int(line[4:8]), line[14:47].strip(), \
            line[48:52].strip()
        rounds, k = [], 91
        while line[k:k + 8].strip():
            opponent = line[k:k + 4].strip()
            rounds.append((int(opponent or 0), line[k + 5], line[k + 7]))
            k += 10
        players[number] = (name, int(rating) if rating.isdigit() else 0,
                           rounds)
    return players


def main(path, event, site):
    players = read(path)
    games = []
    for number, (name, rating, rounds) in sorted(players.items()):
        for rnd, (opponent, colour, result) in enumerate(rounds, 1):
            tags = [("Event", event), ("Site", site),
                    ("Date", "2024.08.%02d" % rnd)]
            extra = []
            if opponent == 0:
                tags += [("Round", "%d.%d" % (rnd, 90 + number)),
                         ("White", name), ("Black", "BYE"),
                         ("Result", BYES[result])]
                if rating:
                    extra.append(("WhiteElo", str(rating)))
                terminator = BYES[result]
            elif colour == "w":
                other = players[opponent]
                if result in "+-":
                    theirs = other[2][rnd - 1][2]
                    pgn = "--" if result == "-" and theirs == "-" else \
                        BYES[result]
                    extra.append(("Termination", "forfeit"))
                else:
                    pgn = {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}[result]
                tags += [("Round", "%d.%d" % (rnd, number)), ("White", name),
                         ("Black", other[0]), ("Result", pgn)]
                if rating:
                    extra.append(("WhiteElo", str(rating)))
                if other[1]:
                    extra.append(("BlackElo", str(other[1])))
                terminator = "*" if pgn == "--" else pgn
            else:
                continue
            games.append("".join('[%s "%s"]\n' % t for t in tags + extra)
                         + "\n" + terminator + "\n")
    sys.stdout.write("\n".join(games))


if __name__ == "__main__":
    main(*sys.argv[1:4])
