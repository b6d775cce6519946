#!/bin/sh
# Every manual page renders without a warning (groff -ww, as man -l shows
# it on a UTF-8 terminal), and every rgn page it names exists in man/.
# Usage: man_pages.sh PROJECT_DIR
set -u
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
if ! command -v groff >/dev/null 2>&1; then
    echo "FAIL: groff is not installed (.ci/setup.sh installs groff-base)"
    exit 1
fi
pages=0
for page in "$root"/man/*.[1-9]; do
    [ -f "$page" ] || continue
    pages=$((pages + 1))
    name=$(basename "$page")
    for macros in -man -mandoc; do
        if groff -ww -z -Tutf8 $macros "$page" >"$tmp/out" 2>&1 &&
            [ ! -s "$tmp/out" ]; then
            passed=$((passed + 1))
        else
            echo "FAIL: groff -ww -z -Tutf8 $macros $name:"
            sed 's/^/    /' "$tmp/out"
            failed=$((failed + 1))
        fi
    done
    # the pages it refers to, as .BR rgn-NAME (S)
    for ref in $(sed -n 's/^\.BR* \(rgn[a-z\\-]*\) (\([1-9]\)).*/\1.\2/p' "$page" |
                 sed 's/\\-/-/g' | sort -u); do
        if [ -f "$root/man/$ref" ]; then
            passed=$((passed + 1))
        else
            echo "FAIL: $name refers to $ref, which is not in man/"
            failed=$((failed + 1))
        fi
    done
done
if [ "$pages" -lt 4 ]; then
    echo "FAIL: only $pages pages in man/"; failed=$((failed + 1))
fi
echo "man pages: $pages pages, $passed checks passed, $failed failed"
[ "$failed" = 0 ]
