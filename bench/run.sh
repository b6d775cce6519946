#!/bin/sh
# The benchmark: sh bench/run.sh (from the project root; not part of ctest).
#
# Builds rgn in Release into build-bench/, installs pgn-extract if it is
# missing, generates a corpus of random Rotary games (rgn-gen) and one of
# random chess games (chess-gen), then times
#   rgn validate, rgn convert --to rgn|xml|fen on the Rotary corpus,
#   rgn validate --variant chess (--jobs 1 and --jobs 2, and --jobs 1 on
#   the file compressed with zstd -3, whose MB/s are of the text it holds),
#   pgn-extract -r -s (validate only) and pgn-extract -s -o /dev/null
#   (validate and write) on the chess corpus, rgn select --count by a tag
#   and by a position and pgn-extract with the same criteria (-t, -x),
#   rgn list --headers-only --format json (a record per game, the moves
#   not replayed) on it, the library's games pulled one at a time
#   (rgn_games_next) against the same games pushed (bench/pull_push.c,
#   its fastest of RUNS runs each, reported at the end),
#   and, when rgn has ranges and Debian's python3-distributed is there,
#   rgn ranges --lines --parts 16 on it and the Dask driver
#   (contrib/dask) over its 16 ranges on a local cluster of two workers
#   of one thread each,
#   started once before the rounds, and the driver's start alone,
#   rgn perft 4 (Rotary), rgn perft --variant rollerball 7 and rgn perft
#   --variant chess on Kiwipete to depth 5,
#   and, when rgn has the command, rgn db import of each corpus, rgn db
#   find --position and --pattern on the chess database (each listing
#   every game found, which must be rgn select's) and rgn db tree of the
#   start and of two positions 10 plies deep, with the size of each
#   database,
# and, when RGN_BENCH_PEERS names a folder of peer programs, each peer
# found there on the same chess file (pgn-reader-validate,
# pgn-reader-validate_all, pgn-reader-parallel_validate, pgn-reader-stats,
# scoutfish make, and scoutfish scout with the database's two queries)
# and stockfish's perft 5 on Kiwipete. The commands run in
# RUNS rounds of one run of each (one at a time: the machine has two
# cores); the report gives the median wall seconds, CPU seconds, plies per
# second, MB per second (input bytes, 10^6; both from wall time), peak
# memory (median ru_maxrss), and the ratios of rgn's speed to each peer's
# (rgn/peer: above 1 means rgn is faster).
#
# Every run of a validator must find the whole corpus legal (exit status
# 0, and the counts or messages it prints), and every perft run must
# print the expected count: a benchmark of a validator that rejects the
# file, or of a wrong perft, is meaningless.
#
# The memory row: the peak memory of rgn validate (default jobs and
# --jobs 1), select --count, convert, list and db import on a file of
# MEM_GAMES one-move chess games with one warning each, and on a file of
# four times as many: the ratio of the two, about 1 when memory does not
# grow with the input.
#
# With BASELINE=COMMIT, COMMIT is built too (in a git worktree in a
# temporary folder, removed at the end, by its own cmake/build-pgo.sh),
# and every rgn row runs with both builds, one after the other in each
# round (the order swapped every round); the report gives each row's
# speed and memory, current over baseline. A row the baseline's rgn cannot
# run (a command or an option it lacks) says so, and the run goes on.
#
# The report ends with the rows of issue 39 and their targets, met or
# not: the minimum and the median over the rounds, judged by the minimum.
# With ONLY=issue, only those rows run (no Rotary corpus, perft,
# pgn-extract, selection, Dask or pull/push rows), for measuring them in
# a few minutes: e.g. RUNS=9 ONLY=issue BENCH_DIR=DIR
# RGN_BENCH_PEERS=DIR BASELINE=COMMIT sh bench/run.sh.
#
# Environment: RUNS (3), GAMES (Rotary games, 100000), CHESS_GAMES
# (150000, about the Rotary corpus's size; 177000, about 186 MB, with
# RGN_BENCH_PEERS), SEED (1), MEM_GAMES (1000000; 0: no memory row),
# BENCH_DIR (where the corpora go, kept for the next run with the same
# sizes, seed and generators; default a temporary directory, removed at
# the end), RGN_BENCH_PEERS (the peers' folder; see bench/README.md),
# BASELINE (a commit), ONLY (issue).
#
# shellcheck disable=SC2086 # $missing and $one_job are lists of words
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${RUNS:-3}
games=${GAMES:-100000}
peers=${RGN_BENCH_PEERS:-}
if [ -n "$peers" ]; then
    [ -d "$peers" ] || {
        echo "run.sh: RGN_BENCH_PEERS=$peers is not a folder" >&2
        exit 2
    }
    peers=$(cd "$peers" && pwd)
    # the peers' file is at least 150 MB, as the issue asks
    chess_games=${CHESS_GAMES:-177000}
else
    chess_games=${CHESS_GAMES:-150000}
fi
seed=${SEED:-1}
mem_games=${MEM_GAMES:-1000000}
case ${ONLY:-} in
"") quick=no ;;
issue) quick=yes ;;
*)
    echo "run.sh: ONLY=$ONLY: the only subset is 'issue'" >&2
    exit 2
    ;;
esac
build=$root/build-bench
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
kiwipete_5=193690690 # the published count, which both programs must print
rollerball_depth=7   # about half a second

# --- tools -----------------------------------------------------------------
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
missing=""
for p in cmake make gcc pkg-config libxml2-dev libzstd-dev libsqlite3-dev zstd \
    pgn-extract python3-distributed; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing \
        >/dev/null
fi
PATH=$PATH:/usr/games # Debian installs pgn-extract there
pgn_extract=$(command -v pgn-extract)

# --- peers -----------------------------------------------------------------
# The chess peers that are in the folder; a missing one is left out of the
# table, with a note. pgn-extract from the folder, when there, replaces the
# installed one.
present=""
absent=""
if [ -n "$peers" ]; then
    for p in pgn-reader-validate pgn-reader-validate_all \
        pgn-reader-parallel_validate pgn-reader-stats scoutfish stockfish \
        pgn-extract; do
        if [ -x "$peers/$p" ]; then
            present="$present $p"
        elif [ "$p" = pgn-extract ]; then
            echo "run.sh: no pgn-extract in $peers: the installed one" \
                "is used" >&2
        else
            absent="$absent $p"
            echo "run.sh: no $p in $peers: its row is skipped" >&2
        fi
    done
    [ ! -x "$peers/pgn-extract" ] || pgn_extract=$peers/pgn-extract
fi
has_peer() { case " $present " in *" $1 "*) return 0 ;; esac; return 1; }

