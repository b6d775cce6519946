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
# twice). A scheduler that does not answer, a missing file and rgn
# failing on the workers: exit status 2, a clear message, the -o file
# untouched. Options the driver refuses, in every spelling rgn reads
# (-ofile, bundles -qj2), and a --parts too large: refused, said. Needs Debian's python3-distributed (fails without it).
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
zstd -q -19 b.pgn -o archive/b.pgn.zst
# its games twice: copies across pieces, which db import stores once
"$gen" --games 200 --seed 23 2>/dev/null >c.pgn
cat c.pgn c.pgn >archive/c.pgn
set -- archive/a.pgn archive/b.pgn.zst archive/c.pgn
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
start_worker() { # N: its process id in worker.N
    $worker --scheduler-file scheduler.json --host 127.0.0.1 --nthreads 1 \
        --no-nanny --no-dashboard --local-directory "w$1" >"worker$1.log" 2>&1 &
    echo $! >"worker.$1"
    pids="$pids $!"
}
start_worker 1
start_worker 2
registered() { [ "$(grep -c 'Register worker' scheduler.log)" -ge "$1" ]; }
wait_for 60 registered 2 || {
    echo "FAIL: the workers did not register"
    cat scheduler.log worker1.log worker2.log
    exit 1
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

echo "dask_driver: $passed passed, $failed failed"
[ "$failed" = 0 ]
