#!/bin/sh
# rgn db tree counts what a simple count written here counts, from the
# positions 'rgn convert --to json --json-fen' gives after every move:
# for a position, the games whose main line reaches it (the first time),
# the move each played next, their results, the average Elo of the
# player to move and the last date. The games: generated chess and
# Rotary games with Elos and dates, 70 copies of one chess game under
# other tags and results (a deep position many games reach), a few
# written here that transpose, reach a position twice or end on it, and
# the Rollerball and Rotary Chess samples.
# Positions: the starts, 1 and 2 plies deep, 10 and 30 plies deep, and
# one given by --moves.
# Usage: db_tree_count.sh RGN RGN_GEN CHESS_GEN SOURCE_DIR
set -u
rgn=$1 rgn_gen=$2 chess_gen=$3 src=$4
command -v python3 >/dev/null || { echo "FAIL: no python3"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

"$chess_gen" --games 150 --seed 11 >raw.pgn 2>/dev/null
"$rgn_gen" --games 80 --seed 12 >raw.rgn 2>/dev/null
cat >hand.pgn <<'EOF'
[Event "T"]
[Site "?"]
[Date "2020.01.02"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. Nf3 Nf6 2. Nc3 Nc6 1-0

[Event "T"]
[Site "?"]
[Date "2020.01.03"]
[Round "2"]
[White "A"]
[Black "B"]
[Result "0-1"]

1. Nc3 Nf6 2. Nf3 d5 0-1

[Event "T"]
[Site "?"]
[Date "2021.05.06"]
[Round "3"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Nc3 e5 1/2-1/2

[Event "T"]
[Site "?"]
[Date "2019.12.31"]
[Round "4"]
[White "A"]
[Black "B"]
[Result "*"]

1. Nf3 Nf6 2. Nc3 *

[Event "T"]
[Site "?"]
[Date "2020.01.01"]
[Round "5"]
[White "A"]
[Black "B"]
[Result "0-1"]
[WhiteElo "2400"]
[BlackElo "2201"]

1. Nf3 Nf6 2. Nc3 Nc6 0-1
EOF

# Elos (most games) and known dates; 70 copies of the first chess game
# that does not end in mate, each with its own round, result, Elos, date.
python3 - <<'PY'
import random, re
random.seed(13)
def games(path):
    return re.split(r"\n\n(?=\[Event )", open(path).read().strip())
results = ["1-0", "0-1", "1/2-1/2", "*"]
def retag(game, result=None):
    head, moves = game.split("\n\n", 1)
    lines = []
    for line in head.split("\n"):
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m.group(1) == "Date":
            line = '[Date "%d.%02d.%02d"]' % (random.randint(2000, 2024),
                                             random.randint(1, 12),
                                             random.randint(1, 28))
        elif m.group(1) == "Result" and result:
            line = '[Result "%s"]' % result
        lines.append(line)
        if m.group(1) == "Black" and random.random() < 0.8:
            lines.append('[WhiteElo "%d"]' % random.randint(1500, 2800))
            if random.random() < 0.9:
                lines.append('[BlackElo "%d"]' % random.randint(1500, 2800))
    if result:
        moves = moves.rstrip()
        moves = moves[:moves.rstrip().rfind(" ")] + " " + result
    return "\n".join(lines) + "\n\n" + moves.rstrip() + "\n"
for raw, out in (("raw.pgn", "chess.pgn"), ("raw.rgn", "rotary.rgn")):
    gs = games(raw)
    with open(out, "w") as f:
        f.write("\n".join(retag(g) for g in gs))
        if out == "chess.pgn":
            base = next(g for g in gs if "#" not in g)
            for n in range(70):
                copy = retag(base, random.choice(results))
                copy = re.sub(r'\[Round "[^"]*"\]', '[Round "copy %d"]' % n, copy)
                f.write("\n" + copy)
PY
for f in chess.pgn rotary.rgn; do
    if ! "$rgn" validate -q "$f"; then
        echo "FAIL: the generated $f is not valid"
        "$rgn" validate "$f" 2>&1 | head
        exit 1
    fi
done

# Rollerball and Rotary Chess: the samples.
cp "$src"/samples/rollerball-*.rgn "$src"/samples/rotary-chess-*.rgn .
others=$(echo rollerball-*.rgn rotary-chess-*.rgn)
# shellcheck disable=SC2086
"$rgn" db import -q --db t.rgndb chess.pgn rotary.rgn hand.pgn $others || {
    echo "FAIL: import, exit status $?"
    exit 1
}
# shellcheck disable=SC2086
"$rgn" convert -q --to json --json-fen chess.pgn rotary.rgn hand.pgn $others >games.json
start_chess=$("$rgn" fen -q --game 1 --ply 0 chess.pgn)
start_rotary=$("$rgn" fen -q --game 1 --ply 0 rotary.rgn)
start_rollerball=$("$rgn" fen -q --game 1 --ply 0 rollerball-mate.rgn)

# count.py list: the questions, a line each: VARIANT, POSITION, the
# option and its value. Starts; the positions most games reach 1 and 2
# plies deep; 10 plies deep in the copied game and in another; 30 plies
# deep in the copied game (beyond the openings the database keeps); the
# hand-written games' positions; by --moves, the first three moves of
# the first game, and the hand-written transposition.
# count.py check: db tree's answers (tree.N) against the count.
cat >count.py <<'PY'
import collections, json, sys
starts = {"Chess": sys.argv[1], "Rotary": sys.argv[2],
          "Rollerball": sys.argv[3]}
def key(fen):
    return " ".join(fen.split()[:-2])  # the counters aside
games = []
for line in open("games.json"):
    g = json.loads(line)
    fens = [g.get("start") or starts[g["variant"]]]
    fens += [m["fen"] for m in g["moves"]]
    games.append((g, fens, [key(f) for f in fens], [m["san"] for m in g["moves"]]))

def tree(variant, position):
    k = key(position)
    total, moves = 0, {}
    for g, fens, keys, sans in games:
        if g["variant"] != variant or k not in keys:
            continue
        total += 1
        i = keys.index(k)  # the first time
        if i == len(sans):
            continue  # the game ends there
        m = moves.setdefault(sans[i], {"move": sans[i], "games": 0, "white": 0,
                                      "draws": 0, "black": 0, "elos": [],
                                      "dates": []})
        m["games"] += 1
        r = g["result"]
        if r in ("1-0", "0-1", "1/2-1/2"):
            m[{"1-0": "white", "0-1": "black", "1/2-1/2": "draws"}[r]] += 1
        mover = "WhiteElo" if k.split()[1] == "w" else "BlackElo"
        if mover in g["tags"]:
            m["elos"].append(int(g["tags"][mover]))
        m["dates"].append(g["tags"]["Date"])
    return total, sorted(moves.values(),
                         key=lambda m: (-m["games"], m["move"].encode()))

if sys.argv[4] == "list":
    chess = [x for x in games if x[0]["variant"] == "Chess"]
    rotary = [x for x in games if x[0]["variant"] == "Rotary"]
    copied = next(x for x in chess if x[0]["tags"]["Round"] == "copy 0")
    hand = [x for x in chess if x[0]["tags"]["Event"] == "T"]
    def most(xs, ply):
        c = collections.Counter(x[2][ply] for x in xs if len(x[2]) > ply)
        k = c.most_common(1)[0][0]
        return next(x[1][ply] for x in xs if len(x[2]) > ply and x[2][ply] == k)
    asked = [("Chess", starts["Chess"]), ("Chess", most(chess, 1)),
             ("Chess", most(chess, 2)), ("Chess", copied[1][10]),
             ("Chess", chess[3][1][10]), ("Chess", copied[1][30]),
             ("Chess", hand[2][1][2]), ("Chess", hand[1][1][1]),
             ("Rotary", starts["Rotary"]), ("Rotary", most(rotary, 1)),
             ("Rotary", most(rotary, 2)), ("Rotary", rotary[5][1][10])]
    for variant in ("Rollerball", "Rotary Chess"):
        xs = [x for x in games if x[0]["variant"] == variant]
        asked += [(variant, xs[0][1][0]), (variant, xs[0][1][2]),
                  (variant, xs[-1][1][6])]
    for variant, position in asked:
        print("%s\t%s\t--position\t%s" % (variant, position, position))
    print("Chess\t%s\t--moves\t%s" % (chess[0][1][3], " ".join(chess[0][3][:3])))
    print("Chess\t%s\t--moves\t1. Nf3 Nf6 2. Nc3" % hand[0][1][3])
    sys.exit(0)

passed = failed = 0
for n, line in enumerate(open("asked"), 1):
    variant, position, option, value = line.rstrip("\n").split("\t")
    problems = []
    try:
        got = json.loads(open("tree.%d" % n).read())
    except ValueError as e:
        got = {}
        problems.append("not JSON: %s" % e)
    total, want = tree(variant, position)
    if got.get("games") != total:
        problems.append("games %s, counted %d" % (got.get("games"), total))
    if key(got.get("position", "")) != key(position):
        problems.append("position %s" % got.get("position"))
    fields = ("move", "games", "white", "draws", "black")
    w = [tuple(m[f] for f in fields) for m in want]
    g = [tuple(m.get(f) for f in fields) for m in got.get("moves", [])]
    if w != g:
        problems.append("moves (%s):\n    counted %s\n    tree    %s"
                        % (", ".join(fields), w[:6], g[:6]))
    else:
        for m, t in zip(want, got["moves"]):
            elo = sum(m["elos"]) / len(m["elos"]) if m["elos"] else None
            if (elo is None) != (t.get("elo") is None) or \
                    (elo is not None and abs(t["elo"] - elo) >= 1):
                problems.append("%s: elo %s, counted %s"
                                % (m["move"], t.get("elo"), elo))
            if t.get("last_date") != max(m["dates"]):
                problems.append("%s: last_date %s, counted %s"
                                % (m["move"], t.get("last_date"), max(m["dates"])))
    if value == "1. Nf3 Nf6 2. Nc3" and not problems:
        # counted by hand: 5 games reach it (one by transposition, one
        # after going back, one ends there); Nc6 twice (1-0, 0-1), d5
        # once (0-1), e5 once (a draw)
        if total != 5 or w != [("Nc6", 2, 1, 0, 1), ("d5", 1, 0, 0, 1),
                               ("e5", 1, 0, 1, 0)]:
            problems.append("the hand count: %d games, %s" % (total, w))
    if problems:
        failed += 1
        print("FAIL %s %s (%s)" % (option, value, variant))
        for p in problems:
            print("  " + p)
        for l in open("err.%d" % n).readlines()[:5]:
            print("  stderr: " + l.rstrip())
    else:
        passed += 1
print("db_tree_count: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
python3 count.py "$start_chess" "$start_rotary" "$start_rollerball" list >asked
n=0
while IFS="$(printf '\t')" read -r variant _ option value; do
    n=$((n + 1))
    "$rgn" db tree --db t.rgndb --variant "$variant" "$option" "$value" \
        --format json >"tree.$n" 2>"err.$n"
done <asked
python3 count.py "$start_chess" "$start_rotary" "$start_rollerball" check
