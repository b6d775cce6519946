#!/bin/sh
# The database is never left half-written nor touched when it is not
# rgn's:
# (a) an import killed (SIGKILL) mid-way, while it waits for input and at
#     moments of its work, leaves the database as it was (db export and
#     db info the same), and the import run again gives what an import
#     never killed gives; a first import killed leaves no database;
# (b) readers (db info, find, export) during an import see the state
#     before it;
# (c) a file that is not an rgn database (text, empty, another program's
#     SQLite file, a newer schema) or is damaged (half a page of the games
#     or of the index overwritten, the file cut): every db command exits 2
#     naming the file, which keeps its bytes and its time; readers of a
#     damaged file may instead answer what the undamaged file answers,
#     never something else; a reader of a missing file creates none;
# (d) a full disk (a file size limit) fails the import with status 2 and
#     a message, the database as it was;
# (e) a file imported again stores nothing and says so of every game;
# (f) a database the reader may not write (a 0444 file in a folder the
#     reader may not write in, as on read-only media) is read by every
#     reading command; a command that only reads leaves no -wal or -shm
#     beside a database, nor beside a file it refuses (c);
# (g) a second import while another writes the database says so, waits
#     as long as --wait asks, then goes on; a first import killed leaves
#     its temporary file, which the next import removes, never that of an
#     import still running (a); two imports of a new database at once:
#     the second waits and adds to the first's.
# Usage: db_safety.sh RGN CHESS_GEN SOURCE_DIR
set -u
rgn=$1 chess_gen=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0 passed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

"$chess_gen" --games 40 --seed 41 >small.pgn 2>/dev/null
"$chess_gen" --games 3000 --seed 42 >big.pgn 2>/dev/null
# big.pgn in two halves, for an import that waits for the second
head -c 1500000 big.pgn >first.part
tail -c +1500001 big.pgn >second.part

# The state of database $1: what export and info say of it (info's
# counts; its size may differ).
state() {
    "$rgn" db export --db "$1" | cksum
    "$rgn" db info --db "$1" --format json |
        sed 's/"files":[0-9]*,"bytes":[0-9]*,"bytes_per_ply":[0-9.]*,//'
}
"$rgn" db import -q --db before.rgndb small.pgn || fail "import small.pgn"
state before.rgndb >before.state
cp before.rgndb reference.rgndb
"$rgn" db import -q --db reference.rgndb big.pgn || fail "import big.pgn"
state reference.rgndb >after.state
cmp -s before.state after.state && fail "importing big.pgn changes nothing"

# (a) Killed while it waits for the rest of its input (mid-way, however
# fast it is), then at moments of its work.
cp before.rgndb killed.rgndb
(cat first.part; sleep 1; cat second.part) |
    "$rgn" db import -q --db killed.rgndb --variant chess - 2>/dev/null &
pid=$! # the import: the last process of the pipeline
sleep 0.5
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
state killed.rgndb >killed.state
if cmp -s before.state killed.state; then pass; else
    fail "(a) an import killed while reading changed the database"
    diff before.state killed.state
fi
# Imported again after the kill: the database of an import never killed.
"$rgn" db import -q --db killed.rgndb big.pgn 2>/dev/null
state killed.rgndb >again.state
if cmp -s after.state again.state; then pass; else
    fail "(a) the import run again after a kill gives another database"
    diff after.state again.state
fi
killed_once=0
for moment in 0.1 0.3; do
    cp before.rgndb killed.rgndb
    "$rgn" db import -q --db killed.rgndb big.pgn 2>/dev/null &
    pid=$!
    sleep $moment
    kill -KILL $pid 2>/dev/null
    wait $pid
    status=$?
    [ $status = 137 ] && killed_once=1
    state killed.rgndb >killed.state
    # the rename is the commit: a kill between it and the exit leaves the
    # whole import, status 137 and all (seen once in a clean-clone run)
    if cmp -s before.state killed.state || cmp -s after.state killed.state
    then pass; else
        fail "(a) an import killed after ${moment}s (status $status) left another database"
        diff before.state killed.state
    fi
