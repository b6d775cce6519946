"""Writes the planted inconsistencies of tests/tournament/audit/ (the files
are committed; this script says how they were made):
python3 tests/tools/make_audit.py tests/tournament/audit

Each NAME.pgn is a small tournament, clean but for one kind of finding;
NAME.expect lists the findings rgn tournament --check must report, one a
line, "CODE GAMES": GAMES the game's number in the file (1 the first), or
several numbers joined by | when either is right (the finding may name
either game of a pair), or * for any number of findings of that code, on
any game (a finding that is about no single game, or about a whole
round). NAME.args holds options for rgn tournament (the system, so that
its recognition is not what is tested). NAME.same, when present, is a
--same-player file; the run with it must report nothing.
"""

import os
import sys

# A Swiss of 6 players, 3 rounds, colours alternating, every pair once.
PLAYERS = {"A": "Aalders, Ada", "B": "Brouwer, Bas", "C": "Claassen, Cor",
           "D": "Desmet, Zoë", "E": "Evers, Eef", "F": "Frans, Fien"}
RATINGS = {"A": 1910, "B": 1880, "C": 1850, "D": 1820, "E": 1790, "F": 1760}
SWISS = [[("A", "B", "1-0"), ("C", "D", "1/2-1/2"), ("E", "F", "0-1")],
         [("D", "A", "0-1"), ("F", "C", "1/2-1/2"), ("B", "E", "1-0")],
         [("A", "F", "1/2-1/2"), ("C", "B", "0-1"), ("E", "D", "1-0")]]
# A round robin of 4 players (Berger tables).
RR = [[("A", "D", "1-0"), ("B", "C", "1/2-1/2")],
      [("D", "C", "0-1"), ("A", "B", "1/2-1/2")],
      [("B", "D", "1-0"), ("C", "A", "0-1")]]
# A 6-player, 5-round schedule (Berger), as a Swiss: colours per game.
SIX = [[(0, 5), (1, 4), (2, 3)], [(4, 0), (5, 3), (1, 2)],
       [(0, 3), (4, 2), (5, 1)], [(2, 0), (3, 1), (4, 5)],
       [(0, 1), (2, 5), (3, 4)]]
SIX_RESULTS = ["1-0", "1/2-1/2", "0-1"]
# the games (in file order) whose colours are swapped: one player gets
# w w b b b (colour-sequence), or w w b w w (colour-difference).
SWAP_SEQUENCE = {0, 3, 4}
SWAP_DIFFERENCE = {0, 3, 4, 5, 10}

MATE = "1. f3 e5 2. g4 Qh4#"
MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7"
# Sam Loyd's stalemate in ten moves: Black, to move, has none.
STALEMATE = ("1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ "
             "Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6")
# A Rotary game (samples/promotion-attack.rgn) that Black wins by mate.
ROTARY_MATE = ("1. e4 e6 2. d4 d6 3. g4 b6 4. Ad3 Sb7>SE 5. h4 g6 6. d5 exd5 "
               "7. exd5 Sh8>NE 8. Ab5+ Kd9 9. Tfe3>SW Se5>SE 10. Txe5 dxe5 "
               "11. Ab5>E a6 12. Ac6>W Sxc6>N 13. dxc6 Td8>NW 14. Td1>SW Txd1 "
               "15. Raxd1+ Ke8>N 16. Sh2>SE f6 17. g5 Txa3 18. Sb1 Af7>SW "
               "19. gxf6 Axf6 20. Ag5 e4 21. Axf6>SW e3=Q>N+ 22. Kf1>N Ah3+ "
               "23. Kf2>NE Qe2+ 24. Kg3 Axh2>NW#")


def game(event, rnd, board, white, black, result, date, moves="",
         terminator=None, round_tag="default", elo=None, variant=None):
    tags = [("Event", event), ("Site", "Haarlem NED"), ("Date", date)]
    if round_tag == "default":
        tags.append(("Round", "%d.%d" % (rnd, board)))
    elif round_tag is not None:
        tags.append(("Round", round_tag))
    tags += [("White", white), ("Black", black), ("Result", result)]
    if variant:
        tags.append(("Variant", variant))
    text = "".join('[%s "%s"]\n' % t for t in tags)
    if elo:
        text += '[WhiteElo "%d"]\n[BlackElo "%d"]\n' % elo
    end = terminator or result
    return text + "\n" + (moves + " " if moves else "") + end + "\n"


def swiss_games(event, change=None, dates=("04.01", "04.08", "04.15")):
    """The Swiss's games as dicts; change(number, dict) may alter one."""
    games, number = [], 0
    for rnd, pairs in enumerate(SWISS, 1):
        for board, (w, b, result) in enumerate(pairs, 1):
            number += 1
            g = dict(event=event, rnd=rnd, board=board, white=PLAYERS[w],
                     black=PLAYERS[b], result=result,
                     date="2026." + dates[rnd - 1],
                     elo=(RATINGS[w], RATINGS[b]))
            if change:
                change(number, g)
            games.append(g)
    return games


def rr_games(event):
    games = []
    for rnd, pairs in enumerate(RR, 1):
        for board, (w, b, result) in enumerate(pairs, 1):
            games.append(dict(event=event, rnd=rnd, board=board,
                              white=PLAYERS[w], black=PLAYERS[b],
                              result=result, date="2026.05.%02d" % rnd,
                              elo=(RATINGS[w], RATINGS[b])))
    return games


