#!/bin/sh
# Checks that rgn and pgn-extract reach the same final position in every
# game of a chess PGN file: rgn fen (one line a game, '-' for a game it
# cannot replay) against the FEN comment that pgn-extract -F writes at
# each game's end. The en passant field is left out: pgn-extract writes
# it after every double step, rgn only when a capture is possible.
# Usage: check-final-positions.sh FILE.pgn RGN [PGN_EXTRACT]
set -eu
file=$1 rgn=$2
PATH=$PATH:/usr/games # Debian installs pgn-extract there
pgn_extract=${3:-$(command -v pgn-extract)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# fields 1-3, 5-6 of a FEN on each line
strip_ep() { awk '{ print $1, $2, $3, $5, $6 }'; }
"$rgn" fen --variant chess --quiet "$file" | strip_ep >"$tmp/rgn"
"$pgn_extract" -F -s --noresults "$file" 2>/dev/null |
    tr '\n' ' ' | grep -o '{ "[^"]*" }' | sed 's/^{ "//; s/" }$//' |
    strip_ep >"$tmp/pgn-extract"
games=$(wc -l <"$tmp/rgn")
if [ "$games" -eq 0 ] || ! cmp -s "$tmp/rgn" "$tmp/pgn-extract"; then
    echo "check-final-positions: rgn and pgn-extract differ on $file:"
    diff "$tmp/rgn" "$tmp/pgn-extract" | head -n 10
    exit 1
fi
echo "check-final-positions: $games games, the same final positions"
