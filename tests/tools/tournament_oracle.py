"""A deliberately simple second computation of tournament standings and
FIDE tie-breaks (Tie-Break Regulations, handbook C.07, as in force from
August 2024 and as amended from 1 March 2026), for
tests/tournament_oracle.sh. It reads the games' tags only (never calls
rgn), groups them by Event and Site, and prints the standings as the
JSON of `rgn tournament --format json`.

Usage: tournament_oracle.py [--system SYSTEM] [--tiebreaks LIST]
                            [--tiebreak-rules 2024|2026] FILE...

How the records are read (as rgn tournament's contract says):
- Result tag 1-0, 0-1, 1/2-1/2, * (the movetext's terminator when the tag
  is missing);
- forfeits: a decisive Result with Termination forfeit, unplayed,
  walkover or default; Result +-, -+, +/-, -/+, 1F-0F, 0F-1F; -- or 0-0
  (both lose);
- byes: White or Black "BYE" (any case) or "-": the other player gets the
  Result's points (1 a full-point bye, 1/2 a half-point bye, 0 a
  zero-point bye);
- Round "3" or "3.2" is round 3; a player with no game in a round was
  absent (0 points, unplayed).

The rules followed, read from C.07 (2024), loops over rounds:
- unplayed rounds (Art. 16): forfeit wins and losses, byes, absences.
  Voluntarily unplayed rounds (VUR) are the unplayed rounds that did not
  bring a win: forfeit losses, half- and zero-point byes, absences. A
  pairing-allocated (full-point) bye and a forfeit win are not VUR.
- in a round robin (single, double, match) a forfeit counts as a game
  played against the scheduled opponent; a bye (odd number of players)
  counts for nothing but the score.
- in a Swiss, a participant's own unplayed round counts, for BH and SB, a
  dummy opponent whose score is the participant's own final score (SB:
  times the points the participant got in that round). Under the 2026
  rules that score is at most the scheduled opponent's (as an opponent
  counts for BH) when the round had one (a forfeit), else at most half
  the rounds (a bye, an absence).
- the rules: --tiebreak-rules, else those in force on the last Date of
  the tournament's games whose year is known (an unknown month or day
  counted as late as it can be): 2026 from 2026.03.01 on, else 2024;
  2026 when no game has a date.
- the score of an opponent, for BH and SB, is their final score with the
  rounds after their last round that is not a VUR (withdrawal) counted as
  draws, when those rounds have no scheduled opponent (Swiss only).
- BH-C1 cuts the least value, a VUR's value first (the least of the
  VURs'); BH-M1 cuts the least (same rule) and the highest.
- SB: sum of opponent's score times the points scored against them.
- WIN: rounds with a full point, played or not; WON: games won over the
  board; BPG: games played over the board with Black.
- DE: among the players tied on score and the earlier tie-breaks, points
  scored against each other. When every pair of them has met, the order
  of these points; else a player is placed above the rest only when no
  result of their missing games could change it (walking down from the
  top), the others stay tied. Repeated on each subgroup still tied.
- ARO: average rating of the opponents of the games played over the
  board, unrated opponents left out, rounded half up; TPR = ARO + dp(p),
  p = points in those games / their number, rounded half up to two
  decimals, dp from FIDE's table (B.02). None when no rated opponent.
- KS: points scored against opponents (scheduled ones, forfeits
  included) whose final score is at least half the number of rounds.
- games: games played over the board (not forfeits, not byes).
- rank: by score, then the tie-breaks in the order given; players equal
  on all of them share the rank (1, 2, 2, 4).
"""

import json
import re
import sys
from fractions import Fraction

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
TERMINATORS = ("1-0", "0-1", "1/2-1/2", "*")
FORFEIT_TERMINATIONS = ("forfeit", "unplayed", "walkover", "default")
HALF = Fraction(1, 2)

# FIDE's table of dp (rating difference) for a fraction p >= 0.50 of the
# maximum score, p in hundredths: DP[50] = 0 ... DP[100] = 800.
DP_FROM_50 = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102,
              110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202,
              211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
              351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]


def dp(hundredths):
    if hundredths >= 50:
        return DP_FROM_50[hundredths - 50]
    return -DP_FROM_50[50 - hundredths]


