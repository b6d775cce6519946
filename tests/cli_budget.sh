#!/bin/sh
# The program stays thin (src/README.md, "a command's room"): the work is
# in the library, and src/cli only parses options and presents results.
# Two measures keep it so: no function in src/cli is longer than
# MAX_FUNCTION lines (from its opening brace to its closing one, both
# counted; clang-format puts both alone on their lines, in column 0), and
# src/cli holds at most MAX_LINES lines of C (cat src/cli/*.[ch] | wc -l).
# The bound is 4,000 lines; MAX_LINES is a ratchet under it, set to what
# src/cli holds today: lower it as work leaves for the library, never
# raise it.
#
# usage: cli_budget.sh PROJECT_DIR
set -eu
MAX_FUNCTION=80
MAX_LINES=3995
cd "$1"
failed=0
long=$(awk -v max="$MAX_FUNCTION" '
    FNR == 1 { start = 0 }
    /^\{$/ { start = FNR }
    /^\}$/ && start {
        n = FNR - start + 1
        if (n > max)
            printf "FAIL: %s:%d: a function of %d lines (at most %d)\n",
                FILENAME, start - 1, n, max
        start = 0
    }' src/cli/*.c)
if [ -n "$long" ]; then
    echo "$long"
    failed=1
fi
lines=$(cat src/cli/*.[ch] | wc -l)
if [ "$lines" -gt "$MAX_LINES" ]; then
    echo "FAIL: src/cli holds $lines lines of C (at most $MAX_LINES)"
    failed=1
fi
# the check must see a long function where there is one
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
    echo 'int f(void)'
    echo '{'
    i=0
    while [ $i -lt "$MAX_FUNCTION" ]; do
        echo '    ;'
        i=$((i + 1))
    done
    echo '}'
} > "$work/long.c"
if [ "$(awk '/^\{$/ { s = FNR } /^\}$/ { print FNR - s + 1 }' \
    "$work/long.c")" -le "$MAX_FUNCTION" ]; then
    echo "FAIL: the check misses a function of $((MAX_FUNCTION + 2)) lines"
    failed=1
fi
[ $failed -eq 0 ] || exit 1
echo "cli_budget: $lines lines in src/cli, no function over $MAX_FUNCTION lines"
