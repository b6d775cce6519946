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
# ranges --parts N' cuts, at fixed pseudo-random places (ranges without
# a game among them) and right after copies (a piece whose last games
# were not stored).
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
import json, os, random, sqlite3, subprocess, sys
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
    # cut right after each run of copies: a piece whose last games were
    # not stored (copies within the piece) is followed by one
    listed = [json.loads(l) for l in run("list", "--format", "json",
                                         file)[1].splitlines()]
    seen, after_copies, last_copy = set(), [], False
    for game in listed:
        key = json.dumps([game.get("tags"), game.get("plies")], sort_keys=True)
        if last_copy and key not in seen:
            after_copies.append(game["offset"])
        last_copy = key in seen
        seen.add(key)
    if after_copies:
        edges = [0] + after_copies + [size]
        cuts["after copies"] = ["%d:%d" % (a, b)
                                for a, b in zip(edges, edges[1:]) if a < b]
    elif file == files[0]:
        print("FAIL %s: no game after a copy" % file)
        failed += 1
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
# A database of an rgn before files.games: merged from as before (the
# numbers of its last game stored), and given the column when written.
def columns(db):
    c = sqlite3.connect(db)
    names = [r[1] for r in c.execute("PRAGMA table_info(files)")]
    c.close()
    return names
old_db, new_db = tmp + "/old.rgndb", tmp + "/new.rgndb"
for db in (old_db, new_db):
    if os.path.exists(db):
        os.unlink(db)
run("db", "import", "--db", old_db, files[2])
c = sqlite3.connect(old_db)
c.execute("ALTER TABLE files DROP COLUMN games")
c.commit()
c.close()
merged = run("db", "merge", "--db", new_db, old_db)
if merged[0] != 0 or contents(new_db)["export"] != contents(old_db)["export"]:
    print("FAIL merge from a database without files.games: %s" % merged[2])
    failed += 1
else:
    passed += 1
imported = run("db", "import", "--db", old_db, files[0])
if imported[0] != 0 or "games" not in columns(old_db):
    print("FAIL import into a database without files.games: %s %s"
          % (imported[2], columns(old_db)))
    failed += 1
else:
    passed += 1
print("db_merge_ranges: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
EOF
