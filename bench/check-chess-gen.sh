#!/bin/sh
# Checks chess-gen's games with pgn-extract: sh bench/check-chess-gen.sh
# [GAMES (20000)] [CHESS_GEN (build-bench/tests/gen/chess-gen)]
#
# 1. pgn-extract -r -s reports no error: every move is legal;
# 2. pgn-extract's rewrite of the games has the same movetext, token for
#    token: the SAN, its disambiguation, the '+' and '#' marks and the move
#    numbers are what pgn-extract writes itself (it accepts more than
#    it writes: superfluous disambiguation, missing check marks);
# 3. pgn-extract --fixresulttags changes nothing: every mate has the
#    winner's result and every stalemate 1/2-1/2.
set -eu
cd "$(dirname "$0")/.."
games=${1:-20000}
gen=${2:-build-bench/tests/gen/chess-gen}
PATH=$PATH:/usr/games
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chess-gen-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$gen" --games "$games" --seed 7 >"$tmp/games.pgn"
pgn-extract -r -s "$tmp/games.pgn" 2>"$tmp/errors"
if tr '\r' '\n' <"$tmp/errors" | grep -v '^Games: [0-9]*$' | grep -q .; then
    echo "pgn-extract -r found errors:" >&2
    head -n 20 "$tmp/errors" >&2
    exit 1
fi
movetext() { grep -v '^\[' "$1" | tr -s ' \n' '\n' | grep -v '^$'; }
pgn-extract -s -o "$tmp/rewritten.pgn" "$tmp/games.pgn" 2>/dev/null
movetext "$tmp/games.pgn" >"$tmp/a"
movetext "$tmp/rewritten.pgn" >"$tmp/b"
if ! cmp -s "$tmp/a" "$tmp/b"; then
    echo "pgn-extract writes other movetext:" >&2
    diff "$tmp/a" "$tmp/b" | head -n 20 >&2
    exit 1
fi
pgn-extract -s --fixresulttags -o "$tmp/fixed.pgn" "$tmp/games.pgn" \
    2>/dev/null
if ! cmp -s "$tmp/rewritten.pgn" "$tmp/fixed.pgn"; then
    echo "pgn-extract --fixresulttags changes results:" >&2
    diff "$tmp/rewritten.pgn" "$tmp/fixed.pgn" | head -n 20 >&2
    exit 1
fi
if awk 'length($0) > 79 { exit 1 }' "$tmp/games.pgn"; then :; else
    echo "a line is longer than 79 characters" >&2
    exit 1
fi
echo "chess-gen: $games games legal, SAN as pgn-extract writes it," \
    "results consistent, lines <= 79 characters"