done
[ $killed_once = 1 ] || echo "note: (a) every import finished before its kill"
# A first import killed: no database.
"$rgn" db import -q --db first.rgndb big.pgn 2>/dev/null &
pid=$!
sleep 0.3
kill -KILL $pid 2>/dev/null
wait $pid
status=$?
if [ $status = 137 ] && [ -e first.rgndb ]; then
    fail "(a) a first import killed left a database"
else
    pass
fi
# (g) A first import killed while it waits for input leaves its
# temporary file, which the next import removes (and no other file).
(cat first.part; sleep 3) |
    "$rgn" db import -q --db leftover.rgndb --variant chess - 2>/dev/null &
pid=$!
sleep 0.7
kill -KILL $pid 2>/dev/null
wait $pid
left=$(ls -A | grep -c '^\.leftover\.rgndb\.')
: >.leftover.rgndb.notours # not a name mkstemp makes
"$rgn" db import -q --db leftover.rgndb small.pgn 2>/dev/null
if [ "$left" = 1 ] && [ "$(ls -A | grep '^\.leftover\.rgndb\.')" = .leftover.rgndb.notours ] &&
    [ "$("$rgn" db find --db leftover.rgndb --count)" = 40 ]; then
    pass
else
    fail "(g) the temporary file of a first import killed ($left) was not removed, or another was"
    ls -A | grep '^\.leftover\.rgndb\.'
fi

# (b) Readers during an import (which waits for the rest of its input).
cp before.rgndb busy.rgndb
(cat first.part; sleep 2; cat second.part) |
    "$rgn" db import -q --db busy.rgndb --variant chess - 2>/dev/null &
pid=$!
sleep 0.7
state busy.rgndb >busy.state 2>busy.err
count=$("$rgn" db find --db busy.rgndb --count 2>>busy.err)
want=$("$rgn" db find --db before.rgndb --count)
if cmp -s before.state busy.state && [ "$count" = "$want" ] && [ ! -s busy.err ]; then
    pass
else
    fail "(b) a reader during an import saw another state"
    diff before.state busy.state
    echo "  find --count: $count, before: $want"
    head -3 busy.err
fi
if ! kill -0 $pid 2>/dev/null; then
    fail "(b) the import ended before the readers read"
fi
wait $pid
state busy.rgndb >busy.state
# read from standard input, the games are numbered alike: same state
if cmp -s busy.state after.state; then pass; else
    fail "(b) the import that readers watched did not import"
    diff after.state busy.state
fi

