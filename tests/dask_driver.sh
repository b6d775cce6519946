#!/bin/sh
# The Dask driver (contrib/dask/rgn_dask.py) on a real cluster: a
# dask-scheduler and two dask-worker processes on the loopback address.
# Over an archive of a plain file cut into 17 ranges, a .zst file (one
# piece) and a second plain file (its games twice), with invalid games,
# damaged text, and comments and tags that hold '[Event', the driver's
# validate (summary and diagnostics), list, select and db import (the
# database as db export writes it, its records and counts) are byte for
# byte what one rgn run over the same files gives, exit status included.
# A worker killed with SIGKILL while it runs a piece: the scheduler runs
# the piece again and the results are the same (no game lost or counted
# twice), and the piece's temporary folder it left is removed by a later
# run (not those in use, nor those of no run's making). A scheduler that
# does not answer, or is lost during a run, a missing file, a worker that
# cannot read a file or sees another copy of it (same size, other bytes),
# and rgn failing on the workers: exit status 2, a clear message naming
# the worker, the -o file untouched. The driver stopped by SIGTERM: its
# shards' folder removed, no database written. Options the driver refuses,
# in every spelling rgn reads (-ofile, bundles -qj2), and a --parts too
# large: refused, said. The summary of an import is one import's. Needs
# Debian's python3-distributed (fails without it).
# Usage: dask_driver.sh RGN CHESS_GEN DAMAGE PROJECT_DIR
set -u
rgn=$1 gen=$2 damage=$3 root=$4
python=/usr/bin/python3
driver="$root/contrib/dask/rgn_dask.py"
tmp=$(mktemp -d)
pids=""
# the cluster is stopped on any exit; the pieces' temporary files are in
# $tmp (TMPDIR), removed with it
stop() {
    for p in $pids; do kill -9 "$p" 2>/dev/null; done
    for p in $pids; do wait "$p" 2>/dev/null; done
    rm -rf "$tmp"
}
trap stop EXIT
trap 'exit 1' INT TERM HUP
export TMPDIR="$tmp"
. "$(dirname "$0")/lib.sh"
"$python" -c 'import distributed' || {
    echo "FAIL: $python does not import distributed" \
        "(Debian: apt-get install python3-distributed)"
    exit 1
}
# dask-scheduler and dask-worker, or the newer 'dask scheduler'
if command -v dask-scheduler >/dev/null 2>&1; then
    scheduler="dask-scheduler" worker="dask-worker"
else
    scheduler="dask scheduler" worker="dask worker"
fi