# the Dask cluster's processes, stopped on any exit, and the temporary
# folders removed (the corpora's, the baseline's worktree and build)
dask_pids=""
removed=""
base_dir=""
cleanup() {
    for p in $dask_pids; do kill "$p" 2>/dev/null; done
    [ -z "$removed" ] || rm -rf "$removed"
    if [ -n "$base_dir" ]; then
        git -C "$root" worktree remove --force "$base_dir/src" \
            >/dev/null 2>&1 || true
        rm -rf "$base_dir"
        git -C "$root" worktree prune >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# the build users get from the README: optimised with a training run's
# profile (on games of other seeds than the ones timed here)
sh cmake/build-pgo.sh "$build" -DRGN_TESTS=OFF >/dev/null
cmake --build "$build" -j 2 --target rgn rgn-gen chess-gen measure pull_push \
    >/dev/null
rgn=$build/src/rgn
measure=$build/bench/measure

# The baseline: COMMIT checked out in a worktree of its own and built as
# its README built it, by its own build-pgo.sh (whose training runs the
# commands it has), or in plain Release when it has none. The corpora,
# the timer and the checks are the current tree's.
base_rgn=""
base_label=""
if [ -n "${BASELINE:-}" ]; then
    base_commit=$(git rev-parse --verify --quiet "$BASELINE^{commit}") || {
        echo "run.sh: BASELINE=$BASELINE is not a commit of this" \
            "repository" >&2
        exit 2
    }
    base_dir=$(mktemp -d "${TMPDIR:-/tmp}/rgn-baseline.XXXXXX")
    git worktree add --detach "$base_dir/src" "$base_commit" \
        >"$base_dir/build.log" 2>&1 || {
        cat "$base_dir/build.log" >&2
        echo "run.sh: cannot check out the baseline $BASELINE" >&2
        exit 1
    }
    base_label=$(git rev-parse --short "$base_commit")
    echo "building the baseline $base_label in $base_dir"
    if [ -f "$base_dir/src/cmake/build-pgo.sh" ]; then
        (cd "$base_dir/src" &&
            sh cmake/build-pgo.sh "$base_dir/build" -DRGN_TESTS=OFF) \
            >>"$base_dir/build.log" 2>&1 || base_failed=yes
        if grep -q 'training run failed' "$base_dir/build.log"; then
            base_label="$base_label (its training run failed: plain Release)"
        else
            base_label="$base_label (its cmake/build-pgo.sh)"
        fi
    else
        (cmake -S "$base_dir/src" -B "$base_dir/build" \
            -DCMAKE_BUILD_TYPE=Release -DRGN_TESTS=OFF &&
            cmake --build "$base_dir/build" -j 2 --target rgn) \
            >>"$base_dir/build.log" 2>&1 || base_failed=yes
        base_label="$base_label (plain Release: no cmake/build-pgo.sh)"
    fi
    base_rgn=$base_dir/build/src/rgn
    if [ "${base_failed:-no}" = yes ] || [ ! -x "$base_rgn" ]; then
        tail -n 30 "$base_dir/build.log" >&2
        echo "run.sh: the baseline $BASELINE does not build" >&2
        exit 1
    fi
fi
if [ -n "${BENCH_DIR:-}" ]; then
    data=$BENCH_DIR
    mkdir -p "$data"
else
    data=$(mktemp -d "${TMPDIR:-/tmp}/rgn-bench.XXXXXX")
    removed=$data
fi

# --- corpora ---------------------------------------------------------------
# Both generators end with 'NAME: N games, P plies' on standard error.
# generate GENERATOR GAMES FILE: FILE (in $data) made by GENERATOR, unless
# BENCH_DIR already holds it from the same generator (the same games for
# a small seed), the same count and seed; made says whether it made FILE
generate() {
    made=no
    key="$1 $2 $seed $("$build/tests/gen/$1" --games 20 --seed "$seed" \
        2>/dev/null | cksum)"
    if [ -s "$data/$3" ] && [ -s "$data/$1.err" ] &&
        [ "$(cat "$data/$3.key" 2>/dev/null)" = "$key" ]; then
        echo "$3: kept from an earlier run in $data"
        return
    fi
    echo "generating $2 games ($1) into $data/$3"
    rm -f "$data/$3.key"
    "$build/tests/gen/$1" --games "$2" --seed "$seed" \
        >"$data/$3" 2>"$data/$1.err"
    echo "$key" >"$data/$3.key"
    made=yes
}
generate chess-gen "$chess_games" games.pgn
chess_made=$made
chess_plies=$(awk '{ print $(NF - 1) }' "$data/chess-gen.err")
chess_bytes=$(wc -c <"$data/games.pgn")
if [ "$quick" = no ]; then
    generate rgn-gen "$games" games.rgn
    rgn_plies=$(awk '{ print $(NF - 1) }' "$data/rgn-gen.err")
    rgn_bytes=$(wc -c <"$data/games.rgn")
    # rgn and pgn-extract must reach the same final position in every
    # chess game before their speeds are compared
    sh bench/check-final-positions.sh "$data/games.pgn" "$rgn" "$pgn_extract"
    # the chess corpus compressed, as archives come: read through libzstd
    if [ "$chess_made" = yes ] || [ ! -s "$data/games.pgn.zst" ]; then
        zstd -q -3 -f -o "$data/games.pgn.zst" "$data/games.pgn"
    fi
    # a tenth of the Rotary corpus, cut at a game boundary, for the memory
    # check
    awk -v n=$((games / 10)) '/^\[Event / && ++g > n { exit } { print }' \
        "$data/games.rgn" >"$data/tenth.rgn"
else
    rgn_plies=0 rgn_bytes=0
fi
# the memory row's files: one-move games with one warning each (no tags:
# the seven-tag roster missing), N and 4N of them
for size in 1 4; do
    [ "$mem_games" -gt 0 ] || break
    awk -v n=$((mem_games * size)) \
        'BEGIN { for (i = 0; i < n; i++) print "1. e4 *\n" }' \
        >"$data/mem-$size.pgn"
done

# --- measurements ----------------------------------------------------------
# The commands run in rounds, each once a round, so that a change in the
# load of the machine falls on rgn and its peers alike. Each run appends
# NAME SECONDS MAXRSS_KB CPU_SECONDS PLIES BYTES MIN_SECONDS to $data/runs
# (PLIES is the leaf count for perft, BYTES 0; SECONDS the median of the
# runs of a query, MIN_SECONDS their fastest); the baseline's runs are
# named base:NAME, and the rows it cannot run go to $data/base-failed.
: >"$data/runs"
: >"$data/base-failed"
: >"$data/mem"
round=1
fail() {
    echo "run.sh: $*" >&2
    exit 1
}
# timed_n RUNS IN OUT NAME PLIES BYTES COMMAND...: RUNS runs (their
# median), standard input from IN, standard output to OUT, standard error
# to $data/NAME.err (both of the last run); stops the benchmark when the
# command fails. With a baseline, a command of rgn runs with both builds,
# in turn
timed_n() {
    if [ -z "$base_rgn" ] || [ "$7" != "$rgn" ]; then
        timed_current "$@"
    elif [ $((round % 2)) = 1 ]; then
        timed_current "$@"
        timed_baseline "$@"
    else
        timed_baseline "$@"
        timed_current "$@"
    fi
}
timed_current() {
    n=$1 in=$2 out=$3 name=$4 plies=$5 bytes=$6
    shift 6
    line=$("$measure" -n "$n" -i "$in" -o "$out" -e "$data/$name.err" \
        -- "$@") || {
        echo "run.sh: '$*' failed: $line" >&2
        tail -n 20 "$data/$name.err" >&2
        exit 1
    }
    record
}
# record: the line of measure, $line, into $data/runs as $name's
record() {
    echo "$line" | awk -v name="$name" -v p="$plies" -v b="$bytes" \
        '{ print name, $4, $10, $14, p, b, $6 }' >>"$data/runs"
}
# the same command with the baseline's rgn, and its own databases
# (base-NAME.rgndb); a row it fails once is not run again, and the report
# says why. Its exit status is its only check.
timed_baseline() {
    n=$1 in=$2 out=$3 name=base:$4 plies=$5 bytes=$6
    shift 6
    ! grep -q "^$name " "$data/base-failed" || return 0
    for a; do
        shift
        case $a in
        "$rgn") set -- "$@" "$base_rgn" ;;
        "$data"/*.rgndb) set -- "$@" "$data/base-${a#"$data/"}" ;;
        *) set -- "$@" "$a" ;;
        esac
    done
    [ "$out" = /dev/null ] || out=$data/$name.out
    if line=$("$measure" -n "$n" -i "$in" -o "$out" -e "$data/$name.err" \
        -- "$@"); then
        record
    else
        echo "$name exit status $(echo "$line" | awk '{ print $12 }'):" \
            "$(grep -m 1 . "$data/$name.err" | cut -c 1-100)" \
            >>"$data/base-failed"
        echo "run.sh: the baseline cannot run ${name#base:}: see the report" >&2
    fi
}
# timed IN OUT NAME PLIES BYTES COMMAND...: one run
timed() { timed_n 1 "$@"; }
# standard output thrown away: convert writes hundreds of MB
time_once() { timed /dev/null /dev/null "$@"; }
# standard output kept in $data/NAME.out, for the checks
time_kept() { timed /dev/null "$data/$1.out" "$@"; }
# expect FILE TEXT: FILE (in $data) must hold TEXT
expect() {
    grep -qF -- "$2" "$data/$1" || {
        echo "run.sh: $1 lacks '$2'; it begins:" >&2
        head -c 2000 "$data/$1" >&2
        exit 1
    }
}
# rgn validate's summary must count every game valid
expect_valid() { # NAME GAMES
    expect "$1.err" "$2 games: $2 valid ("
    expect "$1.err" ", 0 invalid"
}
# expect_count NAME LEAVES: a perft run's first line is its count
expect_count() {
    [ "$(head -n 1 "$data/$1.out")" = "$2" ] ||
        fail "$1 printed $(head -n 1 "$data/$1.out"), not $2"
}

# single-threaded, as the targets say: with --jobs 1 once rgn has --jobs
jobs_supported=no
one_job=""
if "$rgn" validate --help 2>&1 | grep -q -- --jobs; then
    jobs_supported=yes
    one_job="--jobs 1"
fi
# the issue's rows alone: no perft, pgn-extract, selection or list rows
if [ "$quick" = no ]; then
    # leaf counts: Rotary's and Rollerball's as rgn gives them (each run must
    # repeat its own), Kiwipete's the published one
    "$measure" -n 1 -o "$data/perft.out" -- "$rgn" perft 4 >/dev/null
    leaves=$(head -n 1 "$data/perft.out")
    "$measure" -n 1 -o "$data/perft.out" -- \
        "$rgn" perft --variant rollerball "$rollerball_depth" >/dev/null
    rollerball_leaves=$(head -n 1 "$data/perft.out")
    # stockfish reads UCI commands; it quits once the perft is done. It loads
    # its network on start-up: the start-up alone is timed too
    printf 'position fen %s\ngo perft 5\nquit\n' "$kiwipete" \
        >"$data/stockfish.in"
    echo quit >"$data/stockfish-quit.in"
    # the criteria of the selection rows
    after_f3="rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1"
    echo 'White "Player 1"' >"$data/tag.txt"
    echo '1. f3 *' >"$data/line.txt"
    # pgn-extract's tag criterion matches a value's start: rgn's regex does
    tag_games=$("$pgn_extract" -s -t "$data/tag.txt" "$data/games.pgn" \
        2>/dev/null | grep -c '^\[Event ')
    line_games=$("$pgn_extract" -s -x "$data/line.txt" "$data/games.pgn" \
        2>/dev/null | grep -c '^\[Event ')
    # rgn list --headers-only must list every game (its records are timed
    # into /dev/null, like convert's games)
    "$rgn" list --headers-only --format json --variant chess "$data/games.pgn" |
        tail -n 1 | grep -q "^{\"game\":$chess_games," ||
        fail "rgn list --headers-only does not list $chess_games games"
fi
# scoutfish writes its index next to its input: FILE.scout for FILE.pgn
ln -sf games.pgn "$data/scout.pgn"

# The database rows: rgn db import of each corpus (a fresh database each
# run), then queries of the chess database, listing every game found, and
# scoutfish scout with the same criteria on its index. A query takes
# milliseconds: each is timed as the median of $query_runs runs.
query_runs=5
db_supported=no
if "$rgn" db import --help >/dev/null 2>&1; then
    db_supported=yes
fi
# the position after 4 plies that most games of the corpus reach (ties to
# the first in byte order); the move counters are ignored by both sides
often_4="$("$rgn" fen -q --variant chess --ply 4 "$data/games.pgn" |
    cut -d ' ' -f 1-4 | sort | uniq -c | sort -k 1,1nr -k 2 | head -n 1 |
    sed 's/^ *[0-9]* //') 0 3"
# a pattern: the pieces of the Ruy Lopez (white Nf3 and Bb5, black Nc6),
# anything on the other squares
pattern=8/8/2n5/1B6/8/5N2/8/8
# the trees: the start, and the positions of games 1 and 2 after 10 plies
chess_start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
deep_1=$("$rgn" fen -q --variant chess --game 1 --ply 10 "$data/games.pgn")
deep_2=$("$rgn" fen -q --variant chess --game 2 --ply 10 "$data/games.pgn")
# offset_ply FILE: "OFFSET PLY" of each JSON line of rgn (select or db find)
offset_ply() {
    awk '{
        match($0, /"offset": *[0-9]+/); o = substr($0, RSTART, RLENGTH)
        match($0, /"ply": *[0-9]+/); p = substr($0, RSTART, RLENGTH)
        gsub(/[^0-9]/, "", o); gsub(/[^0-9]/, "", p); print o, p
    }' "$1"
}
# scout_offset_ply FILE: the same of scoutfish scout's matches; its "ofs"
# is the byte before the game (the newline of the blank line before it),
# 0 for the first game
scout_offset_ply() {
    awk -F '"ofs": ' 'NF > 1 {
        split($2, a, ","); split($0, p, "[[]")
        print (a[1] + 0 > 0 ? a[1] + 1 : 0), p[2] + 0
    }' "$1"
}
# json_number FILE KEY: the first number of the member KEY in $data/FILE
json_number() {
    awk -v key="\"$2\"" '(i = index($0, key)) {
        s = substr($0, i + length(key)); sub(/^ *: */, "", s)
        match(s, /^[0-9.]+/); print substr(s, 1, RLENGTH); exit
    }' "$data/$1"
}
# the answers every query must give: rgn select's, from the file
if [ "$db_supported" = yes ] || has_peer scoutfish; then
    "$rgn" select -q --variant chess --position "$often_4" --format json \
        "$data/games.pgn" >"$data/position.json" || true
    offset_ply "$data/position.json" >"$data/position.expected"
    "$rgn" select -q --variant chess --pattern "$pattern" --format json \
        "$data/games.pgn" >"$data/pattern.json" || true
    offset_ply "$data/pattern.json" >"$data/pattern.expected"
    position_games=$(wc -l <"$data/position.expected")
    pattern_games=$(wc -l <"$data/pattern.expected")
    if [ "$position_games" -eq 0 ] || [ "$pattern_games" -eq 0 ]; then
        fail "the queries find no game: $position_games, $pattern_games"
    fi
    if [ "$quick" = no ]; then
        deep_1_games=$("$rgn" select -q --variant chess --count \
            --position "$deep_1" "$data/games.pgn" || true)
        deep_2_games=$("$rgn" select -q --variant chess --count \
            --position "$deep_2" "$data/games.pgn" || true)
    fi
