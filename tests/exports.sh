#!/bin/sh
# librgn.so exports exactly the symbols src/librgn.symbols lists (a symbol
# with its version node, "rgn_x@@RGN_1.0", a line, sorted): a function added
# to rgn.h, one taken out or a version changed fails here until the list
# is changed with it, so that every change of the ABI is deliberate.
#
# usage: exports.sh LIBRGN.so SYMBOLS_FILE
set -eu
so=$1 list=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the version nodes themselves (type A) are no symbols of the API
nm -D --defined-only "$so" | awk '$2 != "A" { print $NF }' |
    LC_ALL=C sort > "$work/exported"
if ! diff -u "$list" "$work/exported" > "$work/diff"; then
    sed -n '3,$p' "$work/diff" | grep '^[-+]' |
        sed 's/^-/FAIL: listed, not exported: /; s/^+/FAIL: exported, not listed: /'
    echo "exports: the library's symbols differ from $list;" \
        "a change of the ABI changes the list with it"
    exit 1
fi
echo "exports: $(wc -l < "$work/exported") symbols, as listed"