# --- the archive -----------------------------------------------------------
# in the current folder, as a user names files: the outputs spell them so
cd "$tmp" || exit 1
mkdir archive
# comments and a tag holding '[Event' at a line's start, where a cut at a
# game start must not fall; Latin-1 text in some games, which one run
# warns about once
"$gen" --games 1500 --seed 21 2>/dev/null |
    awk '/^\[Event "/ && ++m % 13 == 0 { sub(/^\[Event "/, "[Event \"\351t\351 ") }
         /^\[Site / && ++n % 7 == 0 { print "[Annotator \"x\n[Event y]\"]" }
         /^1\. / && n % 5 == 0 { print "{ a comment\n[Event \"z\"]\n}" }
         /^1\. / && n % 11 == 0 { print "; [Event \"w\"]" }
         { print }' >big.pgn
"$damage" 21 60 <big.pgn >archive/a.pgn
"$gen" --games 300 --seed 22 2>/dev/null | "$damage" 22 20 >b.pgn
# 30 games twice in one piece: copies within a piece, which its import
# does not store (the summary counts them)
"$gen" --games 30 --seed 24 2>/dev/null >d.pgn
cat b.pgn d.pgn d.pgn | zstd -q -19 -o archive/b.pgn.zst
# its games twice: copies across pieces, which db import stores once
"$gen" --games 200 --seed 23 2>/dev/null >c.pgn
cat c.pgn c.pgn >archive/c.pgn
set -- archive/a.pgn archive/b.pgn.zst archive/c.pgn
# A file each process sees as its standard input: the driver and a worker
# see different copies (good.pgn and bad.pgn, the same size, other bytes:
# another machine's copy), and a worker whose standard input is a socket
# cannot open it; rgn, run by the worker, inherits its standard input.
ln -s /proc/self/fd/0 copy.pgn
cp c.pgn good.pgn
sed 's/Player/Plyaer/' c.pgn >bad.pgn
check "bad.pgn: good.pgn's size" \
    [ "$(wc -c <bad.pgn)" = "$(wc -c <good.pgn)" ]
"$rgn" validate -q --variant chess "$@"
check "the archive has invalid games" [ $? = 1 ]

# what one rgn run gives
one() { # NAME COMMAND...: standard output, diagnostics and status
    name=$1
    shift
    "$rgn" "$@" --diagnostics=json --diagnostics-file "$name.diag1" \
        >"$name.out1" 2>"$name.err1"
    echo $? >"$name.status1"
}
one validate validate --summary json "$@"
one list list --format json "$@"
one select select --format json --tag 'Result=1-0' --plies 80- "$@"
one import db import --db one.rgndb "$@"
# a database as db export writes it, with the games' records as the
# database holds them (numbers, places, problems, digests, moves) and
# its counts (its size in bytes aside)
database() { # DB NAME
    "$rgn" db export --db "$1" -o "$2.export"
    sqlite3 "$1" "SELECT f.path, g.offset, g.line, g.column, g.number,
        g.variant, g.start, g.result, g.plies, g.valid, g.problem_code,
        g.problem, g.problem_offset, g.digest, g.tags, hex(g.moves)
        FROM games g JOIN files f ON f.id = g.file ORDER BY g.id" >"$2.games"
    "$rgn" db info --db "$1" --format json |
        sed 's/"bytes[a-z_]*":[0-9.]*,//g' >"$2.info"
}
database one.rgndb one

# --- the cluster -----------------------------------------------------------
$scheduler --host 127.0.0.1 --port 0 --no-dashboard \
    --scheduler-file scheduler.json >scheduler.log 2>&1 &
pids="$pids $!"
echo $! >scheduler.pid
# wait_for SECONDS COMMAND...: until the command succeeds
wait_for() {
    tries=$(($1 * 10))
    shift
    while ! "$@" 2>/dev/null; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || return 1
        sleep 0.1
    done
}
wait_for 60 [ -s scheduler.json ] || {
    echo "FAIL: the scheduler did not start"
    cat scheduler.log
    exit 1
}
address=$("$python" -c \
    'import json, sys; print(json.load(open(sys.argv[1]))["address"])' \
    scheduler.json)
start_worker() { # N INPUT [LAUNCHER...]: its process id in worker.N
    n=$1 input=$2
    shift 2
    "$@" $worker --scheduler-file scheduler.json --host 127.0.0.1 \
        --nthreads 1 --no-nanny --no-dashboard --local-directory "w$n" \
        <"$input" >"worker$n.log" 2>&1 &
    echo $! >"worker.$n"
    pids="$pids $!"
}
start_worker 1 /dev/null
start_worker 2 /dev/null
# worker 3 sees bad.pgn as copy.pgn (its standard input)
start_worker 3 bad.pgn
registered() { [ "$(grep -c 'Register worker' scheduler.log)" -ge "$1" ]; }
wait_for 60 registered 3 || {
    echo "FAIL: the workers did not register"
    cat scheduler.log worker1.log worker2.log worker3.log
    exit 1
}
# a worker's address, as its log says it
address_of() { sed -n 's/.*Start worker at: *//p' "worker$1.log"; }
# stop_worker N: gracefully, so that the scheduler sends it no more tasks
stop_worker() {
    kill "$(cat "worker.$1")"
    wait "$(cat "worker.$1")" 2>/dev/null
}

# --- the driver against one run --------------------------------------------
drive() { # NAME DRIVER_ARGUMENTS...: its outputs beside one run's
    name=$1
    shift
    "$python" "$driver" --scheduler "$address" --rgn "$rgn" --parts 17 \
        "$@" >"$name.out2" 2>"$name.err2"
    echo $? >"$name.status2"
}
same() { # NAME FILE...: the files of one run and of the driver agree
    name=$1
    shift
    for f in "$@"; do
        check "$name: $f" cmp -s "$name.${f}1" "$name.${f}2"
    done
}
cuts=$("$rgn" ranges --parts 17 archive/a.pgn | wc -l)
check "a.pgn is cut into 17 ranges, not $cuts" [ "$cuts" = 17 ]
drive validate --diagnostics-file validate.diag2 validate "$@"
same validate status out diag
drive list -o list.out2 --diagnostics-file list.diag2 list "$@"
same list status out diag
drive select --diagnostics-file select.diag2 select "$@" -- \
    --tag 'Result=1-0' --plies 80-
same select status out diag
check "select: some games selected" [ -s select.out1 ]
# the pieces' databases are merged by rgn db merge
if "$rgn" db merge --help >/dev/null 2>&1; then
    drive import --db two.rgndb --diagnostics-file import.diag2 import "$@"
    same import status diag
    # the summary: the counts of one import (copies within pieces and
    # across them among those already there)
    sed -n 's/^rgn db import: one.rgndb: //p' import.err1 >import.sum1
    sed -n 's/^rgn_dask: two.rgndb: //p' import.err2 >import.sum2
    check "import: one's summary has copies" \
        grep -q ' [1-9][0-9]* already there' import.sum1
    check "import: the summary is one import's" cmp -s import.sum1 import.sum2
    database two.rgndb two
    for f in export games info; do
        check "import: the database's $f" cmp -s "one.$f" "two.$f"
    done
    check "import: games stored" [ -s one.export ]
else
    echo "dask_driver: import not checked: this rgn has no db merge"
fi
# a folder stands for its files in byte order of their names
drive folder --diagnostics-file folder.diag2 validate archive
check "a folder: its files" cmp -s folder.out2 validate.out1
check "a folder: its files' diagnostics" cmp -s folder.diag2 validate.diag1

# --- a worker killed while it runs a piece ---------------------------------
# Each piece is slowed by half a second, and says which process ran it (the
# worker: rgn's parent); worker 1 is killed once it runs one.
cat >slow-rgn <<EOF
#!/bin/sh
case "\$1" in ranges) ;; *) touch "$tmp/ran.\$PPID"; sleep 0.5 ;; esac
exec "$rgn" "\$@"
EOF
chmod +x slow-rgn
"$python" "$driver" --scheduler "$address" --rgn "$tmp/slow-rgn" \
    --parts 17 validate --diagnostics-file killed.diag2 "$@" \
    >killed.out2 2>killed.err2 &