def six_games(event, swapped):
    names = list(PLAYERS.values())
    games, number = [], 0
    for rnd, pairs in enumerate(SIX, 1):
        for board, (a, b) in enumerate(pairs, 1):
            w, bl = (names[b], names[a]) if number in swapped else \
                (names[a], names[b])
            games.append(dict(event=event, rnd=rnd, board=board, white=w,
                              black=bl, result=SIX_RESULTS[number % 3],
                              date="2026.06.%02d" % rnd, elo=(1800, 1800)))
            number += 1
    return games


def write(folder, name, games, expect, args="", same=None, ext=".pgn"):
    with open(os.path.join(folder, name + ext), "w") as f:
        f.write("\n".join(game(**g) for g in games))
    with open(os.path.join(folder, name + ".expect"), "w") as f:
        f.write("".join(line + "\n" for line in expect))
    if args:
        with open(os.path.join(folder, name + ".args"), "w") as f:
            f.write(args + "\n")
    if same:
        with open(os.path.join(folder, name + ".same"), "w") as f:
            f.write("".join("%s\t%s\n" % pair for pair in same))


def main():
    folder = sys.argv[1]
    swiss, rr = "--system swiss", "--system round-robin"

    write(folder, "clean-swiss", swiss_games("Clean Swiss"), [], swiss)
    write(folder, "clean-round-robin", rr_games("Clean Round Robin"), [], rr)

    def twice(n, g):
        if n == 6:  # round 2: Aalders again, Brouwer unpaired
            g["white"] = PLAYERS["A"]
    write(folder, "player-twice-in-round",
          swiss_games("Twice Swiss", twice),
          ["player-twice-in-round 6|4"], swiss)

    games = rr_games("Repeated Round Robin")
    games.append(dict(games[3], rnd=4, board=1, date="2026.05.04",
                      white=games[3]["black"], black=games[3]["white"]))
    write(folder, "repeated-pairing", games, ["repeated-pairing 7|4"], rr)

    games = rr_games("Missing Round Robin")
    del games[5]  # Claassen - Aalders never played
    write(folder, "missing-pairing", games, ["missing-pairing *"], rr)

    def no_round(n, g):
        if n == 2:
            g["round_tag"] = None
        if n == 5:
            g["round_tag"] = "?"
    write(folder, "missing-round", swiss_games("Roundless Swiss", no_round),
          ["missing-round 2", "missing-round 5"], swiss)

    def bad_round(n, g):
        if n == 4:
            g["round_tag"] = "2b"
        if n == 6:
            g["round_tag"] = "two"
    write(folder, "malformed-round",
          swiss_games("Malformed Swiss", bad_round),
          ["malformed-round 4", "malformed-round 6"], swiss)

    write(folder, "round-date-order",
          swiss_games("Dated Swiss", dates=("04.01", "04.08", "04.05")),
          ["round-date-order *"], swiss)

    def mismatch(n, g):
        if n == 3:
            g["terminator"] = "1-0"  # the tag says 0-1
    write(folder, "result-tag-mismatch",
          swiss_games("Mismatch Swiss", mismatch),
          ["result-tag-mismatch 3"], swiss)

    def mate(n, g):
        if n == 1:  # Black mates; the record says White won
            g["moves"] = MATE
    write(folder, "wrong-result", swiss_games("Mated Swiss", mate),
          ["wrong-result 1"], swiss)

    def stalemate(n, g):
        if n == 4:  # White stalemates Black; the record says Black won
            g["moves"] = STALEMATE
    write(folder, "wrong-result-stalemate",
          swiss_games("Stalemated Swiss", stalemate),
          ["wrong-result 4"], swiss)

    def rotary(n, g):
        g["variant"] = "Rotary"
        if n == 2:  # Black mates; the record says a draw
            g["moves"] = ROTARY_MATE
    write(folder, "wrong-result-rotary", swiss_games("Rotary Swiss", rotary),
          ["wrong-result 2"], swiss, ext=".rgn")

    def unfinished(n, g):
        if n == 8:
            g["result"] = "*"
    write(folder, "unfinished-game",
          swiss_games("Unfinished Swiss", unfinished),
          ["unfinished-game 8"], swiss)

    def moves(n, g):
        if n == 5:
            g["moves"] = MOVES
    games = swiss_games("Duplicate Swiss", moves)
    games.append(dict(games[4]))
    write(folder, "duplicate-game", games, ["duplicate-game 10|5"], swiss)

    def spelt(n, g):
        if n == 7:
            g["white"] = "Aalders, A."       # an initial
        if n == 8:
            g["black"] = "brouwer, bas"      # case
        if n == 9:
            g["white"] = "Eef Evers"         # order of the names
            g["black"] = "Desmet, Zoe"       # an accent
    write(folder, "same-player", swiss_games("Spelling Swiss", spelt),
          ["same-player 7|1", "same-player 8|1", "same-player 9|2",
           "same-player 9|3"], swiss,
          same=[("Aalders, A.", PLAYERS["A"]), ("brouwer, bas", PLAYERS["B"]),
                ("Eef Evers", PLAYERS["E"]), ("Desmet, Zoe", PLAYERS["D"])])

    # Brouwer: w w b b b, the third Black in round 5 (game 13)
    write(folder, "colour-sequence",
          six_games("Colour Sequence Swiss", SWAP_SEQUENCE),
          ["colour-sequence 13"], swiss)
    # Claassen: w w b w w, four Whites to one after round 5 (game 14)
    write(folder, "colour-difference",
          six_games("Colour Difference Swiss", SWAP_DIFFERENCE),
          ["colour-difference 14"], swiss)


if __name__ == "__main__":
    main()
