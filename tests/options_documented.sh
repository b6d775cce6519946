#!/bin/sh
# Command-line conventions (issue "nothing lost, nothing surprising",
# point 10): every option in a command's --help usage is accepted by the
# command and appears in the man page's synopsis line of the command, and
# every option of that synopsis line is in the usage; the commands that
# read games share their game options; every command takes --color,
# --no-color, -h and "--".
# Usage: options_documented.sh RGN PROJECT_DIR
set -u
rgn=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# The options of a text: every word that begins with - or --.
options_of() {
    grep -o -- '\(^\|[[|( ]\)--*[a-z][a-z-]*' | sed 's/^[[|( ]*//' | sort -u
}
# The man synopsis of a command, roff undone: from ".B rgn CMD" to ".br".
man -l "$root/man/rgn.1" >/dev/null 2>&1 || true
synopsis() {
    sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$root/man/rgn.1" |
        sed 's/\\-/-/g' |
        awk -v cmd="$1" '$0 == ".B rgn " cmd {on = 1; next} on && /^\.br/ {exit} on'
}
game_options="--strict -q --quiet --diagnostics --diagnostics-file --variant --from -j --jobs --range --color --no-color"

# a subcommand is written with _ here: db_import is "rgn db import"
for word in perft moves validate convert select list fen diagram variants \
    db_import db_merge db_find db_tree db_export db_info ranges; do
    cmd=$(echo "$word" | tr _ ' ')
    "$rgn" $cmd --help | sed '/^$/q' | options_of >"$tmp/usage"
    synopsis "$cmd" | options_of >"$tmp/man"
    if cmp -s "$tmp/usage" "$tmp/man"; then ok; else
        fail "$cmd: --help usage and man synopsis differ:"
        diff "$tmp/usage" "$tmp/man"
    fi
    for opt in $(cat "$tmp/usage") -h --no-color --color; do
        [ "$opt" = "--" ] && continue
        "$rgn" $cmd "$opt" </dev/null >/dev/null 2>"$tmp/err"
        if grep -q "unknown option\|unexpected argument '$opt'" "$tmp/err"; then
            fail "$cmd does not take $opt"
        else ok; fi
    done
    case $cmd in validate | convert | list | fen | diagram | "db import")
        for opt in $game_options; do
            if grep -qx -- "$opt" "$tmp/usage"; then ok; else
                fail "$cmd --help lacks the game option $opt"; fi
        done ;;
    esac
    grep -qx -- "--color" "$tmp/usage" && ok || fail "$cmd --help lacks --color"
done

# Every command's help is there (made from src/cli/help at build time):
# it begins with its usage.
for cmd in $("$rgn" help | awk '/^Commands:/ {on = 1; next} on && !NF {exit} on {print $1}' |
    grep -vx help) "db import" "db merge" "db find" "db tree" "db export" \
    "db info"; do
    if "$rgn" $cmd --help | head -n 1 | grep -q "^Usage: rgn $cmd "; then ok
    else fail "rgn $cmd --help does not begin with its usage"; fi
done

# "--" ends the options: a file named like an option is read.
cp "$root/samples/king-mate.rgn" "$tmp/-q.rgn"
(cd "$tmp" && "$rgn" fen -- -q.rgn) >"$tmp/out" 2>/dev/null
(cd "$tmp" && "$rgn" fen ./-q.rgn) >"$tmp/want" 2>/dev/null
[ -s "$tmp/out" ] && cmp -s "$tmp/out" "$tmp/want" && ok || fail "fen -- -q.rgn"
"$rgn" perft -- 1 >"$tmp/out" 2>&1 && [ "$(cat "$tmp/out")" = 130 ] && ok ||
    fail "perft -- 1"
# -j and -q are --jobs and --quiet.
"$rgn" validate -q -j 2 "$root/samples/bad/illegal-blocked-path.rgn" >"$tmp/out" 2>&1
[ $? = 1 ] && [ ! -s "$tmp/out" ] && ok || fail "validate -q -j 2"
# rgn help --help is the overview.
"$rgn" help --help >"$tmp/out" 2>&1 && grep -q '^Usage: rgn COMMAND' "$tmp/out" &&
    ok || fail "rgn help --help"
# A mistyped command gets a suggestion.
"$rgn" valdate >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "did you mean 'validate'" "$tmp/err" && ok ||
    fail "rgn valdate suggests validate"
# No colour when TERM=dumb, even with a terminal: script(1) gives one.
if command -v script >/dev/null 2>&1; then
    TERM=dumb script -qec "$rgn validate $root/samples/bad/illegal-blocked-path.rgn" \
        /dev/null >"$tmp/tty" 2>&1
    if grep -q "$(printf '\033')\[" "$tmp/tty"; then fail "colour with TERM=dumb"; else ok; fi
    TERM=xterm script -qec "$rgn validate --no-color $root/samples/bad/illegal-blocked-path.rgn" \
        /dev/null >"$tmp/tty" 2>&1
    if grep -q "$(printf '\033')\[" "$tmp/tty"; then fail "colour with --no-color"; else ok; fi
    TERM=xterm script -qec "$rgn validate $root/samples/bad/illegal-blocked-path.rgn" \
        /dev/null >"$tmp/tty" 2>&1
    if grep -q "$(printf '\033')\[" "$tmp/tty"; then ok; else fail "no colour on a terminal"; fi
fi

echo "options_documented: $passed passed, $failed failed"
[ $failed = 0 ]