run=$!
victim=$(cat worker.1)
if wait_for 60 [ -e "ran.$victim" ]; then
    kill -9 "$victim"
    check "a piece was running on the killed worker" true
else
    check "a piece ran on worker 1" false
fi
wait $run
echo $? >killed.status2
cp validate.out1 killed.out1
cp validate.diag1 killed.diag1
cp validate.status1 killed.status1
same killed status out diag

# --- leftovers ---------------------------------------------------------------
# The killed worker's temporary folder (TMPDIR is $tmp) is removed by a
# later run, with one planted whose lock nobody holds; one in use (its
# lock held) and one without a lock (not known to be the driver's) stay.
# hold FILE: a process that holds the lock (flock) of FILE until killed
hold() {
    (flock 9 && exec sleep 60) 9>>"$1" >/dev/null 2>&1 &
    pids="$pids $!"
    wait_for 10 eval "! flock -n '$1' true"
}
mkdir rgn-dask-stale rgn-dask-busy rgn-dask-nolock
: >rgn-dask-stale/lock
hold rgn-dask-busy/lock
# worker 2 stopped: the pieces from here on run on worker 3
stop_worker 2
"$python" "$driver" --scheduler "$address" --rgn "$rgn" --parts 2 \
    validate archive/c.pgn >/dev/null 2>&1
