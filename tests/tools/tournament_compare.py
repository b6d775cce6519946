"""Compares the standings of `rgn tournament --format json` with those of
tests/tools/tournament_oracle.py (tests/tournament_oracle.sh).

Usage: tournament_compare.py LABEL ORACLE_JSON RGN_JSON
Prints each difference as "LABEL: EVENT: PLAYER: what: oracle X, rgn Y"
and exits 1 if there is one.

Compared: the tournaments (by event and site), their system, number
of rounds and tie-break rules, the players (by name), each player's
rank, score, games, rating and tie-breaks (numbers exactly, floats
after rounding to two decimals), and that rgn lists the players in rank order. DE is compared
by the order it sets: among players equal on score and on the tie-breaks
before DE, rgn's DE values must separate and order them as the oracle's
DE places do (whatever numbers rgn prints: places or points). ARO and TPR
of a player without a rated opponent: the oracle says null; rgn's null
or 0 are both taken.
"""

import json
import sys


def same(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) \
            and not isinstance(a, bool) and not isinstance(b, bool):
        return round(float(a), 2) == round(float(b), 2)
    return a == b


def main(label, oracle_path, rgn_path):
    problems = []

    def differ(where, what, oracle, rgn):
        problems.append("%s: %s: %s: oracle %s, rgn %s" % (
            label, where, what, json.dumps(oracle), json.dumps(rgn)))

    oracle = json.load(open(oracle_path))
    try:
        rgn = json.load(open(rgn_path))
    except ValueError as e:
        print("%s: rgn's output is not JSON (%s)" % (label, e))
        return 1
    mine = {(t["event"], t["site"]): t for t in oracle["tournaments"]}
    theirs = {(t.get("event"), t.get("site")): t
              for t in rgn.get("tournaments", [])}
    for key in sorted(set(mine) | set(theirs)):
        where = "%s, %s" % key
        if key not in theirs or key not in mine:
            differ(where, "tournament", key in mine, key in theirs)
            continue
        o, r = mine[key], theirs[key]
        for field in ("system", "rounds", "tiebreak_rules"):
            if not same(o[field], r.get(field)):
                differ(where, field, o[field], r.get(field))
        compare_players(where, o, r, differ)
    for p in problems:
        print(p)
    return 1 if problems else 0


def compare_players(where, o, r, differ):
    ours = {p["name"]: p for p in o["players"]}
    theirs = {p.get("name"): p for p in r.get("players", [])}
    ranks = [p.get("rank") for p in r.get("players", [])]
    if ranks != sorted(ranks, key=lambda x: (x is None, x)):
        differ(where, "players in rank order", "ranks ascending", ranks)
    for name in sorted(set(ours) | set(theirs), key=str):
        if name not in ours or name not in theirs:
            differ(where, "player %s" % name, name in ours, name in theirs)
            continue
        a, b = ours[name], theirs[name]
        for field in ("rank", "score", "games", "rating"):
            if not same(a[field], b.get(field)):
                differ(where, "%s: %s" % (name, field), a[field],
                       b.get(field))
        tbs = b.get("tiebreaks", {})
        for code, value in a["tiebreaks"].items():
            if code == "DE":
                continue
            got = tbs.get(code, "missing")
            if value is None and got in (None, 0):
                continue
            if not same(value, got):
                differ(where, "%s: %s" % (name, code), value, got)
    if "DE" in o["tiebreaks"]:
        compare_de(where, o, theirs, differ)


def compare_de(where, o, theirs, differ):
    """Within each group equal on score and the tie-breaks before DE, rgn's
    DE values order the players as the oracle's DE places do."""
    before = o["tiebreaks"][:o["tiebreaks"].index("DE")]
    groups = {}
    for p in o["players"]:
        key = tuple([p["score"]] + [p["tiebreaks"][c] for c in before])
        groups.setdefault(key, []).append(p)
    for group in groups.values():
        if len(group) < 2 or any(p["name"] not in theirs for p in group):
            continue
        places = [p["tiebreaks"]["DE"] for p in group]
        values = [theirs[p["name"]].get("tiebreaks", {}).get("DE")
                  for p in group]
        if None in values or "missing" in values:
            differ(where, "DE of %s" % ", ".join(p["name"] for p in group),
                   places, values)
            continue

        def agrees(sign):
            for i in range(len(group)):
                for j in range(len(group)):
                    po = (places[i] > places[j]) - (places[i] < places[j])
                    pr = (values[i] > values[j]) - (values[i] < values[j])
                    if po != sign * pr:
                        return False
            return True

        if not (agrees(1) or agrees(-1)):
            differ(where, "DE (oracle: places, 1 first; rgn: its values) "
                   "of %s" % ", ".join(p["name"] for p in group),
                   places, values)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
