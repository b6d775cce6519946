#!/bin/sh
# Regenerates samples/games.html, the game viewer page of the sample games
# (every samples/*.rgn, in name order), with the rgn program.
# Usage: samples/page.sh [RGN]          rewrite samples/games.html
#        samples/page.sh --check RGN    regenerate into a temporary
#                                       directory and fail if samples/
#                                       differs (the test that it is
#                                       current)
# RGN defaults to build/src/rgn.
set -u
samples=$(cd "$(dirname "$0")" && pwd)
check=0
if [ "${1:-}" = --check ]; then
    check=1
    shift
fi
rgn=${1:-$samples/../build/src/rgn}

if [ $check = 1 ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
else
    out=$samples
fi

status=0
if ! LC_ALL=C "$rgn" convert --quiet --to html -o "$out/games.html" \
    "$samples"/*.rgn 2>"$out/.err"; then
    echo "page.sh: no page of the sample games:"
    cat "$out/.err"
    status=1
fi
rm -f "$out/.err"

if [ $check = 1 ] && [ $status = 0 ]; then
    if [ ! -f "$samples/games.html" ]; then
        echo "page.sh: samples/games.html is missing; run samples/page.sh"
        status=1
    elif ! cmp -s "$out/games.html" "$samples/games.html"; then
        echo "page.sh: samples/games.html is not current; run samples/page.sh"
        status=1
    else
        echo "page.sh: samples/games.html is current"
    fi
fi
exit $status