check "leftovers: a run after" [ $? = 0 ]
check "leftovers: the stale removed, those in use or not ours kept" \
    [ "$(echo rgn-dask-*)" = "rgn-dask-busy rgn-dask-nolock" ]
# beside the database, the shards' folder: removed on SIGTERM, nothing
# written; stale ones removed by a later import, not those in use
mkdir dbs
"$python" "$driver" --scheduler "$address" --rgn "$tmp/slow-rgn" \
    --parts 4 import --db dbs/t.rgndb c.pgn >/dev/null 2>term.err &
run=$!
shards() { [ -n "$(find dbs -name '.rgn-dask-*')" ]; }
wait_for 60 shards
kill -TERM $run
wait $run
check "SIGTERM: status 143" [ $? = 143 ]
check "SIGTERM: said" grep -q 'stopped by SIGTERM; nothing written' term.err
check "SIGTERM: nothing left beside the database" [ -z "$(ls -A dbs)" ]
# SIGTERM while rgn db merge runs: the merge is asked to stop with
# SIGTERM (rgn then removes its temporary file), not killed
cat >merge-rgn <<EOF
#!/bin/sh
case "\$1 \$2" in
"db merge")
    touch "$tmp/merging"
    trap 'touch "$tmp/merge-stopped"; kill \$sleeper; exit 143' TERM
    sleep 60 & sleeper=\$!
    wait \$sleeper
    exit 0 ;;
esac
exec "$rgn" "\$@"
EOF
chmod +x merge-rgn
"$python" "$driver" --scheduler "$address" --rgn "$tmp/merge-rgn" \
    --parts 2 import --db dbs/m.rgndb c.pgn >/dev/null 2>term2.err &
run=$!
if ! wait_for 60 [ -e merging ]; then
    # what the driver said, when it ended before its merge began
    echo "the merge did not begin in 60 s; the driver's errors:"
    cat term2.err
fi
kill -TERM $run
wait $run
check "SIGTERM in the merge: status 143" [ $? = 143 ]
check "SIGTERM in the merge: the merge asked to stop, not killed" \
    [ -e merge-stopped ]
check "SIGTERM in the merge: nothing left beside the database" \
    [ -z "$(ls -A dbs)" ]
mkdir dbs/.rgn-dask-stale dbs/.rgn-dask-busy
: >dbs/.rgn-dask-stale/lock
hold dbs/.rgn-dask-busy/lock
"$python" "$driver" --scheduler "$address" --rgn "$rgn" --parts 2 \
    import --db dbs/u.rgndb c.pgn >/dev/null 2>&1