fi

# The Dask rows: a scheduler and two workers of one thread each on the
# loopback address, started once (a cluster is a service: its start is
# not a run's), and the driver connected to it; the driver's start alone
# (Python loading Dask) is a row of its own.
dask_supported=no
if [ "$quick" = no ] && "$rgn" ranges --help >/dev/null 2>&1 &&
    /usr/bin/python3 -c 'import distributed' 2>/dev/null; then
    dask_supported=yes
    (cd "$data" && exec dask-scheduler --host 127.0.0.1 --port 0 \
        --no-dashboard --scheduler-file "$data/scheduler.json" \
        >"$data/scheduler.log" 2>&1) &
    dask_pids="$dask_pids $!"
    for w in 1 2; do
        (cd "$data" && exec dask-worker --scheduler-file \
            "$data/scheduler.json" --host 127.0.0.1 --nthreads 1 \
            --no-dashboard --local-directory "$data/worker$w" \
            >"$data/worker$w.log" 2>&1) &
        dask_pids="$dask_pids $!"
    done
    tries=600
    until [ "$(grep -c 'Register worker' "$data/scheduler.log" 2>/dev/null)" \
        -ge 2 ]; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || fail "the Dask cluster did not start"
        sleep 0.1
    done
    dask_address=$(sed -n 's/.*"address": *"\([^"]*\)".*/\1/p' \
        "$data/scheduler.json")
    [ -n "$dask_address" ] || fail "no address in $data/scheduler.json"
fi

