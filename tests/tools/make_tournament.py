"""Writes the results-only tournaments of tests/tournament/ (seeded, so
the files are reproducible; they are committed, this script says how they
were made): python3 tests/tools/make_tournament.py tests/tournament

- rotary-round-robin.rgn: Rotary, 6 rated players, 5 rounds (Berger
  tables), two forfeits by Termination (walkover, forfeit).
- chess-swiss.pgn: chess, 9 players (one unrated), 7 rounds: a full-point
  bye each round the number of players present is odd, a forfeit win in
  round 3, a half-point bye asked for in round 4, a zero-point bye in
  round 2, a player withdrawn after round 5 (no game in rounds 6 and 7).
- chess-double-round-robin.pgn: chess, 4 rated players, 6 rounds.
- rotary-match.rgn: Rotary, 2 players, 6 games, colours alternating.
- chess-forfeit-signs.pgn: chess, 4 players, 3 rounds, the forfeits
  written as Result signs: +-, -+, 1F-0F, -- (today's validate calls
  these Result tags invalid: rgn tournament reads them all the same).
- chess-direct-encounter.pgn: chess, 6 players, 5 rounds, results chosen
  so that four players tie on 3 points and DE orders them in two steps
  (C 2 points among them; A and F 1.5, then F beat A; B 1), and the two
  on 1.5 are split by their game (D beat E).
- chess-round-robin-ties.pgn: chess, 6 players, 5 rounds, many draws so
  that players tie on score and DE has to decide.
"""

import os
import random
import sys

HEADER = """[Event "{event}"]
[Site "{site}"]
[Date "{date}"]
[Round "{round}"]
[White "{white}"]
[Black "{black}"]
[Result "{result}"]
"""


def game(out, event, site, rnd, board, white, black, result, ratings,
         variant=None, termination=None, day0=1):
    date = "2026.03.%02d" % (day0 + rnd - 1)
    text = HEADER.format(event=event, site=site, date=date,
                         round="%d.%d" % (rnd, board), white=white,
                         black=black, result=result)
    if variant:
        text = text.replace("[Date", '[Variant "%s"]\n[Date' % variant, 1)
    for colour, name in (("White", white), ("Black", black)):
        if ratings.get(name):
            text += '[%sElo "%d"]\n' % (colour, ratings[name])
    if termination:
        text += '[Termination "%s"]\n' % termination
    terminator = result if result in ("1-0", "0-1", "1/2-1/2", "*") else "*"
    if result in ("+-", "-+", "1F-0F", "--"):
        # the movetext of a forfeit: nothing was played
        terminator = {"+-": "1-0", "-+": "0-1", "1F-0F": "1-0",
                      "--": "*"}[result]
    out.append(text + "\n" + terminator + "\n")


def play(rng, ra, rb, draw=0.3):
    """A result drawn from the rating difference."""
    expected = 1 / (1 + 10 ** (((rb or 1500) - (ra or 1500)) / 400))
    x = rng.random()
    if x < draw:
        return "1/2-1/2"
    return "1-0" if rng.random() < expected else "0-1"


def berger(n):
    """Rounds of a round robin of n (even) players, as pairs of indexes
    (white, black), by FIDE's Berger tables."""
    rounds = []
    players = list(range(n))
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            pairs.append((a, b) if (i > 0 or r % 2 == 0) else (b, a))
        rounds.append(pairs)
        players = [players[0]] + [players[-1]] + players[1:-1]
    return rounds


def round_robin(rng, event, site, names, ratings, variant, double=False,
                forfeits=(), draw=0.3, results=None):
    out = []
    rounds = berger(len(names))
    if double:
        rounds = rounds + [[(b, a) for a, b in r] for r in rounds]
    for rnd, pairs in enumerate(rounds, 1):
        for board, (a, b) in enumerate(pairs, 1):
            w, bl = names[a], names[b]
            termination = None
            if (rnd, board) in forfeits:
                result, termination = forfeits[(rnd, board)]
            elif results:
                result = results[(w, bl)]
            else:
                result = play(rng, ratings.get(w), ratings.get(bl), draw)
            game(out, event, site, rnd, board, w, bl, result, ratings,
                 variant, termination)
    return out