check "stale shards: an import after" [ $? = 0 ]
check "stale shards: removed, those in use kept" \
    [ "$(ls -A dbs)" = ".rgn-dask-busy
u.rgndb" ]

# --- a worker that sees another copy, or none --------------------------------
echo 'kept' >kept2.json
"$python" "$driver" --scheduler "$address" --rgn "$rgn" --parts 4 \
    validate -o kept2.json copy.pgn <good.pgn >/dev/null 2>copy.err
check "another copy: status 2" [ $? = 2 ]
said="^rgn_dask: copy.pgn, bytes [0-9]*:[0-9]*: the worker $(address_of 3)"
check "another copy: said, naming the worker, the file and the piece" \
    grep -q "$said (host [^)]*) read other bytes" copy.err
check "another copy: -o untouched" [ "$(cat kept2.json)" = kept ]
# worker 4, whose standard input is a socket, cannot open copy.pgn; the
# pieces run on it alone
start_worker 4 /dev/null "$python" -c 'import os, socket, sys
s = socket.socket()
os.dup2(s.fileno(), 0)
os.execvp(sys.argv[1], sys.argv[1:])'
wait_for 60 registered 4
stop_worker 3
"$python" "$driver" --scheduler "$address" --rgn "$rgn" --parts 4 \
    validate -o kept2.json copy.pgn <good.pgn >/dev/null 2>unread.err
check "a file a worker cannot open: status 2" [ $? = 2 ]
said="^rgn_dask: the worker $(address_of 4) (host [^)]*) cannot read copy.pgn:"
check "a file a worker cannot open: said, naming the worker and the file" \
    grep -q "$said " unread.err
check "a file a worker cannot open: -o untouched" \
    [ "$(cat kept2.json)" = kept ]

# --- bad input -------------------------------------------------------------
echo 'kept' >kept.json
chmod 640 kept.json
# nothing listens on port 1 of the loopback address
"$python" "$driver" --scheduler tcp://127.0.0.1:1 --timeout 2 \
    --rgn "$rgn" validate -o kept.json "$@" >/dev/null 2>closed.err
check "a scheduler that does not answer: status 2" [ $? = 2 ]
check "a scheduler that does not answer: said" \
    grep -q 'does not answer' closed.err
check "a scheduler that does not answer: -o untouched" \
    [ "$(cat kept.json)" = kept ]
check "-o keeps its mode" [ "$(stat -c %a kept.json)" = 640 ]
check "no temporary file left" [ "$(ls -a | grep -c '^\.kept')" = 0 ]
"$python" "$driver" --scheduler "$address" --rgn "$rgn" validate \
    -o kept.json archive/a.pgn no-such.pgn >/dev/null 2>missing.err
check "a missing file: status 2" [ $? = 2 ]
check "a missing file: said" grep -q 'no-such.pgn' missing.err
check "a missing file: -o untouched" [ "$(cat kept.json)" = kept ]
"$python" "$driver" --scheduler "$address" --rgn "$rgn" validate \
    -o kept.json "$@" -- --variant no-such-game >/dev/null 2>failed.err
check "rgn failing on the workers: status 2" [ $? = 2 ]
check "rgn failing on the workers: its message" \
    grep -q "unknown variant 'no-such-game'" failed.err
check "rgn failing on the workers: -o untouched" [ "$(cat kept.json)" = kept ]
# refused options, in every spelling rgn reads: refused before any piece
# runs (each piece would write the same file, or set what the driver sets)
for spelling in -o -okept.json --output=kept.json -qj2 -nj2 -j2 -nq \
    --quiet --jobs=2; do
    "$python" "$driver" --scheduler "$address" --rgn "$rgn" validate \
        -o kept.json "$@" -- $spelling >/dev/null 2>refused.err
    check "$spelling refused: status 2" [ $? = 2 ]
    check "$spelling refused: said" grep -q 'the driver sets it' refused.err
done
check "refused options: -o untouched" [ "$(cat kept.json)" = kept ]
for parts in 99999999999999999999 1099511627777; do
    "$python" "$driver" --scheduler "$address" --rgn "$rgn" --parts $parts \
        validate "$@" >/dev/null 2>parts.err
    check "--parts $parts: status 2" [ $? = 2 ]
    check "--parts $parts: too large" grep -q 'is too large' parts.err
done
# and once all is well, -o is written, keeping its mode
"$python" "$driver" --scheduler "$address" --rgn "$rgn" validate \
    -o kept.json --diagnostics-file /dev/null "$@"
check "-o written" cmp -s kept.json validate.out1
check "-o written, its mode kept" [ "$(stat -c %a kept.json)" = 640 ]

# --- the scheduler lost during a run (last: the cluster ends here) ---------
echo 'kept' >kept.json
rm -f ran.*
"$python" "$driver" --scheduler "$address" --rgn "$tmp/slow-rgn" \
    --parts 17 validate -o kept.json "$@" >/dev/null 2>lost.err &
run=$!
ran() { [ -n "$(find . -maxdepth 1 -name 'ran.*')" ]; }
wait_for 60 ran
kill -9 "$(sed -n 1p scheduler.pid)"
wait $run
check "the scheduler lost: status 2" [ $? = 2 ]
said="rgn_dask: the scheduler $address was lost during the run"
check "the scheduler lost: said in one line" \
    [ "$(cat lost.err)" = "$said; nothing written" ]
[ "$(cat lost.err)" = "$said; nothing written" ] || sed 's/^/  | /' lost.err
check "the scheduler lost: -o untouched" [ "$(cat kept.json)" = kept ]

echo "dask_driver: $passed passed, $failed failed"
[ "$failed" = 0 ]
