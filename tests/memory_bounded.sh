#!/bin/sh
# memory_bounded.sh RGN TMPDIR [GAMES]: every command that reads games
# runs under 'ulimit -v' on a file of many one-move games with a warning
# each, with --jobs 1 and with the default jobs, and must end as it does
# without the limit (its exit status, no "out of memory"): a command
# whose memory grows with the games or their diagnostics beyond what
# rgn(1) says it keeps per game passes the limit. The file is large
# enough for that (GAMES, default 150,000: what grew by 880 bytes a game,
# a tournament's records before their texts were kept once, needed 130
# MB of them), the limit comfortable for what does not grow.
#
# Run in the optimised build only: the sanitizers reserve terabytes of
# virtual memory, which no such limit allows.
set -u
rgn=$1
tmp=$2/memory_bounded
games=${3:-150000}
# kilobytes of virtual memory: the program and its libraries take about
# 45 MB of it, each thread of --jobs a stack and an arena of its own
limit=${RGN_MEMORY_LIMIT_KB:-110000}
rm -rf "$tmp"
mkdir -p "$tmp/split"
cd "$tmp" || exit 1
awk -v n="$games" 'BEGIN { for (i = 0; i < n; i++)
    printf "[Event \"x\"]\n\n1. e4 *\n\n" }' > games.pgn

failed=0
# run STATUS 'ARGS': rgn ARGS ends with STATUS under the limit; with
# --jobs 1 and with the default jobs when ARGS has $J, where they go
run() {
    want=$1 args=$2
    jobs='"--jobs 1" ""'
    case $args in *'$J'*) ;; *) jobs='""' ;; esac
    eval "set -- $jobs"
    for J in "$@"; do
        rm -rf out.* split/*
        (ulimit -v "$limit" && eval "exec \"\$rgn\" $args") > out.txt 2> err.txt
        got=$?
        if [ "$got" != "$want" ] || grep -qi "memory" err.txt; then
            echo "FAIL: rgn $args (J=$J): status $got, expected $want" \
                "under ulimit -v $limit"
            grep -i "memory" err.txt | head -3
            failed=1
        else
            echo "ok: rgn $args (J=$J)"
        fi
    done
}

C="--variant chess \$J"
run 0 "validate $C games.pgn"
run 0 "convert $C -o out.rgn games.pgn"
run 0 "convert $C --to json -o out.json games.pgn"
run 0 "select $C --tag White=nobody games.pgn"
run 0 "select $C --unique -o out.pgn games.pgn"
run 0 "select $C --split-every 20000 -o split/%n.pgn games.pgn"
run 0 "list $C games.pgn"
run 0 "list $C --duplicates games.pgn"
run 0 "fen $C games.pgn"
run 0 "fen $C --game 3 games.pgn"
run 0 "diagram $C --game 3 games.pgn"
run 2 "tournament $C games.pgn"
run 0 "ranges --parts 4 games.pgn"
run 0 "db import --db out.db $C games.pgn"
"$rgn" db import --db games.db -q --variant chess games.pgn
cp games.db copy.db
run 0 "db find --db games.db --tag Event=x --count"
run 0 "db find --db games.db --moves e4 --count"
run 0 "db export --db games.db -o out.pgn"
run 0 "db merge --db out.db games.db copy.db"
cd / && rm -rf "$tmp"
exit $failed