one_round() {
    if [ "$quick" = no ]; then
        other_rows
    fi
    chess_rows
}
# the rows of the Rotary corpus and of perft
other_rows() {
    time_once "rgn-validate" "$rgn_plies" "$rgn_bytes" \
        "$rgn" validate $one_job "$data/games.rgn"
    expect_valid "rgn-validate" "$games"
    time_once "rgn-convert-rgn" "$rgn_plies" "$rgn_bytes" \
        "$rgn" convert --to rgn "$data/games.rgn"
    time_once "rgn-convert-xml" "$rgn_plies" "$rgn_bytes" \
        "$rgn" convert --to xml "$data/games.rgn"
    time_once "rgn-convert-fen" "$rgn_plies" "$rgn_bytes" \
        "$rgn" convert --to fen "$data/games.rgn"
    if [ "$jobs_supported" = yes ]; then
        time_once "rgn-validate-jobs2" "$rgn_plies" "$rgn_bytes" \
            "$rgn" validate --jobs 2 "$data/games.rgn"
        expect_valid "rgn-validate-jobs2" "$games"
    fi

    time_kept "rgn-perft-4" "$leaves" 0 "$rgn" perft 4
    expect_count "rgn-perft-4" "$leaves"
    time_kept "rgn-perft-rollerball" "$rollerball_leaves" 0 \
        "$rgn" perft --variant rollerball "$rollerball_depth"
    expect_count "rgn-perft-rollerball" "$rollerball_leaves"
    time_kept "rgn-perft-kiwipete" "$kiwipete_5" 0 \
        "$rgn" perft --variant chess --fen "$kiwipete" 5
    expect_count "rgn-perft-kiwipete" "$kiwipete_5"
    if has_peer stockfish; then
        timed "$data/stockfish.in" "$data/stockfish-perft.out" \
            "stockfish-perft" "$kiwipete_5" 0 "$peers/stockfish"
        expect "stockfish-perft.out" "Nodes searched: $kiwipete_5"
        timed "$data/stockfish-quit.in" /dev/null "stockfish-start" 0 0 \
            "$peers/stockfish"
    fi
}
# the rows of the chess corpus, ONLY=issue's alone when asked
chess_rows() {
    time_once "rgn-validate-chess" "$chess_plies" "$chess_bytes" \
        "$rgn" validate $one_job --variant chess "$data/games.pgn"
    expect_valid "rgn-validate-chess" "$chess_games"
    if [ "$jobs_supported" = yes ]; then
        time_once "rgn-validate-chess-jobs2" "$chess_plies" "$chess_bytes" \
            "$rgn" validate --jobs 2 --variant chess "$data/games.pgn"
        expect_valid "rgn-validate-chess-jobs2" "$chess_games"
    fi
    if [ "$quick" = no ]; then
        chess_rows_other
    fi
    issue_peer_rows
    if [ "$db_supported" = yes ]; then
        db_round
    fi
}
# the chess rows outside the issue's
chess_rows_other() {
    if [ "$dask_supported" = yes ]; then
        # well under a second, the issue says: the cuts only
        time_kept "rgn-ranges" 0 0 "$rgn" ranges --lines --parts 16 \
            "$data/games.pgn"
        [ "$(wc -l <"$data/rgn-ranges.out")" = 16 ] ||
            fail "rgn ranges --lines --parts 16 printed" \
                "$(wc -l <"$data/rgn-ranges.out") ranges"
        time_kept "rgn-dask-validate" "$chess_plies" "$chess_bytes" \
            /usr/bin/python3 "$root/contrib/dask/rgn_dask.py" \
            --scheduler "$dask_address" --rgn "$rgn" --parts 16 validate \
            --diagnostics-file /dev/null "$data/games.pgn" -- --variant chess
        expect "rgn-dask-validate.out" \
            "{\"games\":$chess_games,\"valid\":$chess_games,"
        time_once "dask-start" 0 0 /usr/bin/python3 -c \
            'from distributed import Client, as_completed'
    fi
    # a record per game, parse only: to compare with pgn-reader-stats
    time_once "rgn-list-headers" "$chess_plies" "$chess_bytes" \
        "$rgn" list --headers-only --format json --variant chess \
        "$data/games.pgn"
    # MB/s of the text it holds, to compare with the plain file's
    time_once "rgn-validate-chess-zst" "$chess_plies" "$chess_bytes" \
        "$rgn" validate $one_job --variant chess "$data/games.pgn.zst"
    expect_valid "rgn-validate-chess-zst" "$chess_games"
    time_once "pgn-extract-r-s" "$chess_plies" "$chess_bytes" \
        "$pgn_extract" -r -s "$data/games.pgn"
    # -r reports each illegal move on standard error, where -s leaves only
    # the 'Games: N' progress: anything else means an illegal game
    if tr '\r' '\n' <"$data/pgn-extract-r-s.err" |
        grep -v '^Games: [0-9]*$' | grep -q .; then
        echo "run.sh: pgn-extract found errors in the chess corpus:" >&2
        head -n 20 "$data/pgn-extract-r-s.err" >&2
        exit 1
    fi
    time_once "pgn-extract-s-o" "$chess_plies" "$chess_bytes" \
        "$pgn_extract" -s -o /dev/null "$data/games.pgn"

    # selection, by a tag and by a position (the one after 1. f3), and
    # pgn-extract with the same criteria (-t a tag file, -x a positional
    # variation): both must find the same number of games
    time_kept "rgn-select-tag" "$chess_plies" "$chess_bytes" \
        "$rgn" select $one_job --variant chess --count \
        --tag 'White=~^Player 1' "$data/games.pgn"
    [ "$(cat "$data/rgn-select-tag.out")" = "$tag_games" ] ||
        fail "rgn select --tag found $(cat "$data/rgn-select-tag.out") games," \
            "pgn-extract -t $tag_games"
    time_kept "rgn-select-position" "$chess_plies" "$chess_bytes" \
        "$rgn" select $one_job --variant chess --count \
        --position "$after_f3" "$data/games.pgn"
    [ "$(cat "$data/rgn-select-position.out")" = "$line_games" ] ||
        fail "rgn select --position found" \
            "$(cat "$data/rgn-select-position.out") games, pgn-extract -x" \
            "$line_games"
    time_kept "pgn-extract-tag" "$chess_plies" "$chess_bytes" \
        "$pgn_extract" -s -t "$data/tag.txt" -o /dev/null "$data/games.pgn"
    time_kept "pgn-extract-position" "$chess_plies" "$chess_bytes" \
        "$pgn_extract" -s -x "$data/line.txt" -o /dev/null "$data/games.pgn"
    # parse only: no legality check, but the counts must agree
    if has_peer pgn-reader-stats; then
        time_kept "pgn-reader-stats" "$chess_plies" "$chess_bytes" \
            "$peers/pgn-reader-stats" "$data/games.pgn"
        expect "pgn-reader-stats.out" "games: $chess_games,"
        expect "pgn-reader-stats.out" "sans: $chess_plies,"
    fi
}
# the peers of the issue's rows
issue_peer_rows() {
    # The pgn-reader validators exit 1 on an illegal move; each also prints
    # what it saw, which must be the whole corpus.
    for p in pgn-reader-validate pgn-reader-parallel_validate; do
        if has_peer "$p"; then
            time_kept "$p" "$chess_plies" "$chess_bytes" \
                "$peers/$p" "$data/games.pgn"
            expect "$p.out" "games.pgn: success"
        fi
    done
    if has_peer pgn-reader-validate_all; then
        time_kept "pgn-reader-validate_all" "$chess_plies" "$chess_bytes" \
            "$peers/pgn-reader-validate_all" "$data/games.pgn"
        expect "pgn-reader-validate_all.out" "games=$chess_games \
sans_validated=$chess_plies games_with_errors=0"
    fi
    # scoutfish exits 0 whatever it finds: its counts say
    if has_peer scoutfish; then
        rm -f "$data/scout.scout"
        time_kept "scoutfish-make" "$chess_plies" "$chess_bytes" \
            "$peers/scoutfish" make "$data/scout.pgn"
        expect "scoutfish-make.out" "\"Games\": $chess_games,"
        expect "scoutfish-make.out" "\"Moves\": $chess_plies,"
        expect "scoutfish-make.out" "\"Incorrect moves\": 0,"
        ! grep -q 'Wrong move' "$data/scoutfish-make.err" ||
            fail "scoutfish found wrong moves in the chess corpus"
        # the same queries as rgn db find's below, each on its index
        time_query "scoutfish-scout-position" "$peers/scoutfish" scout \
            "$data/scout.scout" "{\"sub-fen\": \"${often_4%% *}\"}"
        check_found "scoutfish-scout-position" position scout_offset_ply
        time_query "scoutfish-scout-pattern" "$peers/scoutfish" scout \
            "$data/scout.scout" "{\"sub-fen\": \"$pattern\"}"
        check_found "scoutfish-scout-pattern" pattern scout_offset_ply
    fi
}
# time_query NAME COMMAND...: a query, its output kept in $data/NAME.out
time_query() {
    name=$1
    shift
    timed_n "$query_runs" /dev/null "$data/$name.out" "$name" \
        "$chess_plies" "$chess_bytes" "$@"
}
# check_found NAME QUERY READER: the games NAME found (their offsets and
# first plies, READER reading them from its output) are rgn select's
check_found() {
    "$3" "$data/$1.out" >"$data/$1.found"
    cmp -s "$data/$1.found" "$data/$2.expected" ||
        fail "$1 found $(wc -l <"$data/$1.found") games, not the" \
            "$(wc -l <"$data/$2.expected") of rgn select (or other plies)"
}
# expect_db NAME DB GAMES PLIES: rgn db info counts every game of the corpus
# in DB, valid, with its plies
expect_db() {
    "$rgn" db info --db "$data/$2" --format json >"$data/$1.info"
    if [ "$(json_number "$1.info" games)" != "$3" ] ||
        [ "$(json_number "$1.info" valid)" != "$3" ] ||
        [ "$(json_number "$1.info" plies)" != "$4" ]; then
        fail "$2 is not the $3 valid games, $4 plies: $(cat "$data/$1.info")"
    fi
}
# expect_tree NAME GAMES: the tree counts GAMES games reaching the position
expect_tree() {
    [ "$(json_number "$1.out" games)" = "$2" ] ||
        fail "$1 counts $(json_number "$1.out" games) games, not $2"
}
db_round() {
    # import into a fresh database, one thread (the baseline's its own)
    rm -f "$data"/chess.rgndb* "$data"/base-chess.rgndb*
    time_once "rgn-db-import" "$chess_plies" "$chess_bytes" \
        "$rgn" db import --db "$data/chess.rgndb" --variant chess \
        "$data/games.pgn"
    expect_db "rgn-db-import" chess.rgndb "$chess_games" "$chess_plies"
    if [ "$quick" = no ]; then
        rm -f "$data"/rotary.rgndb* "$data"/base-rotary.rgndb*
        time_once "rgn-db-import-rotary" "$rgn_plies" "$rgn_bytes" \
            "$rgn" db import --db "$data/rotary.rgndb" "$data/games.rgn"
        expect_db "rgn-db-import-rotary" rotary.rgndb "$games" "$rgn_plies"
    fi

    # every matching game listed, as scoutfish lists them
    time_query "rgn-db-find-position" "$rgn" db find \
        --db "$data/chess.rgndb" --position "$often_4" --format json
    check_found "rgn-db-find-position" position offset_ply
    time_query "rgn-db-find-pattern" "$rgn" db find \
        --db "$data/chess.rgndb" --pattern "$pattern" --format json
    check_found "rgn-db-find-pattern" pattern offset_ply
    if [ "$quick" = no ]; then
        tree_rows
    fi
}
# the opening explorer's rows
tree_rows() {
    # the opening explorer: the whole process, start-up included
    time_query "rgn-db-tree-start" "$rgn" db tree --db "$data/chess.rgndb" \
        --variant chess --position "$chess_start" --format json
    expect_tree "rgn-db-tree-start" "$chess_games"
    time_query "rgn-db-tree-deep-1" "$rgn" db tree --db "$data/chess.rgndb" \
        --variant chess --position "$deep_1" --format json
    expect_tree "rgn-db-tree-deep-1" "$deep_1_games"
    time_query "rgn-db-tree-deep-2" "$rgn" db tree --db "$data/chess.rgndb" \
        --variant chess --position "$deep_2" --format json
    expect_tree "rgn-db-tree-deep-2" "$deep_2_games"
}

