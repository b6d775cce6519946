#!/bin/sh
# Every C file under src/ is named in src/README.md's table, in the row of
# its stage (the folder of src/ it lives in; a file directly in src/ has a
# row of its own, as `rgn.h` does). A file is named by a backquoted token
# of that row equal to its path from the stage's folder (`listing.c`,
# `engine/bitboard.c`), or from src/ (`rules/variant.h`), or by a
# backquoted shell pattern that matches one of these (`cmd_*.c`).
# Not listed: a header beside the .c file of the same name (`buffer.h`
# with `buffer.c`), which is that file's interface and named with it.
# Usage: readme_files.sh PROJECT_DIR
set -u
src=$(cd "$1/src" && pwd) || exit 1
readme=$src/README.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$readme" ] || { echo "FAIL: no $readme"; exit 1; }
failed=0 checked=0
cd "$src" || exit 1
for file in $(find . -name '*.[ch]' | sed 's|^\./||' | LC_ALL=C sort); do
    case $file in
    *.h) [ -f "${file%.h}.c" ] && continue ;;
    esac
    checked=$((checked + 1))
    case $file in
    */*) rest=${file#*/} key="\`${file%%/*}/\`" ;;
    *) rest=$file key="\`$file\`" ;;
    esac
    # the stage's row, its backquoted tokens one a line
    grep -F "| $key |" "$readme" | head -n 1 |
        tr '`' '\n' | sed -n 'n;p' > "$tmp/tokens"
    named=
    while IFS= read -r token; do
        [ -n "$token" ] || continue
        # shellcheck disable=SC2254 # a token may be a pattern
        case $rest in $token) named=1 ;; esac
        # shellcheck disable=SC2254
        case $file in $token) named=1 ;; esac
        [ -n "$named" ] && break
    done < "$tmp/tokens"
    if [ -z "$named" ]; then
        if [ -s "$tmp/tokens" ]; then
            echo "FAIL: src/$file is not named in src/README.md's row $key"
        else
            echo "FAIL: src/$file: src/README.md has no row $key"
        fi
        failed=$((failed + 1))
    fi
done
[ "$checked" -gt 0 ] || { echo "FAIL: no C files under $src"; exit 1; }
echo "readme_files: $checked files, $failed not named"
[ "$failed" -eq 0 ]
