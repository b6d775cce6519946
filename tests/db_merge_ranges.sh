#!/bin/sh
# rgn db merge: a file imported in pieces (--range, a database each) and
# the databases merged in the order of the file make the database one
# import of the whole file makes: the same rows of games (numbers,
# origins, validity, digests) and of files, the same db export, db find
# --format json and db info counts, the same exit status, and the notes
# of copies across pieces are the whole import's notes of them. On
# generated chess games with copies planted next to and far from their
# originals, the same damaged (invalid games, copies of them), and the
# Rotary samples one after the other (a file twice); cut where 'rgn
# ranges --parts N' cuts and at fixed pseudo-random places (ranges
# without a game among them).
# Usage: db_merge_ranges.sh RGN CHESS_GEN DAMAGE PROJECT_DIR
set -u
rgn=$1 chess_gen=$2 damage=$3 root=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$chess_gen" --games 400 --seed 7 >"$tmp/generated.pgn" 2>/dev/null
python3 - "$tmp/generated.pgn" "$tmp/chess.pgn" <<'EOF'
import re, sys
text = open(sys.argv[1]).read().strip("\n")
games = [g.strip("\n") + "\n\n" for g in re.split(r"\n\n(?=\[Event )", text)]
copies = {6: 5, 151: 0, 201: 10, 330: 330, 331: 330}  # place: game copied
out = []
for i, game in enumerate(games):
    out.append(game)
    if i in copies:
        out.append(games[copies[i]])
out.append(games[399])
open(sys.argv[2], "w").write("".join(out))
EOF
"$damage" 4 40 <"$tmp/chess.pgn" >"$tmp/damaged.pgn"
cat "$root"/samples/*.rgn "$root/samples/club-championship.rgn" \
    >"$tmp/rotary.rgn"

python3 - "$rgn" "$tmp" "$tmp/chess.pgn" "$tmp/damaged.pgn" \
    "$tmp/rotary.rgn" <<'EOF'
import os, random, sqlite3, subprocess, sys
rgn, tmp, files = sys.argv[1], sys.argv[2], sys.argv[3:]
passed = failed = 0

def run(*args):
    p = subprocess.run([rgn, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr

def notes(err, command):
    return [l.replace("rgn %s: " % command, "", 1) for l in err.splitlines()
            if l.endswith("not stored again")]

def contents(db):
    """What a database says of its games, every way rgn and SQL say it."""
    c = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    games = c.execute("SELECT games.*, files.path FROM games JOIN files"
                      " ON files.id = games.file ORDER BY games.id").fetchall()
    paths = c.execute("SELECT path FROM files ORDER BY id").fetchall()
    c.close()
    info = run("db", "info", "--format", "json", "--db", db)[1]
    return {
        "games": games, "files": paths,
        "export": run("db", "export", "--keep-invalid", "--db", db)[1],
        "find": run("db", "find", "--keep-invalid", "--format", "json",
                    "--db", db)[1],
        "info": info[:info.index('"bytes"')],
    }

def check(name, file, ranges, whole, whole_notes, whole_status):
    global passed, failed
    pieces, piece_notes = [], 0
    for i, r in enumerate(ranges):
        db = "%s/piece%d.rgndb" % (tmp, i)
        if os.path.exists(db):
            os.unlink(db)
        status, _, err = run("db", "import", "--range", r, "--db", db, file)
        if status not in (0, 1):
            print("FAIL %s: import --range %s: %s" % (name, r, err))
            failed += 1
            return
        piece_notes += len(notes(err, "db import"))
        pieces.append(db)
    merged = tmp + "/merged.rgndb"
    if os.path.exists(merged):
        os.unlink(merged)
    status, _, err = run("db", "merge", "--db", merged, *pieces)
    merge_notes = notes(err, "db merge")
    got = contents(merged)
    wrong = [k for k in whole if got[k] != whole[k]]
    if status != whole_status:
        wrong.append("exit status %d, not %d" % (status, whole_status))
    if not set(merge_notes) <= set(whole_notes):
        wrong.append("notes %s" % sorted(set(merge_notes) - set(whole_notes)))
    if len(merge_notes) + piece_notes != len(whole_notes):
        wrong.append("%d + %d notes, not %d" % (len(merge_notes), piece_notes,
                                                len(whole_notes)))
    if wrong:
        print("FAIL %s: %s: %s" % (name, " ".join(ranges), ", ".join(wrong)))
        failed += 1
    else:
        passed += 1

for file in files:
    size = os.path.getsize(file)
    db = tmp + "/whole.rgndb"
    if os.path.exists(db):
        os.unlink(db)
    status, _, err = run("db", "import", "--db", db, file)
    whole, whole_notes = contents(db), notes(err, "db import")
    if not whole_notes:
        print("FAIL %s: no copies to merge" % file)
        failed += 1
    cuts = {}
    for parts in (2, 3, 7):
        cuts["--parts %d" % parts] = run("ranges", "--parts", str(parts),
                                         file)[1].split()
    rng = random.Random(size)
    for n in range(4):
        points = sorted(set(rng.randrange(1, size) for _ in range(2 + 3 * n)))
        points.insert(1, points[0] + 1)  # a range of one byte: no game
        edges = [0] + points + [size]
        cuts["random %d" % n] = ["%d:%d" % (a, b)
                                 for a, b in zip(edges, edges[1:]) if a < b]
    for name, ranges in cuts.items():
        check("%s %s" % (os.path.basename(file), name), file, ranges, whole,
              whole_notes, status)
print("db_merge_ranges: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
EOF
