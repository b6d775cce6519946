#!/bin/sh
# rgn db find selects the games rgn select selects from the files
# imported, for every kind of criterion of rgn(1)'s CRITERIA: the same
# games (file, offset, line, number) and the same first matching ply, and
# its exit status says whether it found some. The files, imported in one
# run: generated chess and Rotary games with varied tags (players, Elos,
# dates), the samples (Rotary, Rollerball, Rotary Chess, Rotationary,
# chess), Chess960 and set-up chess games, games with variations, comments,
# NAGs and clocks, and invalid ones. Positions are taken from the games
# with rgn fen (starts and 10 plies deep) and from their variations;
# patterns from their positions. A second database holds only Rotary,
# Rollerball, Rotary Chess, Chess and Chess960 games (the acceptance
# mix), imported with --variations.
# Usage: db_find_select.sh RGN RGN_GEN CHESS_GEN SOURCE_DIR
set -u
rgn=$1 rgn_gen=$2 chess_gen=$3 src=$4
command -v python3 >/dev/null || { echo "FAIL: no python3"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0 passed=0

# Varied tags on generated games: names shared across games, Elos (not on
# every game), dates (some partly unknown). (Python starts slowly: one
# run does what it can.)
"$chess_gen" --games 250 --seed 7 >raw.pgn 2>/dev/null
"$rgn_gen" --games 120 --seed 5 >raw.rgn 2>/dev/null
python3 - <<'PY'
import random, re
random.seed(1)
names = ["Tal, Mikhail", "Fischer, Robert", "Carlsen, Magnus",
         "Talbot, Ann", "Kasparov, Garry", "Polgar, Judit"]
for raw, out in (("raw.pgn", "chess.pgn"), ("raw.rgn", "rotary.rgn")):
    with open(out, "w") as f:
        for line in open(raw):
            m = re.match(r'\[(\w+) "(.*)"\]', line)
            if m and m.group(1) == "Date":
                y = random.choice(["2016", "2017", "2018", "2019", "????"])
                mo = random.choice(["01", "06", "12", "??"])
                d = "??" if mo == "??" else random.choice(["01", "15", "31"])
                line = '[Date "%s.%s.%s"]\n' % (y, mo, d)
            elif m and m.group(1) in ("White", "Black"):
                line = '[%s "%s"]\n' % (m.group(1), random.choice(names))
                if m.group(1) == "Black" and random.random() < 0.8:
                    line += '[WhiteElo "%d"]\n[BlackElo "%d"]\n' % (
                        random.randint(2000, 2800), random.randint(2000, 2800))
            f.write(line)
PY
rm raw.pgn raw.rgn
mkdir samples
cp "$src"/samples/*.rgn "$src"/samples/*.pgn samples/
# Chess960, set-up chess, variations and clocks, invalid games.
cp "$src/tests/e2e/validate/chess960_lichess.in" c960a.pgn
cp "$src/tests/e2e/convert/chess960_king_takes_rook.in" c960b.pgn
for f in lichess_annotated.pgn lichess_from_position.pgn select_games.pgn; do
    cp "$src/tests/e2e/inputs/$f" .
done
cp "$src/samples/bad/illegal-king-attacked.rgn" bad.rgn
files="chess.pgn rotary.rgn $(echo samples/*) c960a.pgn c960b.pgn"
files="$files lichess_annotated.pgn lichess_from_position.pgn"
files="$files select_games.pgn bad.rgn"

# shellcheck disable=SC2086
"$rgn" db import --db all.rgndb -q $files >/dev/null 2>import.err
status=$?
if [ $status != 1 ]; then
    echo "FAIL import: exit status $status, expected 1 (invalid games)"
    cat import.err
    exit 1
fi

# A position of game N after ply K of FILE.
fen_at() { "$rgn" fen -q --game "$1" --ply "$2" "$3"; }
start_chess=$(fen_at 1 0 chess.pgn)
start_rotary=$(fen_at 1 0 rotary.rgn)
chess10a=$(fen_at 5 10 chess.pgn)
chess10b=$(fen_at 40 10 chess.pgn)
rotary10a=$(fen_at 3 10 rotary.rgn)
rotary10b=$(fen_at 50 10 rotary.rgn)
start960=$(fen_at 1 0 c960a.pgn)
deep960=$(fen_at 1 4 c960a.pgn)
rollerball=$(fen_at 1 6 samples/rollerball-mate.rgn)
rotary_chess=$(fen_at 1 3 samples/rotary-chess-mongoose.rgn)
fen_at 9 60 chess.pgn >deep.fen
fen_at 7 30 rotary.rgn >rotary30.fen
for f in chess.pgn rotary.rgn lichess_annotated.pgn samples/king-mate.rgn; do
    "$rgn" convert -q --to json --json-fen "$f" >"$(basename "$f").json"
done
# From the games: the last position of the first variation of a game (on
# no main line); patterns: the board of a position with the pieces of
# three squares kept (one without its orientation, if it has one), the
# others empty; lines of moves for --moves: a game's first moves.
python3 - "$chess10a" >vars.sh <<'PY'
import json, re, shlex, sys
def games(path):
    return [json.loads(l) for l in open(path)]
def in_variation(path):
    for g in games(path):
        for m in g["moves"]:
            if m.get("variations"):
                return m["variations"][0][-1]["fen"]
def pattern(fen):
    tok = re.compile(r"\d+|[A-Za-z](?:>(?:NE|NW|SE|SW|N|E|S|W))?")
    board = []
    for row in fen.split()[0].split("/"):
        cells = []
        for t in tok.findall(row):
            cells += [None] * int(t) if t.isdigit() else [t]
        board.append(cells)
    pieces = [(r, c) for r, row in enumerate(board)
              for c, p in enumerate(row) if p]
    keep = {pieces[1], pieces[len(pieces) // 2], pieces[-2]}
    out = []
    for r, row in enumerate(board):
        s, run = "", 0
        for c, p in enumerate(row):
            if (r, c) in keep:
                s += str(run) if run else ""
                run = 0
                s += p if (r, c) != pieces[1] else p[0]
            else:
                run += 1
        out.append(s + (str(run) if run else ""))
    return "/".join(out)
def first_moves(path, game, plies):
    return " ".join(m["san"] for m in games(path)[game - 1]["moves"][:plies])
values = {
    "var_chess": in_variation("lichess_annotated.pgn.json"),
    "var_rotary": in_variation("king-mate.rgn.json"),
    "pat_chess": pattern(sys.argv[1]),
    "pat_rotary": pattern(open("rotary30.fen").read()),
    "pat_deep": pattern(open("deep.fen").read()),
    "moves_chess": first_moves("chess.pgn.json", 11, 4),
    "moves_rotary": first_moves("rotary.rgn.json", 12, 5),
}
for name, value in values.items():
    print("%s=%s" % (name, shlex.quote(value)))
PY
var_chess='' var_rotary='' pat_chess='' pat_rotary='' pat_deep=''
moves_chess='' moves_rotary=''
# shellcheck disable=SC1091
. ./vars.sh

# check DB CRITERIA: runs db find and select (on the files of DB) with
# the criteria, keeping their outputs for compare.py (at the end). A
# criteria line starting with "none:" is expected to select nothing; any
# other must select some game, else the case tests nothing; "full:" asks
# for every member of the records to be the same.
cases=0
check() {
    db=$1 criteria=$2 expect_some=1
    case $criteria in
    none:*) criteria=${criteria#none:} expect_some=0 ;;
    full:*) criteria=${criteria#full:} expect_some=full ;;
    esac
    if [ "$db" = all.rgndb ]; then inputs=$files; else inputs=$mix; fi
    cases=$((cases + 1))
    eval "\"\$rgn\" select -q --format json $criteria $inputs" >"sel.$cases" 2>"selerr.$cases"
    eval "\"\$rgn\" db find --db \"\$db\" --format json $criteria" >"find.$cases" 2>"err.$cases"
    printf '%s\t%s\t%s\t%s\n' "$cases" $? "$expect_some" "$db $criteria" >>cases
}

# Every criterion kind, on the database of every file. Criteria are shell
# words (variables expanded when the line is read).
while IFS= read -r criteria; do
    check all.rgndb "$criteria"
done <<CASES

--tag 'White=Tal, Mikhail'
--tag 'White=Tal, Mikhail' --tag 'White=Polgar, Judit'
--tag Black~polgar
--tag Event~ROLLERBALL
--tag 'Event=~^Roll'
--tag 'Event=~(Rotary|Rollerball) '
--tag 'Date<2018'
--tag 'Date>=2018.06'
--tag 'Date>=2017' --tag 'Date<=2018'
--tag 'Date>2016.06.15' --tag 'Date<2017.12'
--tag 'WhiteElo>2500'
--tag 'BlackElo<=2200'
none:--tag 'WhiteElo>=2700' --tag 'WhiteElo<2000'
--tag 'Round<=50'
--tag 'Round>100'
--tag 'Site!=chess-gen'
--tag 'Annotator=~rgn'
--tag 'Result=1/2-1/2'
--tag 'Variant=Chess960'
--tag Player~dekker
--tag 'Player=Carlsen, Magnus'
--tag 'Player!=Carlsen, Magnus'
--tag 'Elo>=2750'
--tag 'Elo<2010'
--tag 'EloDiff>600'
--tag 'EloDiff<=20'
--tag 'Black=Polgar, Judit' --tag 'Elo>=2500'
none:--tag 'Opening=nothing of the kind'
--plies 30-40
--plies 200-
--plies -20
--plies 33
--ends mate
--ends stalemate
--ends repetition
--ends fifty
--ends insufficient
--ends unfinished
none:--ends mate --ends stalemate
--promotion
--promotion=Q
--promotion=n
--underpromotion
--setup
--has comments
--has variations
--has nags
--has clocks
--valid
--invalid
full:--keep-invalid --plies 5-
full:--invalid
--keep-invalid -n --plies 20-
--position '$start_chess'
--position '$start_rotary'
--position '$chess10a'
--position '$chess10b'
--position '$chess10a' --position '$rotary10b'
--position '$rotary10a'
--position '$start960'
--position '$deep960'
--position '$rollerball'
--position '$rotary_chess'
none:--position '$var_chess'
--position '$var_chess' --in-variations
none:--position '$var_rotary'
--position '$var_rotary' --in-variations
full:--position '$rotary10a' --in-variations
--pattern '$pat_chess'
--pattern '$pat_rotary'
--pattern '$pat_deep'
--pattern '$pat_chess' --pattern '$pat_rotary'
--pattern 4k3/8/8/8/8/8/8/4K3
--pattern 8/8/8/8/8/8/8/R6R
none:--material 'KQR v KQ'
--material 'Q v'
--material 'R v'
--material 'w:R+P* R+'
--material 'b:RP* RP*' --material-plies 3
--material 'P3- P3-'
--material 'QRBNP* RP*'
--material 'R*P* R*P*' --material-plies 12
--material 'R+P* R+P*' --material 'P3- P3-'
--moves '1. e4'
--moves '$moves_chess'
--moves '$moves_rotary'
--games 5-10,17
--games 1,250-260,371
--games 380-
--tag 'Elo>=2500' --ends mate
--position '$start_chess' --tag White~tal
--plies 100- --has nags --tag 'Date>=2018'
--material 'R+ r+' --moves '1. e4'
--pattern '$pat_chess' --pattern '$pat_rotary' --tag 'Player~fischer' --plies -200
-n --ends mate
-n --position '$start_chess'
--invert --tag Player~carlsen
-n --pattern '$pat_rotary' --tag 'Date<2019'
--limit 7 --position '$start_rotary'
CASES

# --count counts what select --count does.
for criteria in "--ends mate" "--position '$start_chess'" "--tag Player~tal"; do
    want=$(eval "\"\$rgn\" select -q --count $criteria $files")
    got=$(eval "\"\$rgn\" db find --db all.rgndb --count $criteria")
    if [ "$want" = "$got" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL --count $criteria: select $want, db find $got"
    fi
done

# The games written (--to) and the other record formats: the same bytes.
while IFS='|' read -r options criteria; do
    # shellcheck disable=SC2086
    eval "\"\$rgn\" select -q $options $criteria $files" >sel.out 2>/dev/null
    eval "\"\$rgn\" db find --db all.rgndb $options $criteria" >find.out 2>find.err
    if cmp -s sel.out find.out && [ -s sel.out ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL db find $options $criteria: not what select writes"
        diff sel.out find.out | head -6
        head -3 find.err
    fi
done <<CASES
--to rgn|--position '$start_rotary'
--to json|--tag Player~tal --ends mate
--to lan|--moves '$moves_chess'
--to rgn --keep-invalid|--invalid
--format tsv|--pattern '$pat_rotary'
--format csv|--tag 'Elo>=2700'
--format text|--has clocks
--format tsv --columns game,White,ply|--position '$chess10a'
CASES

# The acceptance mix: Rotary, Rollerball, Rotary Chess, Chess and Chess960
# in one database, imported with --variations.
mix="rotary.rgn samples/rollerball-mate.rgn samples/rollerball-rebounds.rgn"
mix="$mix samples/rotary-chess-mongoose.rgn samples/rotary-chess-promotions.rgn"
mix="$mix chess.pgn c960a.pgn c960b.pgn samples/chess-opera-game.pgn"
# shellcheck disable=SC2086
if ! "$rgn" db import --db mix.rgndb --variations -q $mix; then
    failed=$((failed + 1))
    echo "FAIL import of the mix"
fi
while IFS= read -r criteria; do
    check mix.rgndb "$criteria"
done <<CASES

--position '$start_chess'
--position '$start_rotary'
--position '$start960'
--position '$rollerball'
--position '$rotary_chess'
--position '$rotary10a' --position '$chess10b' --position '$deep960'
--position '$rotary10b' --in-variations
--pattern '$pat_rotary'
--pattern '$pat_chess'
--material 'R v'
--promotion
--ends mate
--moves '$moves_rotary'
--tag Variant~chess
CASES

# The cases: the same records (game, file, offset, line, ply) in the same
# order, and for the first case of each database (no criteria) and the
# "full:" ones every member; find's status 0 when it found some, else 1; the mix holds the
# five games.
python3 - "$passed" "$failed" <<'PY'
import json, sys
passed, failed = int(sys.argv[1]), int(sys.argv[2])
keys = ("game", "file", "offset", "line", "ply")
def records(path):
    return [json.loads(l) for l in open(path) if l.strip()]
seen_db = set()
for line in open("cases"):
    n, status, expect_some, what = line.rstrip("\n").split("\t")
    db = what.split()[0]
    problems = []
    try:
        want, got = records("sel." + n), records("find." + n)
    except ValueError as e:
        want, got = [], []
        problems.append("not JSON Lines: %s" % e)
    w = [tuple(r.get(k, "absent") for k in keys) for r in want]
    g = [tuple(r.get(k, "absent") for k in keys) for r in got]
    if w != g:
        problems.append("select: %d games, db find: %d" % (len(w), len(g)))
        problems.append("only select: %s" % [r for r in w if r not in g][:4])
        problems.append("only find:   %s" % [r for r in g if r not in w][:4])
        diff = [(a, b) for a, b in zip(w, g) if a != b]
        if diff:
            problems.append("first differing (select, find): %s" % (diff[0],))
    elif db not in seen_db or expect_some == "full":
        for a, b in zip(want, got):
            if a != b:
                problems.append("select: " + json.dumps(a)[:400])
                problems.append("find:   " + json.dumps(b)[:400])
                break
    if db == "mix.rgndb" and db not in seen_db:
        variants = sorted({r.get("variant") for r in got}, key=str)
        if variants != ["Chess", "Chess960", "Rollerball", "Rotary",
                        "Rotary Chess"]:
            problems.append("the mix's variants: %s" % variants)
    seen_db.add(db)
    if int(status) != (0 if got else 1):
        problems.append("db find exit status %s with %d games found"
                        % (status, len(got)))
    if expect_some != "0" and not want:
        problems.append("select selects nothing (the case tests nothing): "
                        + open("selerr." + n).read()[:300])
    if problems:
        failed += 1
        print("FAIL %s" % what)
        for p in problems:
            print("  " + p)
        for l in open("err." + n).readlines()[:5]:
            print("  stderr: " + l.rstrip())
    else:
        passed += 1
print("db_find_select: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