def round_half_up(x):
    """x a Fraction; the nearest integer, halves up."""
    return int((x + HALF) // 1)


def read_games(paths):
    """Each game as a dict of its tags, with the movetext's terminator
    under the key '_terminator'."""
    games = []
    for path in paths:
        tags, movetext, in_tags = {}, [], False
        lines = open(path, encoding="utf-8-sig").read().splitlines() + [""]
        for line in lines + ["[Event \"\"]"]:
            m = TAG.match(line.strip())
            if m:
                if not in_tags and tags:
                    games.append(finish(tags, movetext))
                    tags, movetext = {}, []
                in_tags = True
                tags[m.group(1)] = m.group(2)
            else:
                in_tags = False
                if not line.startswith("%"):
                    movetext.append(line)
        # the sentinel [Event ""] opened a last, empty game: dropped
    return games


def finish(tags, movetext):
    text = re.sub(r"\{[^}]*\}", " ", " ".join(movetext)).split()
    tags["_terminator"] = text[-1] if text and text[-1] in TERMINATORS else ""
    return tags


def is_bye_name(name):
    return name.strip().lower() in ("bye", "-")


def read_result(tags):
    """(white points, black points, played) or None for '*' / unknown."""
    result = tags.get("Result", tags["_terminator"]).strip()
    if result in ("+-", "+/-", "1F-0F"):
        return 1, 0, False
    if result in ("-+", "-/+", "0F-1F"):
        return 0, 1, False
    if result in ("--", "0-0"):
        return 0, 0, False
    points = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (HALF, HALF)}
    if result not in points:
        return None
    w, b = points[result]
    forfeit = tags.get("Termination", "").strip().lower() in \
        FORFEIT_TERMINATIONS and result != "1/2-1/2"
    return w, b, not forfeit


