#!/bin/sh
# The C sources are laid out as .clang-format says: clang-format changes
# nothing in any tracked .c or .h file (hand-aligned tables stand between
# "clang-format off" and "clang-format on").
# Usage: format.sh PROJECT_DIR
set -eu
cd "$1"
format=${CLANG_FORMAT:-clang-format}
if ! command -v "$format" >/dev/null 2>&1; then
    echo "FAIL: $format is not installed (.ci/setup.sh installs it)"
    exit 1
fi
# The check must see a change where there is one.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'int  f( int x ){return x;}\n' > "$work/bad.c"
cp .clang-format "$work/"
if (cd "$work" && "$format" --dry-run --Werror bad.c) >/dev/null 2>&1; then
    echo "FAIL: the check misses a badly laid out file"
    exit 1
fi
files=$(git ls-files '*.c' '*.h' 2>/dev/null || find src tests bench -name '*.[ch]')
bad=0
for f in $files; do
    if ! "$format" --dry-run --Werror "$f" >/dev/null 2>&1; then
        echo "not formatted: $f (run: $format -i $f)"
        bad=$((bad + 1))
    fi
done
count=$(echo "$files" | wc -w)
if [ "$bad" -gt 0 ]; then
    echo "format: $((count - bad)) passed, $bad failed"
    exit 1
fi
echo "format: $count passed, 0 failed"
