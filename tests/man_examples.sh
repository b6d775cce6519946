#!/bin/sh
# The examples in the manual are tested, so that they cannot drift: the
# game at the top of man/rgn.5 must be valid without warnings and already
# canonical, and its RFEN example must be the initial position.
# Usage: man_examples.sh RGN PROJECT_DIR
set -u
rgn=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
# the first example block of rgn(5) is the game; roff escapes undone
sed -n '/^\.EX/,/^\.EE/{/^\.E[XE]/d;p}' "$root/man/rgn.5" |
    awk 'BEGIN{n=0} /^\[Event/{n++} n==1' | sed '/^r>S7r>S/,$d' |
    sed 's/\\(dq/"/g; s/\\-/-/g' >"$tmp/game.rgn"
# the example ends at the result; anything after belongs to other blocks
awk '{print} / (1-0|0-1|1\/2-1\/2|\*)$/{exit}' "$tmp/game.rgn" >"$tmp/example.rgn"
echo >>"$tmp/example.rgn"
if "$rgn" validate "$tmp/example.rgn" >/dev/null 2>"$tmp/err" &&
    [ "$(cat "$tmp/err")" = "1 game: 1 valid (0 with warnings), 0 invalid" ]; then
    echo "ok: the rgn(5) game is valid without warnings"
else
    echo "FAIL: the rgn(5) game:"; cat "$tmp/err"; failed=$((failed + 1))
fi
if "$rgn" convert --quiet "$tmp/example.rgn" 2>/dev/null | cmp -s - "$tmp/example.rgn"; then
    echo "ok: the rgn(5) game is canonical"
else
    echo "FAIL: the rgn(5) game is not canonical"; failed=$((failed + 1))
fi
initial=$(grep '^r>S7r>S/' "$root/man/rgn.5" | head -1)
if [ "$("$rgn" perft --fen "$initial" 1 2>/dev/null)" = 130 ]; then
    echo "ok: the rgn(5) RFEN is the initial position (130 moves)"
else
    echo "FAIL: the rgn(5) RFEN"; failed=$((failed + 1))
fi
echo "man examples: $((3 - failed)) passed, $failed failed"
[ "$failed" = 0 ]
