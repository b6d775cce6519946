#!/bin/sh
# Files read in pieces (--range) give the whole file's output: generated
# chess games, the same damaged (tools/damage.c: unclosed comments, games
# without results, stray brackets, ...), and the tricky text that
# tools/range_pieces.py builds, each cut at random places and where
# 'rgn ranges' cuts it.
# Usage: range_pieces.sh RGN CHESS_GEN DAMAGE PROJECT_DIR
set -u
rgn=$1 chess_gen=$2 damage=$3 root=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$chess_gen" --games 300 --seed 3 >"$tmp/chess.pgn" 2>/dev/null
"$damage" 4 60 <"$tmp/chess.pgn" >"$tmp/damaged.pgn"
"$damage" 5 30 <"$tmp/chess.pgn" | sed 's/$/\r/' >"$tmp/damaged-crlf.pgn"
python3 "$root/tests/tools/range_pieces.py" "$rgn" "$tmp" "$tmp/chess.pgn" \
    "$tmp/damaged.pgn" "$tmp/damaged-crlf.pgn" \
    "$root/tests/e2e/inputs/swiss_pairings_only.pgn" \
    "$root/tests/e2e/inputs/tags_only_blocks.pgn"
