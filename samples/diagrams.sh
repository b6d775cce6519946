#!/bin/sh
# Regenerates the SVG diagrams in samples/ with the rgn program:
#   initial.svg   the initial position
#   NAME.svg      for each sample game file samples/NAME.rgn: the final
#                 position of its first game, its last move marked, titled
#                 with the players
# Usage: samples/diagrams.sh [RGN]          rewrite samples/*.svg
#        samples/diagrams.sh --check RGN    regenerate into a temporary
#                                           directory and fail if samples/
#                                           differs (the test that they are
#                                           current)
# RGN defaults to build/src/rgn.
set -u
samples=$(cd "$(dirname "$0")" && pwd)
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
rgn=${1:-$samples/../build/src/rgn}
initial='r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1'

if [ $check = 1 ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
else
    out=$samples
fi

# The first value of a tag in a file, without its \" and \\ escapes.
tag() {
    sed -n "s/^\[$1 \"\(.*\)\"\]\$/\1/p" "$2" | head -1 |
        sed 's/\\\(["\\]\)/\1/g'
}

status=0
"$rgn" diagram --format svg --fen "$initial" --title "Rotary: the initial position" \
    -o "$out/initial.svg" || status=1
for game in "$samples"/*.rgn; do
    [ -f "$game" ] || continue # no sample games yet
    name=$(basename "$game" .rgn)
    title="$(tag White "$game") - $(tag Black "$game")"
    if ! "$rgn" diagram --quiet --format svg --game 1 --title "$title" \
        -o "$out/$name.svg" "$game" 2>"$out/.err"; then
        echo "diagrams.sh: no diagram of $game:"
        cat "$out/.err"
        status=1
    fi
    rm -f "$out/.err"
done

if [ $check = 1 ]; then
    for svg in "$out"/*.svg; do
        name=$(basename "$svg")
        if [ ! -f "$samples/$name" ]; then
            echo "diagrams.sh: samples/$name is missing; run samples/diagrams.sh"
            status=1
        elif ! cmp -s "$svg" "$samples/$name"; then
            echo "diagrams.sh: samples/$name is not current; run samples/diagrams.sh"
            status=1
        fi
    done
    for svg in "$samples"/*.svg; do
        [ -f "$svg" ] || continue
        if [ ! -f "$out/$(basename "$svg")" ]; then
            echo "diagrams.sh: samples/$(basename "$svg") has no game; remove it"
            status=1
        fi
    done
    [ $status = 0 ] && echo "diagrams.sh: the sample diagrams are current"
fi
exit $status
