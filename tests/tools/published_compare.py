"""Compares the standings of `rgn tournament --format json` with the
published standings of tests/tournament/published/NAME.expected
(tests/tournament_published.sh).

Usage: published_compare.py EXPECTED RGN_JSON

EXPECTED: lines "RANK<TAB>NAME<TAB>SCORE[<TAB>CODE=VALUE...]" ('#' starts a
comment; a line "tiebreaks: LIST" names the tie-breaks of the run). RANK
"=4" is a place the record shares: with n players marked "=4", rgn's rank
may be anything from 4 to 4 + n - 1. Tie-break values are compared after
rounding to two decimals. Prints each difference; exits 1 if there is one.
"""

import json
import sys


def read_expected(path):
    players = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#") or line.startswith("tiebreaks:"):
            continue
        fields = line.split("\t")
        tbs = dict(f.split("=", 1) for f in fields[3:])
        players.append({"rank": fields[0], "name": fields[1],
                        "score": float(fields[2]),
                        "tiebreaks": {k: float(v) for k, v in tbs.items()}})
    return players


def main(expected_path, rgn_path):
    label = expected_path.rsplit("/", 1)[-1]
    problems = []
    expected = read_expected(expected_path)
    try:
        doc = json.load(open(rgn_path, encoding="utf-8"))
    except ValueError as e:
        print("%s: rgn's output is not JSON (%s)" % (label, e))
        return 1
    tournaments = doc.get("tournaments", [])
    if len(tournaments) != 1:
        print("%s: rgn found %d tournaments, the record one" % (
            label, len(tournaments)))
        return 1
    got = {p.get("name"): p for p in tournaments[0].get("players", [])}
    shared = {}
    for p in expected:
        shared[p["rank"]] = shared.get(p["rank"], 0) + 1
    for p in expected:
        name = p["name"]
        if name not in got:
            problems.append("%s: no player %s in rgn's standings" % (label, name))
            continue
        g = got[name]
        rank = g.get("rank")
        if p["rank"].startswith("="):
            low = int(p["rank"][1:])
            high = low + shared[p["rank"]] - 1
            if not isinstance(rank, int) or not low <= rank <= high:
                problems.append("%s: %s: rank: published %s (%d to %d), rgn %s"
                                % (label, name, p["rank"], low, high, rank))
        elif rank != int(p["rank"]):
            problems.append("%s: %s: rank: published %s, rgn %s" % (
                label, name, p["rank"], rank))
        if round(float(g.get("score", -1)), 2) != p["score"]:
            problems.append("%s: %s: score: published %s, rgn %s" % (
                label, name, p["score"], g.get("score")))
        for code, value in p["tiebreaks"].items():
            mine = g.get("tiebreaks", {}).get(code)
            if not isinstance(mine, (int, float)) or \
                    round(float(mine), 2) != round(value, 2):
                problems.append("%s: %s: %s: published %s, rgn %s" % (
                    label, name, code, value, mine))
    for name in sorted(set(got) - {p["name"] for p in expected}, key=str):
        problems.append("%s: rgn has a player the record has not: %s" % (
            label, name))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
