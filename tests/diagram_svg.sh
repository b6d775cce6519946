#!/bin/sh
# SVG diagrams from the rgn program: each is well-formed XML (libxml2's
# xmllint), renders (rsvg-convert, Debian package librsvg2-bin) to a PNG
# of the size asked for (read from the PNG header), and shows user text
# escaped. --all-plies writes one valid SVG per ply; -o leaves no
# temporary files behind.
# Usage: diagram_svg.sh RGN PROJECT_DIR
set -u
rgn=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
initial='r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1'
game=$root/tests/e2e/inputs/diagram_game.rgn

for tool in xmllint rsvg-convert od; do
    if ! command -v $tool >/dev/null 2>&1; then
        echo "diagram_svg: $tool is missing (install libxml2-utils, librsvg2-bin)"
        exit 1
    fi
done

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# The width and height of a PNG, from its IHDR chunk (bytes 16..23).
png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{
        printf "%dx%d\n", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
                          (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}

# check LABEL SVG WIDTH [HEIGHT]: well-formed, renders at WIDTHxHEIGHT
# (HEIGHT defaults to WIDTH; "taller" means more than WIDTH).
check() {
    label=$1 svg=$2 width=$3 height=${4:-$3}
    if [ ! -s "$svg" ]; then
        fail "$label: no SVG written"
        return
    fi
    if ! xmllint --noout --nonet "$svg" 2>"$tmp/xmllint.err"; then
        fail "$label: not well-formed"
        head -5 "$tmp/xmllint.err"
        return
    fi
    if ! rsvg-convert -o "$svg.png" "$svg" 2>"$tmp/rsvg.err"; then
        fail "$label: rsvg-convert cannot render it"
        head -5 "$tmp/rsvg.err"
        return
    fi
    size=$(png_size "$svg.png")
    w=${size%x*} h=${size#*x}
    if [ "$w" != "$width" ]; then
        fail "$label: PNG is $size, not $width wide"
    elif [ "$height" = taller ] && [ "$h" -le "$width" ]; then
        fail "$label: PNG is $size, not taller than wide"
    elif [ "$height" != taller ] && [ "$h" != "$height" ]; then
        fail "$label: PNG is $size, not ${width}x$height"
    else
        ok
    fi
}

# xpath TEXT of an SVG (namespace-blind)
xpath() {
    xmllint --nonet --xpath "$2" "$1" 2>/dev/null
}

"$rgn" diagram --format svg --fen "$initial" >"$tmp/initial.svg"
check "initial position" "$tmp/initial.svg" 480
pieces=$(xpath "$tmp/initial.svg" 'count(//*[local-name()="g"][starts-with(@class,"piece ")])')
fins=$(xpath "$tmp/initial.svg" 'count(//*[local-name()="polygon"][@class="fin"])')
# 36 pieces; fins: 4 Rooks x3, 4 Scythes x2, 4 Axes x3, 4 Tridents x3,
# 2 Kings x4
if [ "$pieces" = 36 ] && [ "$fins" = 52 ]; then ok; else
    fail "initial position: $pieces pieces and $fins fins, not 36 and 52"; fi

"$rgn" diagram --fen "$initial" --size 300 --flip --no-coords \
    -o "$tmp/flipped.svg"
check "-o FILE.svg, flipped, no coordinates" "$tmp/flipped.svg" 300
labels=$(xpath "$tmp/flipped.svg" 'count(//*[local-name()="g"][@class="coordinates"])')
if [ "$labels" = 0 ]; then ok; else fail "--no-coords: coordinates drawn"; fi

"$rgn" diagram --format svg --size 777 --ply 7 --highlight d2,d7 \
    --arrow f4-f7,c2-e4 "$game" >"$tmp/rotation.svg" 2>/dev/null
check "rotation, highlights, arrows" "$tmp/rotation.svg" 777
for class in last-move rotation highlights arrows; do
    n=$(xpath "$tmp/rotation.svg" "count(//*[@class=\"$class\"])")
    if [ "$n" = 1 ]; then ok; else fail "rotation: no $class group"; fi
done

"$rgn" diagram --format svg --game 1 "$game" >"$tmp/final.svg" 2>/dev/null
check "final position of a game" "$tmp/final.svg" 480
n=$(xpath "$tmp/final.svg" 'count(//*[local-name()="g"][@class="last-move"]/*)')
if [ "$n" = 2 ]; then ok; else fail "final: last move marks $n squares, not 2"; fi

# Titles: markup characters, quotes, bytes that are not UTF-8, controls.
title='<script>alert("x")</script> & '"'"'quotes'"'"' ]]> &amp;'
"$rgn" diagram --format svg --fen "$initial" --title "$title" >"$tmp/title.svg"
check "title with markup" "$tmp/title.svg" 480 taller
got=$(xpath "$tmp/title.svg" 'string(/*/*[local-name()="title"])')
if [ "$got" = "$title" ]; then ok; else fail "title reads back as '$got'"; fi
if grep -q '<script' "$tmp/title.svg"; then fail "title: markup not escaped"; else ok; fi
bad=$(printf 'caf\303\251 \377\376 \001 end')
"$rgn" diagram --format svg --fen "$initial" --title "$bad" >"$tmp/bytes.svg"
check "title with invalid UTF-8" "$tmp/bytes.svg" 480 taller

# --all-plies: the start and each of the 11 plies of game 1.
"$rgn" diagram --all-plies "$tmp/plies" --size 200 "$game" 2>/dev/null
n=$(ls "$tmp/plies" | grep -c '^[0-9][0-9][0-9][0-9]\.svg$')
if [ "$n" = 12 ]; then ok; else fail "--all-plies: $n files, not 12"; fi
for svg in "$tmp/plies"/0000.svg "$tmp/plies"/0007.svg "$tmp/plies"/0011.svg; do
    check "--all-plies $(basename "$svg")" "$svg" 200
done
if ls -A "$tmp/plies" | grep -q '^\.'; then
    fail "--all-plies: temporary files left"; else ok; fi

# A failed run leaves no file and no temporary file.
mkdir "$tmp/out"
"$rgn" diagram --fen "$initial" --highlight j9 -o "$tmp/out/x.svg" 2>/dev/null
if [ -z "$(ls -A "$tmp/out")" ]; then ok; else fail "failed -o left files"; fi

echo "diagram_svg: $passed passed, $failed failed"
[ "$failed" = 0 ]
