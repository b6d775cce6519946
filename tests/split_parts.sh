#!/bin/sh
# rgn select's split output loses nothing and writes nothing twice: the
# parts of --split-every, read in order, are what rgn convert writes of
# the input; the parts of --split-by (40 values, interleaved, more than
# rgn keeps open at once) hold each game once, in input order, every
# game of a part with the part's value; XML parts are documents each; a
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
