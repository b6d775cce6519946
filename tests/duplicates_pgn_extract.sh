#!/bin/sh
# Copies of games, checked against an independent implementation:
# `rgn select --unique` keeps the games that Debian's pgn-extract -D keeps,
# and `rgn select --duplicates` selects those that pgn-extract -d writes,
# on generated chess games with planted copies (the same moves under
# other tags: another White, a Round that names the copy), within one
# file and across two. The games are compared by their Round tags.
# Usage: duplicates_pgn_extract.sh RGN CHESS_GEN
set -u
rgn=$1 gen=$2
extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
if [ ! -x "$extract" ]; then
    echo "FAIL pgn-extract is not installed (Debian's package pgn-extract)"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
same() { # LABEL FILE FILE
    if cmp -s "$2" "$3" && [ -s "$2" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $1"
        diff "$2" "$3" | head -20
    fi
}
rounds() { grep '^\[Round ' "$1" >"$2"; }

# Each game's tags and movetext are two paragraphs. Every 5th game gets a
# copy at the end of the file, every 25th a second one.
plant() { # SEED OUT
    "$gen" --games 300 --seed "$1" 2>/dev/null | awk -v seed="$1" '
        BEGIN { RS = ""; ORS = "\n\n" }
        NR % 2 == 1 { tags = $0; next }
        {
            print tags; print $0; n++
            if (n % 5 == 0) copy("copy-")
            if (n % 25 == 0) copy("again-")
        }
        function copy(mark,   c) {
            c = tags
            sub(/\[Round "/, "[Round \"" mark seed "-", c)
            sub(/\[White "[^"]*"/, "[White \"Someone Else\"", c)
            copies = copies c "\n\n" $0 "\n\n"
        }
        END { printf "%s", copies }' >"$2"
}
plant 7 "$tmp/a.pgn"
plant 8 "$tmp/b.pgn"
# b's first games are a's: copies across the files too
awk 'BEGIN { RS = ""; ORS = "\n\n" }
    NR <= 40 { sub(/\[Round "/, "[Round \"b-"); print }' "$tmp/a.pgn" >"$tmp/c.pgn"
cat "$tmp/b.pgn" >>"$tmp/c.pgn"

for inputs in "a.pgn" "a.pgn c.pgn"; do
    files=""
    for f in $inputs; do files="$files $tmp/$f"; done
    cat $files >"$tmp/all.pgn"
    "$extract" -s -D -o "$tmp/extract-unique.pgn" "$tmp/all.pgn"
    "$extract" -s -d "$tmp/extract-copies.pgn" -o /dev/null "$tmp/all.pgn"
    "$rgn" select -q --unique $files >"$tmp/unique.pgn"
    "$rgn" select -q --duplicates $files >"$tmp/copies.pgn"
    rounds "$tmp/extract-unique.pgn" "$tmp/want-unique"
    rounds "$tmp/unique.pgn" "$tmp/got-unique"
    rounds "$tmp/extract-copies.pgn" "$tmp/want-copies"
    rounds "$tmp/copies.pgn" "$tmp/got-copies"
    same "--unique on $inputs" "$tmp/want-unique" "$tmp/got-unique"
    same "--duplicates on $inputs" "$tmp/want-copies" "$tmp/got-copies"
    # the two select every game once between them
    all=$(grep -c '^\[Round ' "$tmp/all.pgn")
    parts=$(($(wc -l <"$tmp/got-unique") + $(wc -l <"$tmp/got-copies")))
    if [ "$all" = "$parts" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $inputs: $all games, $parts unique and copies"
    fi
done
echo "duplicates_pgn_extract: $passed passed, $failed failed"
[ "$failed" = 0 ]
