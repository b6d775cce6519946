#!/bin/sh
# rgn select picks the same games as independent judges, on generated
# chess games whose tags are varied (names, dates partly unknown, Elos):
# Debian's pgn-extract for tag criteria (-t), mate (--checkmate) and
# stalemate (--stalemate); a deliberately simple matcher written here in
# Python, over the positions 'rgn convert --to fen' prints, for
# --position, --pattern and --material. Games are compared by their Round
# tag (chess-gen numbers them). pgn-extract's -z material matching
# selects fewer games than it describes on these files, so material is
# checked against the Python matcher only. Last, --jobs 2 selects what
# --jobs 1 does.
# Usage: select_oracles.sh RGN CHESS_GEN
set -u
rgn=$1 chess_gen=$2
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0

"$chess_gen" --games 400 --seed 3 >"$tmp/gen.pgn" 2>/dev/null
python3 - "$tmp/gen.pgn" >"$tmp/games.pgn" <<'PY'
import random, re, sys
random.seed(5)
names = ["Tal, Mikhail", "Fischer, Robert", "Carlsen, Magnus",
         "Talbot, Ann", "Kasparov, Garry", "Polgar, Judit"]
for line in open(sys.argv[1]):
    m = re.match(r'\[(\w+) "(.*)"\]', line)
    if m and m.group(1) == "Date":
        y = random.choice(["2016", "2017", "2018", "2019", "????"])
        mo = random.choice(["01", "06", "12", "??"])
        d = "??" if mo == "??" else random.choice(["01", "15", "31", "??"])
        line = '[Date "%s.%s.%s"]\n' % (y, mo, d)
    elif m and m.group(1) in ("White", "Black"):
        line = '[%s "%s"]\n' % (m.group(1), random.choice(names))
        if m.group(1) == "Black":
            line += '[WhiteElo "%d"]\n[BlackElo "%d"]\n' % (
                random.randint(2000, 2800), random.randint(2000, 2800))
    sys.stdout.write(line)
PY

rounds() { grep '^\[Round ' | tr -dc '0-9\n' | tr '\n' ' '; }

# check WHAT EXPECTED ACTUAL
check() {
    if [ "$2" = "$3" ] && [ -n "$2" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $1"
        echo "  expected: $(echo "$2" | cut -c1-300)"
        echo "  rgn:      $(echo "$3" | cut -c1-300)"
    fi
}

if [ -x "$pe" ]; then
    # pgn-extract's tag criterion: a line of its tag file; rgn's --tag
    # options. Its "White" matches a prefix, which rgn's ~ covers for these
    # names.
    while IFS='|' read -r line options; do
        printf '%s\n' "$line" >"$tmp/tags"
        expected=$("$pe" -s -t"$tmp/tags" "$tmp/games.pgn" 2>/dev/null | rounds)
        # shellcheck disable=SC2086
        actual=$(eval "\"$rgn\" select -q $options \"$tmp/games.pgn\"" | rounds)
        check "tag $line" "$expected" "$actual"
    done <<'CASES'
White "Tal"|--tag White~Tal
Black "Polgar, Judit"|--tag 'Black=Polgar, Judit'
Date >= "2018"|--tag Date\>=2018
Date < "2018"|--tag Date\<2018
WhiteElo >= "2500"|--tag WhiteElo\>=2500
BlackElo < "2200"|--tag BlackElo\<2200
CASES
    expected=$("$pe" -s --checkmate "$tmp/games.pgn" 2>/dev/null | rounds)
    actual=$("$rgn" select -q --ends mate "$tmp/games.pgn" | rounds)
    check "mate" "$expected" "$actual"
    expected=$("$pe" -s --stalemate "$tmp/games.pgn" 2>/dev/null | rounds)
    actual=$("$rgn" select -q --ends stalemate "$tmp/games.pgn" | rounds)
    check "stalemate" "$expected" "$actual"
else
    echo "SKIP: no pgn-extract (Debian package pgn-extract)"
fi

# The second matcher: every game's positions as FEN (ply 0 from the
# start, the others from rgn convert --to fen), compared field by field.
"$rgn" convert -q --to fen "$tmp/games.pgn" >"$tmp/fens"
python3 - "$tmp/fens" "$tmp" <<'PY' >"$tmp/cases"
import collections, random, sys
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
games = collections.defaultdict(lambda: [start])
for line in open(sys.argv[1]):
    g, p, fen = line.rstrip("\n").split(" ", 2)
    games[int(g)].append(fen)
def squares(board):
    out = []
    for row in board.split("/"):
        for c in row:
            out.extend("." * int(c) if c.isdigit() else c)
    return out
def material(board):
    w = collections.Counter(c for c in board if c.isupper() and c != "K")
    b = collections.Counter(c.upper() for c in board if c.islower() and c != "k")
    return w, b
random.seed(11)
cases = []
fens = [f for g in games.values() for f in g[1:]]
for i in range(12):  # --position: a position some game passes through
    fen = random.choice(fens)
    key = fen.split()[:4]
    hits = [g for g, fs in games.items() if any(f.split()[:4] == key for f in fs)]
    cases.append(("--position", fen, hits))
for i in range(12):  # --pattern: a few pieces of a position
    sq = squares(random.choice(fens).split()[0])
    keep = set(random.sample([i for i, c in enumerate(sq) if c != "."], 3))
    pat = ["." if i not in keep else c for i, c in enumerate(sq)]
    rows = []
    for r in range(8):
        row, n = "", 0
        for c in pat[r * 8:r * 8 + 8]:
            if c == ".":
                n += 1
                continue
            row += (str(n) if n else "") + c
            n = 0
        rows.append(row + (str(n) if n else ""))
    board = "/".join(rows)
    hits = [g for g, fs in games.items()
            if any(all(s[i] == pat[i] for i in keep)
                   for s in (squares(f.split()[0]) for f in fs))]
    cases.append(("--pattern", board, hits))
for sig, w, b in (("R v R", {"R": 1}, {"R": 1}), ("QP v Q", {"Q": 1, "P": 1}, {"Q": 1}),
                  ("P v P", {"P": 1}, {"P": 1}), ("RP v R", {"R": 1, "P": 1}, {"R": 1})):
    hits = []
    for g, fs in games.items():
        ms = [material(f.split()[0]) for f in fs]
        if any((dict(x) == w and dict(y) == b) or (dict(x) == b and dict(y) == w)
               for x, y in ms):
            hits.append(g)
    cases.append(("--material", sig, hits))
for option, value, hits in cases:
    print("%s\t%s\t%s" % (option, value, " ".join(map(str, sorted(hits)))))
PY
while IFS='	' read -r option value hits; do
    actual=$("$rgn" select -q "$option" "$value" "$tmp/games.pgn" | rounds)
    check "$option '$value'" "$hits " "$actual"
done <"$tmp/cases"

# the same games whatever the jobs
for options in "--tag Player~tal" "--ends mate" "--material 'R v R'"; do
    one=$(eval "\"$rgn\" select -q --jobs 1 $options \"$tmp/games.pgn\"" | cksum)
    two=$(eval "\"$rgn\" select -q --jobs 2 $options \"$tmp/games.pgn\"" | cksum)
    check "--jobs 2 $options" "$one" "$two"
done

echo "$passed passed, $failed failed"
[ $failed = 0 ]
