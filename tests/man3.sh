#!/bin/sh
# The section-3 manual pages written from rgn.h (man/rgn3.py) document
# every function librgn.so exports: `man 3 FUNCTION` reaches a page (the
# function's own link to its part's page) whose NAME lists it and whose
# DESCRIPTION shows its declaration with a comment; and every page
# renders without a warning (groff -ww, man --warnings). The check is
# itself checked: pages written from a copy of rgn.h with one comment
# taken out must fail it.
#
# usage: man3.sh MAN3_DIR LIBRGN_SO PYTHON3 RGN3_PY RGN_H
set -u
dir=$1 so=$2 python=$3 generator=$4 header=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

# the version nodes themselves (type A) are no functions
nm -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $NF); print $NF }' |
    LC_ALL=C sort -u >"$tmp/exported"
if [ "$(wc -l <"$tmp/exported")" -lt 100 ]; then
    fail "only $(wc -l <"$tmp/exported") functions exported by $so"
fi

# documented DIR FUNCTION: the page of FUNCTION in DIR, or a complaint
documented() {
    page=$1/$2.3
    if [ ! -f "$page" ]; then
        echo "no page $2.3"; return 1
    fi
    target=$(sed -n 's,^\.so man3/\(.*\)$,\1,p' "$page")
    [ -n "$target" ] && page=$1/$target
    if [ ! -f "$page" ]; then
        echo "$2.3 links to $target, which is missing"; return 1
    fi
    # NAME lists it, as whatis and apropos read it (man-db's lexgrog)
    if ! lexgrog "$page" 2>/dev/null | grep -q ": \"$2 - "; then
        echo "$(basename "$page")'s NAME does not list $2"; return 1
    fi
    # DESCRIPTION: the declaration in an example block, with a comment
    # on its line or a description (.RS) after the block
    awk -v f="$2" '
        $0 == ".EX" { block = 1; here = 0; next }
        $0 == ".EE" { block = 0; if (here) after = 1; next }
        after { if ($0 == ".RS") said = 1; after = 0; if (here) done = 1 }
        block && index($0, f "(") {
            at = index($0, f "(")
            c = at > 1 ? substr($0, at - 1, 1) : ""   # mawk: substr(s, 0, 1) is s[1]
            if (c !~ /[a-z0-9_]/) { here = 1; seen = 1; if ($0 ~ /; \/\*/) said = 1 }
        }
        END {
            if (!seen) { print "not declared in " FILENAME; exit 1 }
            if (!said) { print "declared with no comment in " FILENAME; exit 1 }
        }' "$page" | sed "s,^,$2: ,;s,$1/,,"
}

check_dir() { # DIR: one line per undocumented function
    while read -r f; do
        documented "$1" "$f"
    done <"$tmp/exported"
}

check_dir "$dir" >"$tmp/undocumented"
while read -r line; do fail "$line"; done <"$tmp/undocumented"
[ -s "$tmp/undocumented" ] || ok

# every page, not the links, renders without a warning
pages=0
for page in "$dir"/*.3; do
    grep -q '^\.so ' "$page" && continue
    pages=$((pages + 1))
    name=$(basename "$page")
    if groff -ww -z -Tutf8 -man "$page" >"$tmp/out" 2>&1 && [ ! -s "$tmp/out" ]; then
        ok
    else
        fail "groff -ww -z -Tutf8 -man $name:"; sed 's/^/    /' "$tmp/out"
    fi
    if MANWIDTH=80 MAN_KEEP_FORMATTING= man --warnings -l "$page" \
        >/dev/null 2>"$tmp/out" && [ ! -s "$tmp/out" ]; then
        ok
    else
        fail "man --warnings -l $name:"; sed 's/^/    /' "$tmp/out"
    fi
done
[ "$pages" -ge 10 ] || fail "only $pages pages in $dir"
# rgn(3) names every part's page
for ref in $(sed -n 's/^\.BR \(rgn[a-z_]*\) (3)$/\1/p' "$dir/rgn.3"); do
    if [ -f "$dir/$ref.3" ]; then ok; else fail "rgn.3 names $ref(3), which is missing"; fi
done

# the example of rgn.h's opening comment is samples/read_games.c, which
# the install test builds
sed -n '/^ \*     #include <rgn.h>/,/^ \*     }$/p' "$header" |
    sed 's/^ \*     //; s/^ \*$//' >"$tmp/example.c"
sed -n '/^#include <rgn.h>/,$p' "$(dirname "$header")/../samples/read_games.c" >"$tmp/sample.c"
if [ -s "$tmp/example.c" ] && cmp -s "$tmp/example.c" "$tmp/sample.c"; then
    ok
else
    fail "rgn.h's example differs from samples/read_games.c:"
    diff "$tmp/example.c" "$tmp/sample.c"
fi

# the check fails on a function without a comment: rgn_position_new's
# taken out of a copy of the header (and with it that of the functions
# declared under it)
awk '/^\/\* A new position holding/ { skip = 1 }
     skip && /\*\/$/ { skip = 0; next }
     !skip' "$header" >"$tmp/rgn.h"
if cmp -s "$header" "$tmp/rgn.h"; then
    fail "the self-check found no comment of rgn_position_new to take out"
elif "$python" "$generator" "$tmp/rgn.h" 0 "$tmp/man3" 2>/dev/null &&
    { check_dir "$tmp/man3" >"$tmp/found"; } &&
    grep -qx "rgn_position_new: declared with no comment in rgn_position.3" \
        "$tmp/found"; then
    ok
else
    fail "a function without a comment is not found:"; cat "$tmp/found"
fi

echo "man3: $(wc -l <"$tmp/exported") functions, $pages pages, $passed checks passed, $failed failed"
[ "$failed" = 0 ]