load_before=$(cut -d ' ' -f 1-3 /proc/loadavg)
round=1
while [ "$round" -le "$runs" ]; do
    echo "round $round of $runs" >&2
    one_round
    round=$((round + 1))
done
load_after=$(cut -d ' ' -f 1-3 /proc/loadavg)
tenth_kb=0
[ "$quick" = yes ] ||
    tenth_kb=$("$measure" -n 1 -- "$rgn" validate $one_job \
        "$data/tenth.rgn" | awk '{ print $10 }')

# The memory row: each command once on the file of N games, then on that
# of 4N (and the baseline's after the current's), its peak memory into
# $data/mem as WHO SIZE KB ROW; the diagnostics, a line or more a game,
# thrown away. A run that fails is noted as such.
memory_run() { # WHO RGN SIZE ROW COMMAND ARGUMENTS...
    who=$1 r=$2 size=$3 row=$4
    shift 4
    rm -f "$data"/mem.rgndb*
    if line=$("$measure" -n 1 -- "$r" "$@" "$data/mem-$size.pgn"); then
        echo "$line" | awk -v w="$who" -v n="$size" -v row="$row" \
            '{ print w, n, $10, row }' >>"$data/mem"
    else
        echo "$who $size failed $row" >>"$data/mem"
    fi
}
# MEM_GAMES=0: no memory row
if [ "$mem_games" -gt 0 ]; then
    after_e4="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    echo "the memory row: $mem_games and $((mem_games * 4)) games" >&2
    for row in validate validate-jobs1 select-count convert list db-import; do
        case $row in
        validate) set -- validate --variant chess ;;
        validate-jobs1) set -- validate --jobs 1 --variant chess ;;
        select-count) set -- select --count --variant chess \
            --position "$after_e4" ;;
        convert) set -- convert --to coord --variant chess ;;
        list) set -- list --variant chess ;;
        db-import) set -- db import --db "$data/mem.rgndb" --variant chess ;;
        esac
        for size in 1 4; do
            memory_run current "$rgn" "$size" "$row" "$@"
            if [ -n "$base_rgn" ]; then
                memory_run baseline "$base_rgn" "$size" "$row" "$@"
            fi
        done
    done
    rm -f "$data"/mem.rgndb*
fi

# the databases of the last round, as the import left them
chess_db_bytes=0
rotary_db_bytes=0
base_db_bytes=0
if [ "$db_supported" = yes ]; then
    chess_db_bytes=$(wc -c <"$data/chess.rgndb")
    [ "$quick" = yes ] || rotary_db_bytes=$(wc -c <"$data/rotary.rgndb")
    [ ! -f "$data/base-chess.rgndb" ] ||
        base_db_bytes=$(wc -c <"$data/base-chess.rgndb")
fi
# --- report ----------------------------------------------------------------
echo
echo "rgn benchmark, $(date -u +%Y-%m-%d), median of $runs runs;" \
    "$(nproc) cores, $(grep -m 1 'model name' /proc/cpuinfo | sed 's/.*: //')"
revision=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain --untracked-files=no src 2>/dev/null)" ]
then
    revision="$revision with uncommitted changes in src/"
fi
echo "rgn built from $revision"
[ -z "$base_label" ] || echo "baseline: $base_label"
[ "$quick" = no ] || echo "ONLY=issue: the rows of issue 39 alone"
[ "$quick" = yes ] ||
    printf 'Rotary corpus: %s games, %s plies, %.1f MB\n' "$games" \
        "$rgn_plies" "$(echo "$rgn_bytes" | awk '{ print $1 / 1e6 }')"
printf 'chess corpus:  %s games, %s plies, %.1f MB\n' \
    "$chess_games" "$chess_plies" \
    "$(echo "$chess_bytes" | awk '{ print $1 / 1e6 }')"
if [ -n "$peers" ]; then
    echo "peers from $peers:${present:- none}"
    [ -z "$absent" ] || echo "not in the folder, skipped:$absent"
fi
echo "load average before: $load_before, after: $load_after" \
    "(other processes share the cores)"
awk -v tenth_kb="$tenth_kb" -v jobs="$jobs_supported" -v quick="$quick" \
    -v runs="$runs" -v mem_games="$mem_games" -v base_label="$base_label" \
    -v base_db_bytes="$base_db_bytes" \
    -v validate_label="rgn validate${one_job:+ $one_job}" \
    -v rollerball_depth="$rollerball_depth" \
    -v position_games="${position_games:-0}" \
    -v pattern_games="${pattern_games:-0}" \
    -v deep_1_games="${deep_1_games:-0}" -v deep_2_games="${deep_2_games:-0}" \
    -v chess_db_bytes="$chess_db_bytes" -v rotary_db_bytes="$rotary_db_bytes" \
    -v chess_bytes="$chess_bytes" -v rgn_bytes="$rgn_bytes" \
    -v chess_plies="$chess_plies" -v rgn_plies="$rgn_plies" '
