#!/bin/sh
# What convert --to json writes holds the information of the game, checked
# by independent routes (tools/json_roundtrip.py) on the samples, a
# lichess-style file and generated Rotary and chess games: the main line's
# plies and positions are those of --to fen, its coordinates and start
# those of --to coord, every move (variations included) is the SAN of
# --to rgn and the LAN of --to lan, and the tags, result, NAGs, comments,
# clocks and evaluations are those of --to xml.
# Usage: json_roundtrip.sh RGN RGN_GEN CHESS_GEN PROJECT_DIR
set -u
rgn=$1 gen=$2 chess_gen=$3 root=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

"$gen" --games 40 --seed 7 >"$tmp/generated.rgn"
"$chess_gen" --games 40 --seed 7 >"$tmp/generated-chess.pgn"
# canonical RGN breaks lines inside comments, [%clk] ones too
"$rgn" convert -q "$root/tests/e2e/inputs/lichess_annotated.pgn" \
    >"$tmp/lichess-canonical.pgn" 2>/dev/null
for input in "$root"/samples/*.rgn "$root"/samples/*.pgn \
    "$root"/tests/e2e/inputs/lichess_annotated.pgn "$tmp/lichess-canonical.pgn" \
    "$tmp/generated.rgn" "$tmp/generated-chess.pgn"; do
    name=$(basename "$input")
    "$rgn" convert -q --to json --json-fen "$input" >"$tmp/json" 2>/dev/null
    for format in xml fen coord rgn lan; do
        "$rgn" convert -q --to $format "$input" >"$tmp/$format" 2>/dev/null
    done
    if [ -s "$tmp/json" ] &&
        python3 "$root/tests/tools/json_roundtrip.py" "$tmp/json" "$tmp/xml" \
            "$tmp/fen" "$tmp/coord" "$tmp/rgn" "$tmp/lan" >"$tmp/log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $name"
        head -20 "$tmp/log"
    fi
done
echo "json_roundtrip: $passed passed, $failed failed"
[ "$failed" = 0 ]