def results_from_table(names, table):
    """Results of a crosstable written a row per player (first letter of
    the name): 1, 0, .5 against each in order, x against themselves,
    separated by spaces."""
    scores = {}
    for name in names:
        row = [None if c == "x" else float(c)
               for c in table[name[0]].split()]
        scores[name] = dict(zip(names, row))
    results = {}
    for a in names:
        for b in names:
            if a != b:
                assert scores[a][b] + scores[b][a] == 1, (a, b)
                results[(a, b)] = {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[
                    scores[a][b]]
    return results


def swiss(rng):
    event, site = "Utrecht Spring Swiss", "Utrecht NED"
    names = ["Bakker, Lotte", "Claes, Pieter", "de Wit, Sanne",
             "Hendriks, Tom", "Jacobs, Ilse", "Kok, Bram",
             "Meijer, Fleur", "Peeters, Joris", "Smit, Daan"]
    ratings = dict(zip(names, [2215, 2140, 2098, 2051, 1987, 1932, 1876,
                               1804, 0]))
    score = {n: 0.0 for n in names}
    met = {n: set() for n in names}
    whites = {n: 0 for n in names}
    had_bye = set()
    withdrawn_after = {"Jacobs, Ilse": 5}
    half_bye = {4: "Meijer, Fleur"}
    zero_bye = {2: "Kok, Bram"}
    forfeit_round = 3
    out = []
    for rnd in range(1, 8):
        present = [n for n in names if withdrawn_after.get(n, 99) >= rnd]
        board = 1
        for asked in (half_bye.get(rnd), zero_bye.get(rnd)):
            if asked:
                present.remove(asked)
                result = "1/2-1/2" if asked == half_bye.get(rnd) else "0-1"
                game(out, event, site, rnd, 90 + board, asked, "BYE",
                     result, ratings)
                score[asked] += 0.5 if result == "1/2-1/2" else 0
                board += 1
        present.sort(key=lambda n: (-score[n], -ratings[n], n))
        if len(present) % 2:
            bye = [n for n in present if n not in had_bye][-1]
            present.remove(bye)
            had_bye.add(bye)
            game(out, event, site, rnd, 99, bye, "BYE", "1-0", ratings)
            score[bye] += 1
        pairs = pair(present, met)
        for board, (a, b) in enumerate(pairs, 1):
            w, bl = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[w] += 1
            met[a].add(b)
            met[b].add(a)
            termination = None
            if rnd == forfeit_round and board == 2:
                result, termination = "1-0", "forfeit"
            else:
                result = play(rng, ratings[w], ratings[bl])
            game(out, event, site, rnd, board, w, bl, result, ratings,
                 termination=termination)
            score[w] += {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[result]
            score[bl] += {"1-0": 0, "0-1": 1, "1/2-1/2": 0.5}[result]
    return out


def pair(players, met):
    """Top-down pairing of players who have not met, backtracking."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for other in rest:
        if other not in met[first]:
            tail = pair([p for p in rest if p != other], met)
            if tail is not None:
                return [(first, other)] + tail
    return None


def main():
    folder = sys.argv[1]
    rng = random.Random(28)
    files = {}
    rotary = ["Aerts, Maud", "Bos, Thijs", "Dekker, Noor", "de Graaf, Ruben",
              "Visser, Anna", "Willems, Jan"]
    ratings = dict(zip(rotary, [1720, 1685, 1650, 1610, 1580, 1505]))
    files["rotary-round-robin.rgn"] = round_robin(
        rng, "Leiden Rotary Round Robin", "Leiden NED", rotary, ratings,
        "Rotary", forfeits={(2, 3): ("1-0", "walkover"), (4, 2): ("0-1", "forfeit")})
    files["chess-swiss.pgn"] = swiss(rng)
    drr = ["Adams, Kate", "Brown, Leo", "Clark, Mia", "Davis, Noah"]
    files["chess-double-round-robin.pgn"] = round_robin(
        rng, "Harbour Double Round Robin", "Bristol ENG", drr,
        dict(zip(drr, [2010, 1985, 1950, 1890])), None, double=True)
    match = ["Jansen, Emma", "Mulder, Kees"]
    out = []
    for rnd in range(1, 7):
        w, b = (match if rnd % 2 else match[::-1])
        game(out, "Rotary Club Match", "Delft NED", rnd, 1, w, b,
             play(rng, 1700, 1690), {"Jansen, Emma": 1700,
                                     "Mulder, Kees": 1690}, "Rotary")
    files["rotary-match.rgn"] = out
    signs = ["Ament, Bo", "Brink, Cas", "Cools, Dirk", "Dam, Eva"]
    files["chess-forfeit-signs.pgn"] = round_robin(
        rng, "Forfeit Signs", "Breda NED", signs,
        dict(zip(signs, [1800, 1750, 1700, 1650])), None,
        forfeits={(1, 1): ("+-", None), (2, 2): ("-+", None),
                  (3, 1): ("1F-0F", None), (3, 2): ("--", None)})
    de = ["A, Anna", "B, Bert", "C, Cora", "D, Dirk", "E, Els", "F, Fem"]
    table = {"A": "x 1 .5 1 .5 0", "B": "0 x .5 1 1 .5",
             "C": ".5 .5 x 1 0 1", "D": "0 0 0 x 1 .5",
             "E": ".5 0 1 0 x 0", "F": "1 .5 0 .5 1 x"}
    files["chess-direct-encounter.pgn"] = round_robin(
        rng, "Direct Encounter Cup", "Zwolle NED", de,
        dict(zip(de, [2000, 1990, 1980, 1970, 1960, 1950])), None,
        results=results_from_table(de, table))
    ties = ["Evers, Olga", "Faber, Rik", "Gerrits, Sara", "Hoek, Ties",
            "Jong, Vera", "Kuipers, Wim"]
    files["chess-round-robin-ties.pgn"] = round_robin(
        rng, "Tied Round Robin", "Gouda NED", ties,
        dict(zip(ties, [1900, 1900, 1900, 1900, 1900, 1900])), None,
        draw=0.6)
    for name, games in files.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write("\n".join(games))


if __name__ == "__main__":
    main()
