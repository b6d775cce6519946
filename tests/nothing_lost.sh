#!/bin/sh
# Nothing is lost: over a large mixed file (valid games, invalid games,
# junk between games), every game is either converted or reported, the
# summary's counts add up, and validating with several jobs reports
# exactly what one job does.
# Usage: nothing_lost.sh RGN RGN_GEN PROJECT_DIR
set -u
rgn=$1 gen=$2 root=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"

# 600 valid games in three runs; between them an invalid game, a line of
# junk and a game cut short. Each piece of junk is a game of its own (an
# error), as the reader resynchronises at the next tag line.
mixed=$tmp/mixed.rgn
: >"$mixed"
for seed in 1 2 3; do
    "$gen" --games 200 --seed $seed >>"$mixed"
    printf '[Event "bad %s"]\n\n1. e4 e6 2. Ra4 *\n\n' $seed >>"$mixed"
    printf 'junk ] between games %s\n\n' $seed >>"$mixed"
    printf '[Event "short %s"]\n\n1. e4 e6 2.\n\n' $seed >>"$mixed"
done
# a long game (some 100 kB), with an illegal move in the middle
awk 'BEGIN {
    printf "[Event \"long\"]\n[Site \"s\"]\n[Date \"d\"]\n[Round \"1\"]\n"
    printf "[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
    split("Ra1>E Ra9>E Ra1>N Ra9>S", cycle, " ")
    for (ply = 0; ply < 12000; ply++) {
        if (ply % 2 == 0) printf "%d. ", ply / 2 + 1
        printf "%s\n", (ply == 7001 ? "Zz9" : cycle[ply % 4 + 1])
    }
    printf "*\n\n"
}' >>"$mixed"
"$gen" --games 50 --seed 9 >>"$mixed"
expected_games=$((3 * 200 + 3 * 3 + 1 + 50))

"$rgn" validate --jobs 1 --diagnostics=json "$mixed" 2>"$tmp/json" >/dev/null
"$rgn" validate --jobs 1 "$mixed" 2>"$tmp/one" >/dev/null
one_status=$?
"$rgn" convert --quiet --to coord "$mixed" >"$tmp/coord" 2>/dev/null
summary=$(tail -1 "$tmp/one")
games=$(echo "$summary" | sed 's/^\([0-9]*\) games.*/\1/')
valid=$(echo "$summary" | sed 's/.*: \([0-9]*\) valid.*/\1/')
invalid=$(echo "$summary" | sed 's/.* \([0-9]*\) invalid$/\1/')
converted=$(wc -l <"$tmp/coord")
reported=$(grep '"severity":"error"' "$tmp/json" |
           sed 's/.*"game":\([0-9]*\),.*/\1/' | sort -u | wc -l)

check "every game read ($games of $expected_games)" \
    test "$games" -eq "$expected_games"
check "valid + invalid = read ($valid + $invalid = $games)" \
    test $((valid + invalid)) -eq "$games"
check "every valid game converted ($converted of $valid)" \
    test "$converted" -eq "$valid"
check "every invalid game reported ($reported of $invalid)" \
    test "$reported" -eq "$invalid"
check "exit status 1 for invalid games" test "$one_status" -eq 1

for jobs in 2 3; do
    "$rgn" validate --jobs $jobs "$mixed" 2>"$tmp/many" >/dev/null
    check "--jobs $jobs reports what --jobs 1 does" cmp -s "$tmp/one" "$tmp/many"
done
cat "$root"/samples/bad/*.rgn "$mixed" "$root"/samples/bad/*.rgn >"$tmp/bad.rgn"
"$rgn" validate --jobs 1 "$tmp/bad.rgn" 2>"$tmp/one" >/dev/null
"$rgn" validate --jobs 2 "$tmp/bad.rgn" 2>"$tmp/many" >/dev/null
check "--jobs 2 on the bad samples reports what --jobs 1 does" \
    cmp -s "$tmp/one" "$tmp/many"

echo "nothing lost: $passed passed, $failed failed"
[ "$failed" = 0 ]