# (c) Foreign and damaged files.
cp "$src/samples/king-mate.rgn" text.rgndb
: >empty.rgndb
python3 - <<'PY'
import shutil, sqlite3
c = sqlite3.connect("other.rgndb")
c.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT)")
c.executemany("INSERT INTO notes(text) VALUES (?)", [("note %d" % i,) for i in range(500)])
c.commit()
c.close()
# a database of a newer rgn: its schema version (user_version) above ours
shutil.copy("before.rgndb", "newer.rgndb")
c = sqlite3.connect("newer.rgndb")
c.execute("PRAGMA user_version = %d" % (c.execute("PRAGMA user_version").fetchone()[0] + 1))
c.commit()
c.close()
# damaged: half a page of the games overwritten (its header and cells),
# or of the position index (pages as SQLite's dbstat lists them); cut in
# the middle
c = sqlite3.connect("file:before.rgndb?mode=ro", uri=True)
size = c.execute("PRAGMA page_size").fetchone()[0]
def leaf(table):
    pages = [p for (p,) in c.execute("SELECT pageno FROM dbstat WHERE name = ?"
                                     " AND pagetype = 'leaf' ORDER BY pageno",
                                     (table,))]
    return pages[len(pages) // 2]
for name, table in (("damaged", "games"), ("damaged_index", "positions")):
    data = bytearray(open("before.rgndb", "rb").read())
    at = (leaf(table) - 1) * size
    data[at:at + size // 2] = b"\xa5" * (size // 2)
    open(name + ".rgndb", "wb").write(data)
c.close()
data = open("before.rgndb", "rb").read()
open("truncated.rgndb", "wb").write(open("before.rgndb", "rb").read()[:len(data) // 2 + 1234])
PY
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
# Each command: the answer of the undamaged database, for readers.
run_all() { # DB: a file per command, status and output
    "$rgn" db import --db "$1" small.pgn >"$1.import.out" 2>"$1.import.err"
    echo $? >"$1.import.status"
    "$rgn" db find --db "$1" >"$1.find.out" 2>"$1.find.err"
    echo $? >"$1.find.status"
    "$rgn" db find --db "$1" --position "$start" --format json >"$1.position.out" 2>"$1.position.err"
    echo $? >"$1.position.status"
    "$rgn" db tree --db "$1" --variant chess --position "$start" >"$1.tree.out" 2>"$1.tree.err"
    echo $? >"$1.tree.status"
    "$rgn" db export --db "$1" >"$1.export.out" 2>"$1.export.err"
    echo $? >"$1.export.status"
    "$rgn" db info --db "$1" >"$1.info.out" 2>"$1.info.err"
    echo $? >"$1.info.status"
}
cp before.rgndb good.rgndb
run_all good.rgndb
# The files of the folder but those of the commands' outputs (SQLite's
# -wal and -shm included: none may be left).
# shellcheck disable=SC2010 # (names of our own making)
files() { ls -A | grep -v '^files\.\|\.out$\|\.err$\|\.status$'; }
# Whether db command $2 of the damaged file $1 answered what it answers
# of the undamaged file (the damage is not where it reads): allowed to a
# reader that checks nothing (find, tree, export).
as_good() {
    case $2 in import | info) return 1 ;; esac
    [ "$(cat "$1.$2.status")" = "$(cat "good.rgndb.$2.status")" ] &&
        cmp -s "$1.$2.out" "good.rgndb.$2.out"
}
for f in text empty other newer damaged damaged_index truncated; do
    db=$f.rgndb
    cp -p $db $f.copy
    stamp=$(stat -c %y $db)
    files >files.before
    run_all $db
    for c in import find position tree export info; do
        status=$(cat $db.$c.status)
        if [ "$status" = 2 ] && grep -q "$db" $db.$c.err; then
            pass
        elif { [ "$f" != "${f#damaged}" ] || [ $f = truncated ]; } && as_good $db $c; then
            pass
        else
            fail "(c) db $c on the $f file: status $status"
            head -3 $db.$c.err
            head -c 300 $db.$c.out
        fi
    done
    if cmp -s $db $f.copy && [ "$(stat -c %y $db)" = "$stamp" ]; then pass; else
        fail "(c) the $f file was changed"
    fi
    files >files.after
    if cmp -s files.before files.after; then pass; else
        fail "(c) the commands on the $f file left files"
        diff files.before files.after
    fi
done
# A reader of a missing database creates none.
for c in find export info; do
    "$rgn" db $c --db missing.rgndb >/dev/null 2>missing.err
    status=$?
    if [ $status = 2 ] && grep -q missing.rgndb missing.err && [ ! -e missing.rgndb ]; then
        pass
    else
        fail "(c) db $c of a missing database: status $status"
    fi
done

# (d) A full disk: writing beyond a file size limit fails (SIGXFSZ
# ignored, as when a disk is full the write fails without a signal).
cp before.rgndb full.rgndb
(trap '' XFSZ; ulimit -f 64; exec "$rgn" db import -q --db full.rgndb big.pgn) \
    2>full.err
status=$?
state full.rgndb >full.state
if [ $status = 2 ] && grep -q full.rgndb full.err && cmp -s before.state full.state; then
    pass
else
    fail "(d) an import onto a full disk: status $status"
    head -3 full.err
    diff before.state full.state
fi
(trap '' XFSZ; ulimit -f 64; exec "$rgn" db import -q --db new.rgndb big.pgn) \
    2>full.err
status=$?
left=$(find . -name '*new.rgndb*')
if [ $status = 2 ] && [ -s full.err ] && [ -z "$left" ]; then
    pass
else
    fail "(d) a first import onto a full disk: status $status, files: $left"
fi

# (e) A file imported again: nothing stored, every game reported.
cp before.rgndb twice.rgndb
"$rgn" db import --db twice.rgndb small.pgn >/dev/null 2>twice.err
status=$?
state twice.rgndb >twice.state
notes=$(grep -c 'not stored again' twice.err)
if [ $status = 0 ] && [ "$notes" = 40 ] && cmp -s before.state twice.state; then
    pass
else
    fail "(e) small.pgn imported twice: status $status, $notes notes of 40 games"
    diff before.state twice.state
fi
# twice in one import; a game with another tag is another game
sed 's/^\[Round "7"\]$/[Round "7 bis"]/' small.pgn >retagged.pgn
"$rgn" db import --db once.rgndb small.pgn small.pgn retagged.pgn >/dev/null 2>once.err
notes=$(grep -c 'not stored again' once.err)
games=$("$rgn" db find --db once.rgndb --count)
if [ "$notes" = 79 ] && [ "$games" = 41 ]; then pass; else
    fail "(e) small.pgn twice and retagged in one import: $games games stored, $notes notes (expected 41 and 79)"
fi

# (f) Read-only: 0444 in a folder of 0555, read by another user when we
# are root (whom permissions do not stop).
as_reader() {
    if [ "$(id -u)" = 0 ]; then
        setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
    else
        "$@"
    fi
}
chmod 755 "$tmp"
mkdir ro
cp before.rgndb ro/ro.rgndb
chmod 444 ro/ro.rgndb
chmod 555 ro
for c in find export info tree; do
    set -- "$rgn" db $c --db ro/ro.rgndb
    [ $c = tree ] && set -- "$@" --variant chess --position "$start"
    as_reader "$@" >ro.$c.out 2>ro.$c.err
    status=$?
    if [ $status = 0 ] && [ ! -s ro.$c.err ] && cmp -s ro.$c.out good.rgndb.$c.out; then
        pass
    else
        fail "(f) db $c of a database the reader may not write: status $status"
        head -3 ro.$c.err
    fi
done
if [ "$(ls -A ro)" = ro.rgndb ]; then pass; else
    fail "(f) the readers left files beside a read-only database: $(ls -A ro)"
fi
mkdir out
chmod 777 out
as_reader "$rgn" db merge -q --db out/merged.rgndb ro/ro.rgndb 2>ro.merge.err
status=$?
chmod 755 ro
if [ $status = 0 ] && [ "$("$rgn" db find --db out/merged.rgndb --count)" = 40 ]; then
    pass
else
    fail "(f) db merge of a read-only input: status $status"
    head -3 ro.merge.err
fi
# a database the reader may write: readers leave no -wal/-shm either
cp before.rgndb rw.rgndb
for c in find export info; do
    "$rgn" db $c --db rw.rgndb >/dev/null 2>&1
done
if [ -z "$(ls -A | grep '^rw\.rgndb-')" ]; then pass; else
    fail "(f) readers left files beside the database: $(ls -A | grep '^rw\.rgndb')"
fi

# (g) A second import while the first writes (waiting for its input).
cp before.rgndb locked.rgndb
(cat first.part; sleep 2; cat second.part) |
    "$rgn" db import -q --db locked.rgndb --variant chess - 2>/dev/null &
pid=$!
sleep 0.5
"$rgn" db import -q --db locked.rgndb --wait 0 retagged.pgn 2>locked.err
status=$?
if [ $status = 2 ] && grep -q 'another import or merge is writing' locked.err; then
    pass
else
    fail "(g) an import of a database another import writes, --wait 0: status $status"
    head -3 locked.err
fi
"$rgn" db import -q --db locked.rgndb --wait 20 retagged.pgn 2>locked.err
status=$?
wait $pid
if [ $status = 0 ] && [ "$("$rgn" db find --db locked.rgndb --count)" = 3041 ]; then
    pass
else
    fail "(g) an import waiting 20 s for another: status $status"
    head -3 locked.err
fi
# two first imports at once: the second waits for the first's database
(cat first.part; sleep 1; cat second.part) |
    "$rgn" db import -q --db both.rgndb --variant chess - 2>/dev/null &
pid=$!
sleep 0.5
"$rgn" db import -q --db both.rgndb --wait 20 small.pgn 2>both.err
status=$?
wait $pid
if [ $status = 0 ] && [ "$("$rgn" db find --db both.rgndb --count)" = 3040 ] &&
    [ -z "$(ls -A | grep '^\.both')" ]; then
    pass
else
    fail "(g) two first imports at once: status $status"
    head -3 both.err
fi

echo "db_safety: $passed passed, $failed failed"
[ $failed = 0 ]
