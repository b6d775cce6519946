#!/bin/sh
# The examples in the manual are tested, so that they cannot drift: the
# game at the top of man/rgn.5 must be valid without warnings and already
# canonical, and its RFEN example must be the initial position.
# In the game pages, man/*.7, and in rgn(1)'s section CRITERIA, every
# example (.EX ... .EE) is a session:
# each line "$ COMMAND" is run from the project folder with rgn on the
# PATH, and what it prints (standard output, then standard error) must be
# the lines that follow it, roff escapes undone, every line compared (so
# a page shows what rgn prints, and no timing that varies from run to
# run). An example that is not such a session fails.
# Usage: man_examples.sh RGN PROJECT_DIR
set -u
rgn=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
# the first example block of rgn(5) is the game; roff escapes undone
sed -n '/^\.EX/,/^\.EE/{/^\.E[XE]/d;p}' "$root/man/rgn.5" |
    awk 'BEGIN{n=0} /^\[Event/{n++} n==1' | sed '/^r>S7r>S/,$d' |
    sed 's/\\(dq/"/g; s/\\-/-/g' >"$tmp/game.rgn"
# the example ends at the result; anything after belongs to other blocks
awk '{print} / (1-0|0-1|1\/2-1\/2|\*)$/{exit}' "$tmp/game.rgn" >"$tmp/example.rgn"
echo >>"$tmp/example.rgn"
if "$rgn" validate "$tmp/example.rgn" >/dev/null 2>"$tmp/err" &&
    [ "$(cat "$tmp/err")" = "1 game: 1 valid (0 with warnings), 0 invalid" ]; then
    echo "ok: the rgn(5) game is valid without warnings"; passed=$((passed + 1))
else
    echo "FAIL: the rgn(5) game:"; cat "$tmp/err"; failed=$((failed + 1))
fi
if "$rgn" convert --quiet "$tmp/example.rgn" 2>/dev/null | cmp -s - "$tmp/example.rgn"; then
    echo "ok: the rgn(5) game is canonical"; passed=$((passed + 1))
else
    echo "FAIL: the rgn(5) game is not canonical"; failed=$((failed + 1))
fi
initial=$(grep '^r>S7r>S/' "$root/man/rgn.5" | head -1)
if [ "$("$rgn" perft --fen "$initial" 1 2>/dev/null)" = 130 ]; then
    echo "ok: the rgn(5) RFEN is the initial position (130 moves)"
    passed=$((passed + 1))
else
    echo "FAIL: the rgn(5) RFEN"; failed=$((failed + 1))
fi

# rgn(1) shows the whole list of "rgn variants"
sed -n '/^\$ rgn variants$/,/^\.EE$/p' "$root/man/rgn.1" | sed '1d;$d' >"$tmp/variants.exp"
if [ -s "$tmp/variants.exp" ] && "$rgn" variants --no-color 2>&1 | cmp -s "$tmp/variants.exp" -; then
    echo "ok: the rgn(1) example of rgn variants"; passed=$((passed + 1))
else
    echo "FAIL: the rgn(1) example of rgn variants is not what rgn prints:"
    "$rgn" variants --no-color 2>&1 | diff "$tmp/variants.exp" - | sed 's/^/    /'
    failed=$((failed + 1))
fi

# The sessions of the game pages
mkdir "$tmp/bin" "$tmp/ex"
case $rgn in /*) ;; *) rgn=$(pwd)/$rgn ;; esac
ln -s "$rgn" "$tmp/bin/rgn"
unescape() { # roff to plain text: \e \- \& \(dq
    sed -e 's/\\e/@BACKSLASH@/g' -e 's/\\-/-/g' -e 's/\\&//g' \
        -e 's/\\(dq/"/g' -e 's/@BACKSLASH@/\\/g' "$1"
}
# rgn(1)'s section CRITERIA is a session too, over the samples
sed -n '/^\.SH CRITERIA/,/^\.SH EXIT STATUS/p' "$root/man/rgn.1" \
    >"$tmp/rgn.1-criteria"
pages=0
for page in "$root"/man/*.7 "$tmp/rgn.1-criteria"; do
    [ -f "$page" ] || continue
    pages=$((pages + 1))
    name=$(basename "$page")
    rm -f "$tmp/ex/"*
    # one file trio per command: NNN.cmd, NNN.exp (what follows it), NNN.line
    if ! awk -v dir="$tmp/ex" -v name="$name" '
        /^\.EX$/ { inex = 1; cmds = 0; next }
        /^\.EE$/ { inex = 0; if (f != "") close(f ".exp"); f = ""; next }
        inex && /^\$ / {
            if (f != "") close(f ".exp")
            n++; f = sprintf("%s/%03d", dir, n); cmds++
            print substr($0, 3) > (f ".cmd"); close(f ".cmd")
            print FNR > (f ".line"); close(f ".line")
            printf "" > (f ".exp")
            next
        }
        inex && f == "" {
            printf "%s:%d: an example that is not a command session\n", name, FNR
            bad = 1; next
        }
        inex { print > (f ".exp") }
        END { exit bad }' "$page"; then
        failed=$((failed + 1))
    fi
    count=0
    for cmdfile in "$tmp/ex/"*.cmd; do
        [ -f "$cmdfile" ] || continue
        base=${cmdfile%.cmd}
        count=$((count + 1))
        cmd=$(unescape "$cmdfile")
        unescape "$base.exp" >"$tmp/expected"
        (cd "$root" && PATH="$tmp/bin:$PATH" NO_COLOR=1 LC_ALL=C \
            sh -c "$cmd" >"$tmp/stdout" 2>"$tmp/stderr")
        cat "$tmp/stdout" "$tmp/stderr" >"$tmp/actual"
        if cmp -s "$tmp/expected" "$tmp/actual"; then
            passed=$((passed + 1))
        else
            echo "FAIL: $name:$(cat "$base.line"): \$ $cmd"
            diff "$tmp/expected" "$tmp/actual" | sed 's/^/    /'
            failed=$((failed + 1))
        fi
    done
    if [ "$count" = 0 ]; then
        echo "FAIL: $name has no example"; failed=$((failed + 1))
    else
        echo "ok: $name: $count commands run"
    fi
done
if [ "$pages" = 0 ]; then
    echo "FAIL: no game pages (man/*.7)"; failed=$((failed + 1))
fi

echo "man examples: $passed passed, $failed failed"
[ "$failed" = 0 ]
