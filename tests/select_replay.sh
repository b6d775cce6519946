#!/bin/sh
# A selected game is written exactly as it was read: 'rgn select' without
# criteria writes, byte for byte, what 'rgn convert' writes (standard
# output, standard error and exit status) in every format, with and
# without --keep-invalid (HTML with it only: below), over the samples,
# the bad samples, generated games and damaged copies; so every game
# passes through the recording and its replay (src/select/game.c)
# unchanged. Also: --jobs 2 selects
# what --jobs 1 does, -n without criteria selects nothing, and --count
# counts every game.
# Usage: select_replay.sh RGN RGN_GEN CHESS_GEN DAMAGE PROJECT_DIR
set -u
rgn=$1 gen=$2 chess_gen=$3 damage=$4 root=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

mkdir "$tmp/in"
cp "$root"/samples/*.rgn "$root"/samples/*.pgn "$root"/samples/bad/*.rgn "$tmp/in/"
"$gen" --games 40 --seed 7 >"$tmp/in/generated.rgn" 2>/dev/null
"$chess_gen" --games 40 --seed 7 >"$tmp/in/generated-chess.pgn" 2>/dev/null
for f in "$root"/samples/club-championship.rgn "$root"/samples/chess-opera-game.pgn \
    "$tmp/in/generated.rgn"; do
    for seed in 1 2 3; do
        "$damage" $seed 40 <"$f" >"$tmp/in/damaged$seed-$(basename "$f")" 2>/dev/null
    done
done

same() { # what, then the arguments both commands share
    what=$1
    shift
    "$rgn" convert "$@" >"$tmp/c.out" 2>"$tmp/c.err"
    c=$?
    "$rgn" select "$@" >"$tmp/s.out" 2>"$tmp/s.err"
    s=$?
    if [ $c = $s ] && cmp -s "$tmp/c.out" "$tmp/s.out" &&
        # a refused input is named by the command that refuses it
        sed 's/^rgn convert: /rgn select: /' "$tmp/c.err" | cmp -s - "$tmp/s.err"; then ok; else
        fail "$what: select $* differs from convert"
        diff "$tmp/c.out" "$tmp/s.out" | head -5
    fi
}

for f in "$tmp"/in/*; do
    for to in rgn lan coord fen xml html json; do
        # HTML without --keep-invalid: convert's page carries the piece
        # pictures of the rule sets of games it left out, which select's
        # writer never hears of (it hears of the games written only)
        [ $to = html ] || same "$(basename "$f")" --to $to "$f"
        same "$(basename "$f")" --to $to --keep-invalid "$f"
    done
done
same "all files" --jobs 2 "$tmp"/in/*

# -n without criteria: no game matches every criterion's negation
"$rgn" select -n -q "$tmp"/in/*.rgn >"$tmp/none.out"
if [ ! -s "$tmp/none.out" ]; then ok; else fail "-n without criteria wrote games"; fi

# --count: every game, as validate counts them
games=$("$rgn" validate "$tmp"/in/generated.rgn 2>&1 |
    sed -n 's/^\([0-9][0-9]*\) games\{0,1\}:.*/\1/p' | tail -1)
count=$("$rgn" select --count -q --keep-invalid "$tmp"/in/generated.rgn)
if [ -n "$games" ] && [ "$count" = "$games" ]; then ok; else
    fail "--count printed '$count', validate counts '$games' games"
fi

echo "select_replay: $passed passed, $failed failed"
[ $failed = 0 ]
