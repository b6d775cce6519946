"""Writes the games of a TRF-16 file's player lines (001) as results-only
PGN, read the way rgn tournament's contract reads records: forfeits (+/-)
as a decisive Result with Termination "forfeit" ("--" when both lost),
byes (H half-point, F full-point, U pairing-allocated, Z zero-point) as
games against "BYE"; a round without a game or a bye (a blank result,
or blank columns) has no record. Used once to turn the tie-break
exercises of FIDE (C.07) and of FIDE's TieBreakServer into
tests/tournament/tbs-*.pgn, and by tests/tools/tiebreak_peers.py.

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
        rounds = []
        for k in range(91, len(line.rstrip("\n")), 10):
            field = line[k:k + 8].ljust(8)
            opponent = field[:4].strip()
            rounds.append((int(opponent or 0), field[5], field[7]))
        players[number] = (name, int(rating) if rating.isdigit() else 0,
                           rounds)
    return players


def games(path, event, site):
    """The games of the TRF file at path, as PGN text."""
    players = read(path)
    records = []
    for number, (name, rating, rounds) in sorted(players.items()):
        for rnd, (opponent, colour, result) in enumerate(rounds, 1):
            tags = [("Event", event), ("Site", site),
                    ("Date", "2024.08.%02d" % rnd)]
            extra = []
            if result == " ":
                continue  # an absence, or a game without its result
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
            records.append("".join('[%s "%s"]\n' % t for t in tags + extra)
                         + "\n" + terminator + "\n")
    return "\n".join(records)


if __name__ == "__main__":
    sys.stdout.write(games(*sys.argv[1:4]))