function median(list, count, a, i, j, t) {
    split(list, a, " ")
    for (i = 2; i <= count; i++)
        for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
            t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
        }
    return count % 2 ? a[(count + 1) / 2] \
                     : (a[count / 2] + a[count / 2 + 1]) / 2
}
# ratio(A, B): A speed over B speed, "-" when either did not run
function ratio(a, b) {
    return ((a in rate) && (b in rate) && rate[b] > 0) \
        ? sprintf("%.2fx", rate[a] / rate[b]) : "-"
}
# the same by CPU time: steadier when other processes share the cores,
# and fair only between single-threaded rows
function cpu_ratio(a, b) {
    return ((a in cpu_rate) && (b in cpu_rate) && cpu_rate[b] > 0) \
        ? sprintf("%.2fx", cpu_rate[a] / cpu_rate[b]) : "-"
}
function target(a, b, goal) {
    if (!((a in rate) && (b in rate)))
        return "not measured"
    return rate[a] / rate[b] >= goal ? "met" : "NOT met"
}
# the memory row: WHO SIZE KB ROW, KB "failed" when the run failed
FILENAME ~ /\/mem$/ {
    mem[$1, $2, $4] = $3
    next
}
# the rows the baseline cannot run: base:NAME and why
FILENAME ~ /\/base-failed$/ {
    why = $0
    sub(/^[^ ]* /, "", why)
    base_failed[substr($1, 6)] = why
    next
}
{
    if (!($1 in count))
        name[++names] = $1
    count[$1]++
    s_list[$1] = s_list[$1] " " $2
    kb_list[$1] = kb_list[$1] " " $3
    cpu_list[$1] = cpu_list[$1] " " $4
    n[$1] = $5; b[$1] = $6
    if (!($1 in mn) || $7 + 0 < mn[$1])
        mn[$1] = $7 + 0
}
END {
    summarise()
    set_labels()
    if (quick != "yes")
        full_report()
    issue_table()
    if (base_label != "")
        baseline_table()
}
# the median of each row over the rounds, its speed
function summarise(i, k) {
    for (i = 1; i <= names; i++) {
        k = name[i]
        s[k] = median(s_list[k], count[k])
        kb[k] = median(kb_list[k], count[k])
        cpu[k] = median(cpu_list[k], count[k])
        if (n[k] > 0) {
            rate[k] = n[k] / s[k]
            cpu_rate[k] = n[k] / cpu[k]
        }
    }
}
function set_labels() {
    j1 = jobs == "yes" ? " --jobs 1" : ""
    label["rgn-validate"] = validate_label
    label["rgn-convert-rgn"] = "rgn convert --to rgn"
    label["rgn-convert-xml"] = "rgn convert --to xml"
    label["rgn-convert-fen"] = "rgn convert --to fen"
    label["rgn-validate-jobs2"] = "rgn validate --jobs 2"
    label["rgn-validate-chess"] = "rgn validate --variant chess" j1
    label["rgn-validate-chess-jobs2"] = "rgn validate --variant chess --jobs 2"
    label["rgn-validate-chess-zst"] = "the same, the file as .zst"
    label["rgn-list-headers"] = "rgn list --headers-only (JSON)"
    label["rgn-dask-validate"] = "Dask driver, 16 ranges, 2 workers"
    label["pgn-reader-validate"] = "pgn-reader-validate (1 thread)"
    label["pgn-reader-validate_all"] = "pgn-reader-validate_all (1 thread)"
    label["pgn-reader-parallel_validate"] = "pgn-reader-parallel_validate"
    label["pgn-reader-stats"] = "pgn-reader-stats (parse only)"
    label["scoutfish-make"] = "scoutfish make (1 thread)"
    label["pgn-extract-r-s"] = "pgn-extract -r -s"
    label["pgn-extract-s-o"] = "pgn-extract -s -o /dev/null"
    label["rgn-select-tag"] = "rgn select --tag White=~^Player 1"
    label["rgn-select-position"] = "rgn select --position (after 1. f3)"
    label["pgn-extract-tag"] = "pgn-extract -t (White \"Player 1\")"
    label["pgn-extract-position"] = "pgn-extract -x (1. f3)"
    label["rgn-perft-4"] = "rgn perft 4 (Rotary)"
    label["rgn-perft-rollerball"] = "rgn perft --variant rollerball " \
        rollerball_depth
    label["rgn-perft-kiwipete"] = "rgn perft --variant chess, Kiwipete 5"
    label["stockfish-perft"] = "stockfish go perft 5, Kiwipete"
    label["stockfish-start"] = "stockfish start-up and quit only"
    label["rgn-db-import"] = "rgn db import (chess)"
    label["rgn-db-import-rotary"] = "rgn db import (Rotary corpus)"
    label["rgn-db-find-position"] = "rgn db find --position (" \
        position_games " games)"
    label["scoutfish-scout-position"] = "scoutfish scout, board as sub-fen"
    label["rgn-db-find-pattern"] = "rgn db find --pattern (" \
        pattern_games " games)"
    label["scoutfish-scout-pattern"] = "scoutfish scout, pattern as sub-fen"
    label["rgn-db-tree-start"] = "rgn db tree, the start (all games)"
    label["rgn-db-tree-deep-1"] = "rgn db tree, game 1 at ply 10 (" \
        deep_1_games ")"
    label["rgn-db-tree-deep-2"] = "rgn db tree, game 2 at ply 10 (" \
        deep_2_games ")"
    label["rgn-ranges"] = "rgn ranges --lines --parts 16"
}
# the tables of every row, and the targets of the earlier issues
function full_report() {
    # the rgn row each peer is compared with: threads against threads
    chess_1 = "rgn-validate-chess"
    chess_2 = jobs == "yes" ? "rgn-validate-chess-jobs2" : chess_1
    base["pgn-reader-validate"] = chess_1
    base["pgn-reader-validate_all"] = chess_1
    base["pgn-reader-parallel_validate"] = chess_2
    base["pgn-reader-stats"] = chess_1
    base["scoutfish-make"] = chess_1
    base["pgn-extract-r-s"] = chess_1
    base["pgn-extract-tag"] = "rgn-select-tag"
    base["pgn-extract-position"] = "rgn-select-position"
    base["stockfish-perft"] = "rgn-perft-kiwipete"
    short[chess_1] = jobs == "yes" ? "--jobs 1" : "rgn"
    short["rgn-validate-chess-jobs2"] = "--jobs 2"
    short["rgn-perft-kiwipete"] = "rgn perft"
    short["rgn-select-tag"] = "select"
    short["rgn-select-position"] = "select"
    # the database table has its own: scoutfish make against the import
    db_base["scoutfish-make"] = "rgn-db-import"
    db_base["scoutfish-scout-position"] = "rgn-db-find-position"
    db_base["scoutfish-scout-pattern"] = "rgn-db-find-pattern"
    short["rgn-db-import"] = "import"
    short["rgn-db-find-position"] = "find"
    short["rgn-db-find-pattern"] = "find"

    print "\nRotary corpus:\n"
    printf "| %-27s | %7s | %7s | %11s | %6s | %8s |\n", "command",
           "seconds", "CPU s", "plies/s", "MB/s", "peak MiB"
    printf "|-----------------------------|--------:|--------:|" \
           "------------:|-------:|---------:|\n"
    split("rgn-validate rgn-convert-rgn rgn-convert-xml rgn-convert-fen " \
          "rgn-validate-jobs2", rows, " ")
    for (i = 1; i in rows; i++) {
        k = rows[i]
        if (!(k in s))
            continue
        printf "| %-27s | %7.2f | %7.2f | %11.0f | %6.1f | %8.1f |\n",
               label[k], s[k], cpu[k], rate[k], b[k] / 1e6 / s[k],
               kb[k] / 1024
    }

    print "\nChess corpus, the same file for every row (rgn/peer: the" \
          " speed of the rgn row\nnamed over that of the peer, from wall" \
          " time; above 1 means rgn is faster):\n"
    printf "| %-38s | %7s | %7s | %6s | %9s | %8s | %17s |\n", "command",
           "seconds", "CPU s", "MB/s", "M plies/s", "peak MiB", "rgn/peer"
    printf "|----------------------------------------|--------:|--------:|" \
           "-------:|----------:|---------:|------------------:|\n"
    split("rgn-validate-chess rgn-validate-chess-zst " \
          "rgn-validate-chess-jobs2 rgn-dask-validate rgn-list-headers " \
          "pgn-reader-validate " \
          "pgn-reader-validate_all pgn-reader-parallel_validate " \
          "pgn-reader-stats scoutfish-make pgn-extract-r-s pgn-extract-s-o " \
          "rgn-select-tag rgn-select-position pgn-extract-tag " \
          "pgn-extract-position",
          rows, " ")
    for (i = 1; i in rows; i++) {
        k = rows[i]
        if (!(k in s))
            continue
        r = k in base ? ratio(base[k], k) " (" short[base[k]] ")" : "-"
        printf "| %-38s | %7.2f | %7.2f | %6.1f | %9.2f | %8.1f | %17s |\n",
               label[k], s[k], cpu[k], b[k] / 1e6 / s[k], rate[k] / 1e6,
               kb[k] / 1024, r
    }

    print "\nPerft (leaves per second from wall time, start-up included):\n"
    printf "| %-38s | %11s | %7s | %7s | %10s | %8s | %17s |\n", "command",
           "leaves", "seconds", "CPU s", "M leaves/s", "peak MiB",
           "rgn/peer"
    printf "|----------------------------------------|------------:|" \
           "--------:|--------:|-----------:|---------:|------------------:|\n"
    split("rgn-perft-4 rgn-perft-rollerball rgn-perft-kiwipete " \
          "stockfish-perft stockfish-start", rows, " ")
    for (i = 1; i in rows; i++) {
        k = rows[i]
        if (!(k in s))
            continue
        r = k in base ? ratio(base[k], k) " (" short[base[k]] ")" : "-"
        printf "| %-38s | %11s | %7.2f | %7.2f | %10s | %8.1f | %17s |\n",
               label[k], (n[k] > 0 ? n[k] : "-"), s[k], cpu[k],
               (n[k] > 0 ? sprintf("%.1f", rate[k] / 1e6) : "-"),
               kb[k] / 1024, r
    }

    if (("rgn-db-import" in s) || ("scoutfish-scout-position" in s)) {
        print "\nDatabase, on the same corpora (milliseconds; a query is" \
              " the median of several\nruns in each round, start-up" \
              " included; MB/s of the file imported):\n"
        printf "| %-38s | %9s | %9s | %6s | %8s | %17s |\n", "command",
               "ms", "CPU ms", "MB/s", "peak MiB", "rgn/peer"
        printf "|----------------------------------------|----------:|" \
               "----------:|-------:|---------:|------------------:|\n"
        split("rgn-db-import scoutfish-make rgn-db-import-rotary " \
              "rgn-db-find-position scoutfish-scout-position " \
              "rgn-db-find-pattern scoutfish-scout-pattern " \
              "rgn-db-tree-start rgn-db-tree-deep-1 rgn-db-tree-deep-2",
              rows, " ")
        for (i = 1; i in rows; i++) {
            k = rows[i]
            if (!(k in s))
                continue
            r = k in db_base ? ratio(db_base[k], k) " (" \
                short[db_base[k]] ")" : "-"
            mbs = k ~ /import|make/ ? sprintf("%.1f", b[k] / 1e6 / s[k]) \
                                    : "-"
            printf "| %-38s | %9.1f | %9.1f | %6s | %8.1f | %17s |\n",
                   label[k], s[k] * 1000, cpu[k] * 1000, mbs,
                   kb[k] / 1024, r
        }
    }

    v = rate["rgn-validate"] / rate["pgn-extract-r-s"]
    c = rate["rgn-convert-rgn"] / rate["pgn-extract-s-o"]
    v_cpu = cpu_rate["rgn-validate"] / cpu_rate["pgn-extract-r-s"]
    c_cpu = cpu_rate["rgn-convert-rgn"] / cpu_rate["pgn-extract-s-o"]
    peak = 0
    for (k in kb)
        if (k ~ /^rgn-/ && k !~ /^rgn-(db|dask)-/ && kb[k] > peak) {
            peak = kb[k]
            peak_row = label[k]
        }
    print ""
    printf "%s / pgn-extract -r -s: %.2fx (target >= 5x: %s);" \
           " by CPU time %.2fx\n", validate_label, v,
           (v >= 5 ? "met" : "NOT met"), v_cpu
    printf "rgn convert --to rgn / pgn-extract -s -o /dev/null: %.2fx" \
           " (target >= 3x: %s); by CPU time %.2fx\n", c,
           (c >= 3 ? "met" : "NOT met"), c_cpu
    printf "rgn peak memory: %.1f MiB at most, by %s (target < 16 MiB:" \
           " %s); %s on a tenth of the corpus: %.1f MiB\n", peak / 1024,
           peak_row, (peak < 16 * 1024 ? "met" : "NOT met"),
           validate_label, tenth_kb / 1024
    printf "%s / pgn-extract -r -s, same file: %.2fx; by CPU time %.2fx\n",
           label[chess_1], rate[chess_1] / rate["pgn-extract-r-s"],
           cpu_rate[chess_1] / cpu_rate["pgn-extract-r-s"]
    printf "rgn select --tag / %s: %s (target >= 0.9: %s)\n",
           label[chess_1], ratio("rgn-select-tag", chess_1),
           target("rgn-select-tag", chess_1, 0.9)
    printf "rgn select --position / %s: %s (target >= 0.9: %s)\n",
           label[chess_1], ratio("rgn-select-position", chess_1),
           target("rgn-select-position", chess_1, 0.9)
    printf "rgn select / pgn-extract, same criteria: by a tag %s, by a" \
           " position %s\n", ratio("rgn-select-tag", "pgn-extract-tag"),
           ratio("rgn-select-position", "pgn-extract-position")
    printf "perft 4: %.0f million leaves/s (target >= 100 million: %s)\n",
           rate["rgn-perft-4"] / 1e6,
           (rate["rgn-perft-4"] >= 1e8 ? "met" : "NOT met")
    if (jobs == "yes")
        printf "rgn validate --jobs 2 / --jobs 1: %.2fx\n",
               rate["rgn-validate-jobs2"] / rate["rgn-validate"]
    if ("rgn-dask-validate" in s) {
        # the wall time of the driver less that of its start (Python
        # loading Dask)
        d = s["rgn-dask-validate"] - s["dask-start"]
        printf "Dask driver (16 ranges, 2 workers of 1 thread) / rgn" \
               " validate --variant chess --jobs 2: %s (target >= 0.8: %s);" \
               " less the start of the driver (%.2f s): %.2fx\n",
               ratio("rgn-dask-validate", "rgn-validate-chess-jobs2"),
               target("rgn-dask-validate", "rgn-validate-chess-jobs2", 0.8),
               s["dask-start"],
               s["rgn-validate-chess-jobs2"] / (d > 0 ? d : 1e-9)
        printf "rgn ranges --lines --parts 16, the chess file: %.0f ms (target" \
               " well under a second: %s)\n", s["rgn-ranges"] * 1000,
               (s["rgn-ranges"] < 0.5 ? "met" : "NOT met")
    }
    # (the ratios to pgn-reader and scoutfish: in the table of issue 39)
    printf "rgn list --headers-only / pgn-reader-stats (parse only): %s" \
           " (target >= 1: %s); by CPU time %s\n",
           ratio("rgn-list-headers", "pgn-reader-stats"),
           target("rgn-list-headers", "pgn-reader-stats", 1),
           cpu_ratio("rgn-list-headers", "pgn-reader-stats")
    printf "rgn perft / stockfish perft, Kiwipete 5: %s (target >= 1:" \
           " %s); by CPU time %s\n",
           ratio("rgn-perft-kiwipete", "stockfish-perft"),
           target("rgn-perft-kiwipete", "stockfish-perft", 1),
           cpu_ratio("rgn-perft-kiwipete", "stockfish-perft")
    printf "Rotary validation, %s: %.1f MB/s, %.2f M plies/s;" \
           " over the plies/s of pgn-reader-validate_all (other game," \
           " other file): %s\n", validate_label,
           b["rgn-validate"] / 1e6 / s["rgn-validate"],
           rate["rgn-validate"] / 1e6,
           ratio("rgn-validate", "pgn-reader-validate_all")
    printf "Rollerball perft %d / Rotary perft 4, leaves/s: %s;" \
           " by CPU time %s\n", rollerball_depth,
           ratio("rgn-perft-rollerball", "rgn-perft-4"),
           cpu_ratio("rgn-perft-rollerball", "rgn-perft-4")
    if (!("rgn-db-import" in s))
        return
    printf "rgn db import, Rotary corpus: %.1f MB/s, %.2f M plies/s\n",
           b["rgn-db-import-rotary"] / 1e6 / s["rgn-db-import-rotary"],
           rate["rgn-db-import-rotary"] / 1e6
    t1 = s["rgn-db-tree-start"] * 1000
    t2 = s["rgn-db-tree-deep-1"] * 1000
    t3 = s["rgn-db-tree-deep-2"] * 1000
    printf "rgn db tree, whole process: the start %.1f ms, game 1 at ply" \
           " 10 %.1f ms, game 2 at ply 10 %.1f ms (target < 50 ms each:" \
           " %s)\n", t1, t2, t3,
           (t1 < 50 && t2 < 50 && t3 < 50 ? "met" : "NOT met")
    printf "database size, chess: %d bytes, %.1f bytes per ply;" \
           " Rotary: %d bytes, %.1f bytes per ply, %.2f of the RGN file\n",
           chess_db_bytes, chess_db_bytes / chess_plies, rotary_db_bytes,
           rotary_db_bytes / rgn_plies, rotary_db_bytes / rgn_bytes
}
# The rows of issue 39 with their targets: from the fastest run of each
# row (the minimum over the rounds: the figures of the issue are minima of
# interleaved runs), which says met or not, and from the medians
function issue_table() {
    print "\nThe rows of issue 39 (ratios and times: the minimum over the " \
          runs " rounds,\nthe median in brackets; a speed ratio above 1" \
          " means rgn is faster; met or not\nby the minimum; " \
          (mem_games > 0 ? "peak memory on\n" mem_games " and " \
          4 * mem_games " one-move games with a warning each" \
          : "no memory row: MEM_GAMES=0") "):\n"
    printf "| %-48s | %-19s | %-19s | %-14s | %-6s | %-7s |%s\n", "row",
           "rgn", "against", "ratio", "target", "", base_label == "" ? "" \
           : " the baseline |"
    printf "|--------------------------------------------------|" \
           "---------------------|---------------------|----------------|" \
           "--------|---------|%s\n", base_label == "" ? "" \
           : "-------------:|"
    chess_1 = "rgn-validate-chess"
    issue_row("validate --jobs 1 / pgn-reader validate_all", chess_1,
              "pgn-reader-validate_all", 1.3)
    issue_row("validate --jobs 1 / pgn-reader validate", chess_1,
              "pgn-reader-validate", 1.3)
    issue_row("validate --jobs 2 / pgn-reader parallel_validate",
              "rgn-validate-chess-jobs2", "pgn-reader-parallel_validate",
              1.1)
    issue_row("validate --jobs 2 / validate --jobs 1",
              "rgn-validate-chess-jobs2", chess_1, 1.8)
    issue_row("db import / scoutfish make", "rgn-db-import",
              "scoutfish-make", 1)
    issue_row("db find --position, time / scoutfish scout",
              "rgn-db-find-position", "scoutfish-scout-position", 0.1, 1)
    issue_row("db find --pattern, time / scoutfish scout",
              "rgn-db-find-pattern", "scoutfish-scout-pattern", 0.1, 1)
    if (chess_db_bytes > 0)
        issue_line("database size / PGN size",
                   sprintf("%.1f MB", chess_db_bytes / 1e6),
                   sprintf("%.1f MB", chess_bytes / 1e6),
                   chess_db_bytes / chess_bytes, "", 1, 1,
                   base_db_bytes > 0 ? sprintf("%.2f",
                       base_db_bytes / chess_bytes) : "-")
    else
        issue_line("database size / PGN size", "-", "-", "", "", 1, 1, "-")
    mem_label["validate"] = "validate"
    mem_label["validate-jobs1"] = "validate --jobs 1"
    mem_label["select-count"] = "select --count --position"
    mem_label["convert"] = "convert --to coord"
    mem_label["list"] = "list"
    mem_label["db-import"] = "db import"
    split("validate validate-jobs1 select-count convert list db-import",
          mem_rows, " ")
    for (i = 1; i in mem_rows; i++)
        memory_row(mem_rows[i])
}
# issue_row(WHAT, A, B, GOAL, FRACTION): the rgn row A against the row B,
# by speed (the time of B over that of A, at least GOAL) or, with
# FRACTION, as a fraction of the time of B (at most GOAL)
function issue_row(what, a, b, goal, fraction, ba, bb, bl) {
    # the same of the baseline, against its own B when B is an rgn row
    ba = "base:" a
    bb = b ~ /^rgn-/ ? "base:" b : b
    bl = "-"
    if ((ba in mn) && (bb in mn))
        bl = sprintf("%.2f", time_ratio(mn[ba], mn[bb], fraction))
    else if (a in base_failed)
        bl = "cannot run"
    if (!(a in mn) || !(b in mn)) {
        issue_line(what, "-", "-", "", "", goal, fraction, bl)
        return
    }
    issue_line(what, sprintf("%.3f s (%.3f)", mn[a], s[a]),
               sprintf("%.3f s (%.3f)", mn[b], s[b]),
               time_ratio(mn[a], mn[b], fraction),
               time_ratio(s[a], s[b], fraction), goal, fraction, bl)
}
# the ratio a row judges: the time of B over that of A, or the inverse
function time_ratio(ta, tb, fraction) {
    if (fraction)
        return tb > 0 ? ta / tb : 0
    return ta > 0 ? tb / ta : 0
}
# issue_line(WHAT, RGN, AGAINST, RATIO, MEDIAN_RATIO, GOAL, AT_MOST,
# BASELINE): a line of the table, RATIO "" when not measured
function issue_line(what, x, y, r, r2, goal, at_most, bl, ratio_text) {
    ratio_text = r == "" ? "-" : sprintf("%.2f", r) \
        (r2 == "" ? "" : sprintf(" (%.2f)", r2))
    printf "| %-48s | %-19s | %-19s | %-14s | %-6s | %-7s |%s\n", what, x,
           y, ratio_text, (at_most ? "<= " : ">= ") goal,
           r == "" ? "not measured" : (at_most ? r <= goal : r >= goal) \
               ? "met" : "NOT met",
           base_label == "" ? "" : sprintf(" %12s |", bl)
}
# memory_row(ROW): its peak memory on 4N games over that on N games, at
# most 1.1 (memory does not grow with the input; 10% for the noise of
# ru_maxrss)
function memory_row(row, k1, k4, b1, b4, bl) {
    k1 = mem["current", 1, row]
    k4 = mem["current", 4, row]
    b1 = mem["baseline", 1, row]
    b4 = mem["baseline", 4, row]
    bl = b1 == "" ? "-" : (b1 == "failed" || b4 == "failed") \
        ? "cannot run" : sprintf("%.2f", b4 / b1)
    if (k1 == "" || k1 == "failed" || k4 == "failed")
        issue_line("peak memory, " mem_label[row] ", 4N / N",
                   k1 == "failed" || k4 == "failed" ? "failed" : "-", "-",
                   "", "", 1.1, 1, bl)
    else
        issue_line("peak memory, " mem_label[row] ", 4N / N",
                   sprintf("%.1f MiB (4N)", k4 / 1024),
                   sprintf("%.1f MiB (N)", k1 / 1024), k4 / k1, "", 1.1, 1,
                   bl)
}
# every rgn row against the same row of the baseline, in the same rounds
function baseline_table(i, k, bk) {
    print "\nAgainst the baseline, " base_label ":\nseconds: the minimum" \
          " over the rounds, the median in brackets; speed: the time\nof" \
          " the baseline over the current, above 1 when the current build" \
          " is faster;\npeak memory: the medians, current and baseline.\n"
    printf "| %-40s | %-17s | %-17s | %-12s | %-9s | %-13s |\n", "row",
           "current", "baseline", "speed", "CPU time", "peak MiB"
    printf "|------------------------------------------|-------------------|" \
           "-------------------|--------------|-----------|---------------|\n"
    for (i = 1; i <= names; i++) {
        k = name[i]
        bk = "base:" k
        if (k ~ /^base:/ || !((bk in s) || (k in base_failed)))
            continue
        if (!(bk in s)) {
            printf "| %-40s | %-17s | %-17s | %-12s | %-9s | %-13s |\n",
                   k in label ? label[k] : k,
                   sprintf("%.3f (%.3f)", mn[k], s[k]), "cannot run", "-",
                   "-", sprintf("%.1f", kb[k] / 1024)
            continue
        }
        printf "| %-40s | %-17s | %-17s | %-12s | %-9s | %-13s |\n",
               k in label ? label[k] : k,
               sprintf("%.3f (%.3f)", mn[k], s[k]),
               sprintf("%.3f (%.3f)", mn[bk], s[bk]),
               sprintf("%.2f (%.2f)", time_ratio(mn[k], mn[bk]),
                       time_ratio(s[k], s[bk])),
               sprintf("%.2f", time_ratio(cpu[k], cpu[bk])),
               sprintf("%.1f, %.1f", kb[k] / 1024, kb[bk] / 1024)
    }
    for (i = 1; i <= names; i++)
        if ((k = name[i]) in base_failed)
            printf "the baseline cannot run %s: %s\n",
                   k in label ? label[k] : k, base_failed[k]
}' "$data/runs" "$data/mem" "$data/base-failed"

# The games pulled one at a time against the same games pushed (its own
# timing: the fastest of $runs runs each, in one process).
if [ "$quick" = no ]; then
    "$build/bench/pull_push" "$data/games.pgn" "$runs" ||
        fail "pull_push does not give the games push gives"
fi

