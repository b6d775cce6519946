#!/bin/sh
# --jobs 2 prints what --jobs 1 does, byte for byte (standard output,
# standard error, exit status), over generated games, the same damaged
# (tools/damage.c: unclosed comments, games without results, stray
# brackets, ...), CRLF line ends, the bad samples and several files at
# once. RGN_TEST_CHUNK_BYTES makes the parallel validator's chunks small
# (see validate/parallel.c), so that every run crosses many chunk
# boundaries, likely ones that are not boundaries between games included.
# Usage: jobs_same.sh RGN RGN_GEN CHESS_GEN DAMAGE PROJECT_DIR
set -u
rgn=$1 gen=$2 chess_gen=$3 damage=$4 root=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# same "CHUNK SIZES" ARGS...: one job, then two with each chunk size;
# standard input from $input
input=/dev/null
same() {
    sizes=$1
    shift
    "$rgn" validate --jobs 1 "$@" <"$input" >"$tmp/out1" 2>"$tmp/err1"
    status1=$?
    for size in $sizes; do
        RGN_TEST_CHUNK_BYTES=$size "$rgn" validate --jobs 2 "$@" \
            <"$input" >"$tmp/out2" 2>"$tmp/err2"
        status2=$?
        if [ $status1 = $status2 ] && cmp -s "$tmp/out1" "$tmp/out2" &&
            cmp -s "$tmp/err1" "$tmp/err2"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAIL chunks of $size bytes: validate $*"
            diff "$tmp/err1" "$tmp/err2" | head -20
        fi
    done
}

"$chess_gen" --games 3000 --seed 1 >"$tmp/chess.pgn" 2>/dev/null
"$gen" --games 600 --seed 2 >"$tmp/rotary.rgn" 2>/dev/null
same "4096 100000" --variant chess "$tmp/chess.pgn"
same "4096 100000" "$tmp/rotary.rgn"
for seed in 1 2 3 4 5 6; do
    "$damage" $seed 150 <"$tmp/chess.pgn" >"$tmp/chess-$seed.pgn"
    same "3000 70000" --variant chess "$tmp/chess-$seed.pgn"
done
for seed in 7 8 9; do
    "$damage" $seed 100 <"$tmp/rotary.rgn" >"$tmp/rotary-$seed.rgn"
    same "2000 50000" "$tmp/rotary-$seed.rgn"
done
# text read as Latin-1 halfway through: the ranges from the first that
# holds it on are read by one job, from that range's anchor and line
lines=$(wc -l <"$tmp/chess-1.pgn")
head -n $((lines / 2)) "$tmp/chess-1.pgn" >"$tmp/latin1.pgn"
printf '{Caf\351 au lait}\n' >>"$tmp/latin1.pgn"
tail -n +$((lines / 2 + 1)) "$tmp/chess-1.pgn" >>"$tmp/latin1.pgn"
same "3000 70000" --variant chess "$tmp/latin1.pgn"
# a warning a game, between other games: a range's (a chunk's) diagnostics
# outgrow what it keeps (two chunk sizes), and one job reads on from that
# range (the calling thread reads that chunk again)
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "[Event \"e\"]\n\n1. e4 *\n\n" }' \
    >"$tmp/warnings"
cat "$tmp/chess-2.pgn" "$tmp/warnings" "$tmp/chess-3.pgn" "$tmp/warnings" \
    >"$tmp/warnings.pgn"
same "3000 70000" --variant chess "$tmp/warnings.pgn"
gzip -c "$tmp/warnings.pgn" >"$tmp/warnings.pgn.gz"
same "3000 70000" --variant chess "$tmp/warnings.pgn.gz"
# small files, tiny chunks: a cut at every likely boundary
head -c 200000 "$tmp/chess-1.pgn" >"$tmp/small.pgn"
same "1 64 1000" --variant chess "$tmp/small.pgn"
same "1 64 1000" --variant chess --diagnostics=json "$tmp/small.pgn"
same "1 64" --variant chess --strict "$tmp/small.pgn"
same "1 64" --variant chess --quiet "$tmp/small.pgn"
sed 's/$/\r/' "$tmp/small.pgn" >"$tmp/crlf.pgn"
same "1 64 1000" --variant chess "$tmp/crlf.pgn"
grep -v '^$' "$tmp/small.pgn" >"$tmp/no-empty-lines.pgn"
same "1 64 1000" --variant chess "$tmp/no-empty-lines.pgn"
tr '\n' '\r' <"$tmp/small.pgn" >"$tmp/cr.pgn"
same "1 1000" --variant chess "$tmp/cr.pgn"
input=$tmp/small.pgn
same "1 64" --variant chess -
input=/dev/null
gzip -c "$tmp/small.pgn" >"$tmp/small.pgn.gz"
same "1 64" --variant chess "$tmp/small.pgn.gz"
same "1 64" "$root"/samples/bad/*
# blocks of tags without moves (pairings)
same "1 16 64 1000" "$root"/tests/e2e/inputs/swiss_pairings_only.pgn \
    "$root"/tests/e2e/inputs/tags_only_blocks.pgn
same "1 64" "$root"/samples/*.rgn "$tmp/small.pgn"

echo "jobs_same: $passed passed, $failed failed"
[ $failed = 0 ]