def rating_of(text):
    text = (text or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


class Entry:
    """A player's round: opponent (None for a bye or absence), colour,
    points, whether played over the board, and its kind."""

    def __init__(self, opponent, colour, points, played, kind):
        self.opponent, self.colour = opponent, colour
        self.points, self.played, self.kind = Fraction(points), played, kind

    def vur(self):
        return not self.played and self.points < 1


class Tournament:
    def __init__(self, event, site):
        self.event, self.site = event, site
        self.rounds = {}        # player -> {round: Entry}
        self.last_date = None
        self.rules = None
        self.rating = {}
        self.pairs = {}         # frozenset of two players -> games

    def add_player(self, name, rating):
        self.rounds.setdefault(name, {})
        if rating is not None and name not in self.rating:
            self.rating[name] = rating

    def add(self, tags):
        self.note_date(tags.get("Date", ""))
        m = re.match(r"^(\d+)(\.\d+)?$", tags.get("Round", "").strip())
        result = read_result(tags)
        if not m or result is None:
            return  # no round or unfinished: not in the standings
        rnd = int(m.group(1))
        white, black = tags.get("White", "?"), tags.get("Black", "?")
        w, b, played = result
        if is_bye_name(black) or is_bye_name(white):
            player, points = (white, w) if is_bye_name(black) else (black, b)
            self.add_player(player, rating_of(tags.get(
                "WhiteElo" if player == white else "BlackElo")))
            kind = {1: "pab", HALF: "hpb", 0: "zpb"}[points]
            self.rounds[player][rnd] = Entry(None, None, points, False, kind)
            return
        self.add_player(white, rating_of(tags.get("WhiteElo")))
        self.add_player(black, rating_of(tags.get("BlackElo")))
        self.rounds[white][rnd] = Entry(black, "w", w, played, "game")
        self.rounds[black][rnd] = Entry(white, "b", b, played, "game")
        pair = frozenset((white, black))
        self.pairs[pair] = self.pairs.get(pair, 0) + 1

    def note_date(self, date):
        m = re.match(r"^(\d{4})[./-]([\d?]{2})[./-]([\d?]{2})$",
                     date.strip())
        if m:
            late = ".".join(x.replace("?", "9") for x in m.groups())
            self.last_date = max(self.last_date or "", late)

    def finish(self, system):
        self.n = max((r for p in self.rounds.values() for r in p), default=0)
        for player, entries in self.rounds.items():
            for rnd in range(1, self.n + 1):
                if rnd not in entries:
                    entries[rnd] = Entry(None, None, 0, False, "absent")
        self.system = system or self.recognise()
        self.rr = self.system != "swiss"
        if self.rules is None:
            self.rules = 2026 if self.last_date is None or \
                self.last_date >= "2026.03.01" else 2024

    def recognise(self):
        players = sorted(self.rounds)
        if len(players) == 2:
            return "match"
        counts = set()
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                counts.add(self.pairs.get(frozenset((a, b)), 0))
        if counts == {1}:
            return "round-robin"
        if counts == {2}:
            return "double-round-robin"
        return "swiss"

    def score(self, player):
        return sum(e.points for e in self.rounds[player].values())

    def counts_as_played(self, entry):
        """A game against a real opponent for the opponent-based
        tie-breaks: over the board, or a forfeit in a round robin."""
        return entry.opponent is not None and (entry.played or self.rr)

    def score_for_opponents(self, player):
        """Art. 16: the rounds after the last round that is not a VUR,
        without a scheduled opponent, count as draws (Swiss)."""
        entries = self.rounds[player]
        last = max([r for r, e in entries.items() if not e.vur()],
                   default=0)
        total = Fraction(0)
        for rnd in range(1, self.n + 1):
            e = entries[rnd]
            if rnd > last and e.opponent is None and not self.rr:
                total += HALF
            else:
                total += e.points
        return total

    def opponent_values(self, player):
        """For BH and SB: per round (opponent's score, points scored, VUR)."""
        values = []
        own = self.score(player)
        for rnd in range(1, self.n + 1):
            e = self.rounds[player][rnd]
            if self.counts_as_played(e):
                values.append((self.score_for_opponents(e.opponent),
                               e.points, False))
            elif not self.rr:
                dummy = own
                if self.rules == 2026:
                    most = self.score_for_opponents(e.opponent) \
                        if e.opponent is not None else Fraction(self.n, 2)
                    dummy = min(own, most)
                values.append((dummy, e.points, e.vur()))
        return values

    def buchholz(self, player, low, high):
        values = [(score, vur) for score, _, vur in
                  self.opponent_values(player)]
        for _ in range(low):
            if not values:
                break
            vurs = [v for v in values if v[1]]
            values.remove(min(vurs or values))
        for _ in range(high):
            if not values:
                break
            values.remove(max(values, key=lambda v: v[0]))
        return sum(v[0] for v in values)

    def sonneborn_berger(self, player):
        return sum(score * points for score, points, _ in
                   self.opponent_values(player))

    def played_games(self, player):
        return [e for e in self.rounds[player].values()
                if e.played and e.opponent is not None]

    def aro_tpr(self, player):
        rated = [e for e in self.played_games(player)
                 if e.opponent in self.rating]
        if not rated:
            return None, None
        aro = round_half_up(Fraction(sum(self.rating[e.opponent]
                                         for e in rated), len(rated)))
        p = sum(e.points for e in rated) / len(rated)
        return aro, aro + dp(round_half_up(p * 100))

    def koya(self, player):
        limit = Fraction(self.n, 2)
        return sum(e.points for e in self.rounds[player].values()
                   if e.opponent is not None
                   and self.score(e.opponent) >= limit)

    def tiebreak(self, code, player):
        if code == "BH":
            return self.buchholz(player, 0, 0)
        if code == "BH-C1":
            return self.buchholz(player, 1, 0)
        if code == "BH-M1":
            return self.buchholz(player, 1, 1)
        if code == "SB":
            return self.sonneborn_berger(player)
        if code == "WIN":
            return sum(1 for e in self.rounds[player].values()
                       if e.points == 1)
        if code == "WON":
            return sum(1 for e in self.played_games(player) if e.points == 1)
        if code == "BPG":
            return sum(1 for e in self.played_games(player)
                       if e.colour == "b")
        if code == "ARO":
            return self.aro_tpr(player)[0]
        if code == "TPR":
            return self.aro_tpr(player)[1]
        if code == "KS":
            return self.koya(player)
        raise SystemExit("oracle: no tie-break %s" % code)

    # Direct encounter ----------------------------------------------

    def de_points(self, player, group):
        """Points against the others of the group, and how many of them
        were never met."""
        points, met = Fraction(0), set()
        for e in self.rounds[player].values():
            if e.opponent in group and self.counts_as_played(e):
                points += e.points
                met.add(e.opponent)
        return points, len(group) - 1 - len(met)

    def direct_encounter(self, group):
        """The group split into ordered subgroups by DE (Art. 6)."""
        if len(group) < 2:
            return [group]
        info = {p: self.de_points(p, set(group)) for p in group}
        order = sorted(group, key=lambda p: -info[p][0])
        if all(missing == 0 for _, missing in info.values()):
            subgroups = []
            for p in order:
                if subgroups and info[subgroups[-1][0]][0] == info[p][0]:
                    subgroups[-1].append(p)
                else:
                    subgroups.append([p])
        else:
            # a player above all the rest only when none of them could
            # reach his points by winning all their missing games
            subgroups = []
            rest = order[:]
            while len(rest) > 1:
                top = rest[0]
                best_of_others = max(info[p][0] + info[p][1]
                                     for p in rest[1:])
                if info[top][0] > best_of_others:
                    subgroups.append([top])
                    rest = rest[1:]
                else:
                    break
            subgroups.append(rest)
        result = []
        for sub in subgroups:
            if 1 < len(sub) < len(group):
                result.extend(self.direct_encounter(sub))
            else:
                result.append(sub)
        return result

    # Standings ----------------------------------------------------

    def standings(self, codes):
        players = sorted(self.rounds)
        values = {p: {} for p in players}
        de_extra = {}
        for p in players:
            for code in codes:
                if code != "DE":
                    values[p][code] = self.tiebreak(code, p)
        # groups of players equal so far, split code by code
        groups = [players]
        keys = ["score"] + codes
        for p in players:
            values[p]["score"] = self.score(p)
        for key in keys:
            new_groups = []
            for group in groups:
                if key == "DE":
                    subs = self.direct_encounter(group)
                    for place, sub in enumerate(subs, 1):
                        for p in sub:
                            # points against the group, and the place
                            values[p]["DE"] = place
                            de_extra[p] = self.de_points(p, set(group))[0]
                    new_groups.extend(subs)
                    continue
                ordered = sorted(group, key=lambda p: sort_key(values[p][key]),
                                 reverse=True)
                for p in ordered:
                    if new_groups and new_groups[-1][0] in group and \
                            values[new_groups[-1][0]][key] == values[p][key]:
                        new_groups[-1].append(p)
                    else:
                        new_groups.append([p])
            groups = new_groups
        out, rank = [], 1
        for group in groups:
            for p in sorted(group):
                out.append(self.player_json(p, rank, values[p], codes,
                                            de_extra.get(p)))
            rank += len(group)
        return out

    def player_json(self, p, rank, values, codes, de_points):
        tbs = {}
        for code in codes:
            tbs[code] = number(values[code])
        entry = {"name": p, "rank": rank, "score": number(values["score"]),
                 "games": len(self.played_games(p)),
                 "rating": self.rating.get(p), "tiebreaks": tbs}
        if de_points is not None:
            entry["de_points"] = number(de_points)
        return entry


def sort_key(value):
    return -1 if value is None else value


def number(x):
    if x is None:
        return None
    if isinstance(x, Fraction) and x.denominator != 1:
        return float(x)
    return int(x)


def main(argv):
    system, codes, rules, paths = None, None, None, []
    i = 0
    while i < len(argv):
        if argv[i] == "--system":
            system, i = argv[i + 1], i + 2
        elif argv[i] == "--tiebreak-rules":
            rules, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--tiebreaks":
            codes = [c.strip().upper().replace("/", "-")
                     for c in argv[i + 1].split(",")]
            i += 2
        else:
            paths.append(argv[i])
            i += 1
    if codes is None:
        codes = ["BH", "BH-C1", "BH-M1", "SB", "WIN", "WON", "BPG", "DE",
                 "ARO", "TPR", "KS"]
    tournaments = {}
    for tags in read_games(paths):
        site = tags.get("Site", "?")
        # a Site of "?" (unknown) is none
        key = (tags.get("Event", "?"), "" if site == "?" else site)
        if key not in tournaments:
            tournaments[key] = Tournament(*key)
        tournaments[key].add(tags)
    out = []
    for t in tournaments.values():
        t.rules = rules
        t.finish(system)
        out.append({"event": t.event, "site": t.site, "system": t.system,
                    "rounds": t.n, "tiebreaks": codes,
                    "tiebreak_rules": t.rules,
                    "players": t.standings(codes)})
    json.dump({"tournaments": out}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
