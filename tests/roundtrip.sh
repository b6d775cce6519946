#!/bin/sh
# Round trips of the converters, on the samples and on generated games:
#   RGN -> RGN is idempotent (converting the output again changes nothing),
#   RGN -> XML -> RGN gives the canonical RGN again,
#   every XML output validates against grammar/rgn.rng (libxml2's xmllint),
#   LAN reads back to the same games, and the coordinate output replays
#   (tools/coord_replay.c) to the same positions as --to fen.
# Usage: roundtrip.sh RGN RGN_GEN COORD_REPLAY PROJECT_DIR
set -u
rgn=$1 gen=$2 replay=$3 root=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # LABEL COMMAND...
    label=$1
    shift
    if "$@" >"$tmp/log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $label"
        head -20 "$tmp/log"
    fi
}

"$gen" --games 300 --seed 5 >"$tmp/generated.rgn"
for input in "$root"/samples/*.rgn "$root"/samples/*.pgn "$tmp/generated.rgn"; do
    [ -f "$input" ] || continue
    name=$(basename "$input"); name=${name%.*}
    "$rgn" convert --quiet "$input" >"$tmp/$name.1.rgn" 2>/dev/null
    check "$name: converts" test -s "$tmp/$name.1.rgn"
    "$rgn" convert --quiet "$tmp/$name.1.rgn" >"$tmp/$name.2.rgn" 2>/dev/null
    check "$name: RGN -> RGN idempotent" cmp "$tmp/$name.1.rgn" "$tmp/$name.2.rgn"
    "$rgn" convert --quiet --to xml --xml-fen "$tmp/$name.1.rgn" >"$tmp/$name.xml" 2>/dev/null
    check "$name: XML valid against rgn.rng" \
        xmllint --noout --relaxng "$root/grammar/rgn.rng" "$tmp/$name.xml"
    "$rgn" convert --quiet --from xml "$tmp/$name.xml" >"$tmp/$name.3.rgn" 2>/dev/null
    check "$name: RGN -> XML -> RGN identical" cmp "$tmp/$name.1.rgn" "$tmp/$name.3.rgn"
    "$rgn" convert --quiet --to lan "$tmp/$name.1.rgn" >"$tmp/$name.lan" 2>/dev/null
    "$rgn" convert --quiet "$tmp/$name.lan" >"$tmp/$name.4.rgn" 2>/dev/null
    check "$name: LAN reads back" cmp "$tmp/$name.1.rgn" "$tmp/$name.4.rgn"
    "$rgn" convert --quiet --to coord "$tmp/$name.1.rgn" >"$tmp/$name.coord" 2>/dev/null
    "$rgn" convert --quiet --to fen "$tmp/$name.1.rgn" >"$tmp/$name.fen" 2>/dev/null
    # games from a FEN tag replay from the start their line begins with
    variant=$(sed -n 's/^\[Variant "\(.*\)"\]$/\1/p' "$tmp/$name.1.rgn" | head -n 1)
    variant=${variant:-Rotary}
    "$replay" "$variant" <"$tmp/$name.coord" >"$tmp/$name.replayed" 2>"$tmp/replay.err"
    check "$name: coordinates replay to the same positions" \
        cmp "$tmp/$name.fen" "$tmp/$name.replayed"
done
echo "roundtrip: $passed passed, $failed failed"
[ "$failed" = 0 ]
