#!/bin/sh
# rgn select's split output loses nothing and writes nothing twice: the
# parts of --split-every, read in order, are what rgn convert writes of
# the input; the parts of --split-by (40 values, interleaved, more than
# rgn keeps open at once) hold each game once, in input order, every
# game of a part with the part's value; a Round written 3.2 splits by
# its round (3), Round:full by the whole value; XML parts are documents each; a
# part that would write over a file fails the run, and then no part is
# written and no temporary file is left.
# Usage: split_parts.sh RGN CHESS_GEN
set -u
rgn=$1 gen=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"

# 200 games, the Event of each one of 40, in turn
"$gen" --games 200 --seed 11 2>/dev/null |
    awk '/^\[Round "/ { r = $2; gsub(/[^0-9]/, "", r) }
         /^\[Event / { next }
         /^\[Site / { print "[Event \"E" (r % 40) "\"]" } { print }' \
        >"$tmp/in.pgn"
"$rgn" convert -q "$tmp/in.pgn" -o "$tmp/convert.pgn"
rounds() { grep '^\[Round ' "$@" | sed 's/.*"\(.*\)".*/\1/'; }

mkdir "$tmp/every"
"$rgn" select -q --split-every 7 -o "$tmp/every/part-%n.pgn" "$tmp/in.pgn"
check "--split-every: status" [ $? = 0 ]
parts=$(ls "$tmp/every" | wc -l)
check "--split-every: 29 parts, not $parts" [ "$parts" = 29 ]
n=1
: >"$tmp/every.pgn"
while [ -f "$tmp/every/part-$n.pgn" ]; do
    cat "$tmp/every/part-$n.pgn" >>"$tmp/every.pgn"
    n=$((n + 1))
done
check "--split-every: the parts in order are the input" \
    cmp -s "$tmp/every.pgn" "$tmp/convert.pgn"
check "--split-every: 7 games a part" \
    [ "$(rounds "$tmp/every/part-3.pgn" | wc -l)" = 7 ]

mkdir "$tmp/by"
"$rgn" select -q --split-by Event -o "$tmp/by/%n-%{Event}.pgn" "$tmp/in.pgn"
check "--split-by: status" [ $? = 0 ]
check "--split-by: 40 parts" [ "$(ls "$tmp/by" | wc -l)" = 40 ]
check "--split-by: part 1 is E0, the first game's" [ -f "$tmp/by/1-E0.pgn" ]
ok=1
for f in "$tmp"/by/*.pgn; do
    rounds "$f" >"$tmp/r"
    sort -n "$tmp/r" | cmp -s - "$tmp/r" || ok=0
    [ "$(grep -h '^\[Event ' "$f" | sort -u | wc -l)" = 1 ] || ok=0
done
check "--split-by: each part in input order, one value" [ $ok = 1 ]
rounds "$tmp"/by/*.pgn | sort -n >"$tmp/got"
rounds "$tmp/convert.pgn" | sort -n >"$tmp/want"
check "--split-by: every game once" cmp -s "$tmp/got" "$tmp/want"

# a 9-round event of 5 boards a round, written R.B (3.2: round 3, board
# 2): --split-by Round writes a file a round, Round:full a file a board
"$gen" --games 45 --seed 12 2>/dev/null |
    awk '/^\[Round / { n++; print "[Round \"" int((n - 1) / 5) + 1 "." \
                                     (n - 1) % 5 + 1 "\"]"; next } { print }' \
        >"$tmp/boards.pgn"
mkdir "$tmp/round" "$tmp/board" "$tmp/number"
"$rgn" select -q --split-by Round -o "$tmp/round/round-%{Round}.pgn" \
    "$tmp/boards.pgn"
check "--split-by Round: status" [ $? = 0 ]
check "--split-by Round: 9 parts, not $(ls "$tmp/round" | wc -l)" \
    [ "$(ls "$tmp/round" | wc -l)" = 9 ]
ok=1
for r in 1 2 3 4 5 6 7 8 9; do
    [ "$(rounds "$tmp/round/round-$r.pgn" | tr '\n' ' ')" = \
        "$r.1 $r.2 $r.3 $r.4 $r.5 " ] || ok=0
done
check "--split-by Round: each round's 5 boards in its part" [ $ok = 1 ]
"$rgn" select -q --split-by Round -o "$tmp/number/%n.pgn" "$tmp/boards.pgn"
check "--split-by Round, %n: 9 parts" [ "$(ls "$tmp/number" | wc -l)" = 9 ]
check "--split-by Round, %n: part 4 is round 4" \
    cmp -s "$tmp/number/4.pgn" "$tmp/round/round-4.pgn"
"$rgn" select -q --split-by Round:full -o "$tmp/board/%{Round:full}.pgn" \
    "$tmp/boards.pgn"
check "--split-by Round:full: 45 parts" [ "$(ls "$tmp/board" | wc -l)" = 45 ]
check "--split-by Round:full: 3.2 is round 3's second board" \
    [ "$(rounds "$tmp/board/3.2.pgn")" = 3.2 ]
"$rgn" select -q --split-by 'Round:x' -o "$tmp/%n.pgn" "$tmp/boards.pgn" \
    2>"$tmp/err"
check "--split-by Round:x: a usage error" [ $? = 2 ]

mkdir "$tmp/xml"
"$rgn" select -q --split-every 50 -o "$tmp/xml/%n.xml" "$tmp/in.pgn"
"$rgn" select -q --split-by Event -o "$tmp/xml/%{Event}.xml" "$tmp/in.pgn"
check "XML: 44 parts" [ "$(ls "$tmp/xml" | wc -l)" = 44 ]
for f in "$tmp"/xml/*.xml; do
    check "XML part $(basename "$f") is a document" \
        xmllint --noout "$f"
done

# a file in the way: the run fails, nothing is written or left behind
mkdir "$tmp/clash"
echo keep >"$tmp/clash/part-3.pgn"
"$rgn" select -q --split-every 7 -o "$tmp/clash/part-%n.pgn" "$tmp/in.pgn" \
    2>"$tmp/err"
check "a part in the way: status 2" [ $? = 2 ]
check "a part in the way: said" grep -q 'part-3.pgn exists' "$tmp/err"
check "a part in the way: nothing written, nothing left" \
    [ "$(ls -A "$tmp/clash")" = part-3.pgn ]
check "a part in the way: kept" [ "$(cat "$tmp/clash/part-3.pgn")" = keep ]
"$rgn" select -q --force --split-every 7 -o "$tmp/clash/part-%n.pgn" \
    "$tmp/in.pgn"
check "--force: written over" [ "$(ls "$tmp/clash" | wc -l)" = 29 ]
check "--force: the part" cmp -s "$tmp/clash/part-3.pgn" \
    "$tmp/every/part-3.pgn"

echo "split_parts: $passed passed, $failed failed"
[ "$failed" = 0 ]
