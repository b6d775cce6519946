#!/bin/sh
# The library's stages depend on each other the way src/README.md says:
# a file uses only symbols of its own stage or of the stages listed above
# it in the README's table (the order is read from that table, so the
# documentation and this check cannot drift), no files use each other
# in a loop, and no file above rules/ includes the rule sets' private
# interface, rules/variant.h (they ask through functions). The graph "A uses a symbol B defines" comes from nm on
# the objects of the static library; a file's stage is the folder of
# src/ its source lives in (a generated source, outside src/, has none
# and is checked for loops only). A folder of the table that does not
# exist (yet) is no error.
#
# usage: layers.sh LIBRGN.a CC SRC_DIR
set -eu
lib=$1 cc=$2 src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The stages in order, one a line, from the README's table: its rows
# "| `NAME/` | ... |".
stages() {
    sed -n 's/^| `\([a-z_]*\)\/` |.*/\1/p' "$1/README.md"
}

# Prints "user definer symbol" for each symbol one object uses and another
# defines.
edges() {
    nm -A -g --defined-only "$1" 2>/dev/null |
        awk '{ split($1, p, ":"); print p[2], $NF }' > "$work/defs"
    nm -A -u "$1" 2>/dev/null |
        awk '{ split($1, p, ":"); print p[2], $NF }' > "$work/uses"
    awk 'NR == FNR { def[$2] = $1; next }
         ($2 in def) && def[$2] != $1 { print $1, def[$2], $2 }' \
        "$work/defs" "$work/uses" | sort -u
}

# Fails when the edges of library $1 form a loop, printing it.
acyclic() {
    edges "$1" | cut -d' ' -f1,2 | sort -u > "$work/edges"
    if ! tsort "$work/edges" > /dev/null 2> "$work/loop"; then
        sed 's/^tsort: //' "$work/loop" >&2
        return 1
    fi
}

# Fails when an object of library $1 uses a symbol an object of a later
# stage of source folder $2 defines, printing each such use.
ordered() {
    stages "$2" > "$work/stages"
    # "object stage source" for each object (named SOURCE.o or SOURCE.c.o)
    for object in $(ar t "$1"); do
        source=${object%.o}
        case $source in *.c) ;; *) source=$source.c ;; esac
        found=$(cd "$2" && find . -name "$source" | sed 's|^\./||')
        if [ "$(echo "$found" | grep -c .)" -gt 1 ]; then
            echo "two sources named $source under $2: $found" >&2
            return 1
        fi
        echo "$object ${found%%/*} ${found:-$source}"
    done > "$work/objects"
    edges "$1" > "$work/symbols"
    awk 'FILENAME ~ /stages$/ { rank[$1] = FNR; next }
         FILENAME ~ /objects$/ { stage[$1] = $2; path[$1] = $3; next }
         {
             u = stage[$1]; d = stage[$2]
             if ((u in rank) && (d in rank) && rank[u] < rank[d]) {
                 print path[$1] " uses " $3 " of " path[$2] \
                       ": " d "/ is listed below " u "/"
                 bad = 1
             }
         }
         END { exit bad }' "$work/stages" "$work/objects" "$work/symbols" >&2
}

# Fails when a file of source folder $1 above rules/ includes the rule
# sets' private interface, rules/variant.h, itself or through a header
# of rules/ that includes it: the stages above ask a rule set through
# functions (rules/rule_set.h, rgn.h), never read struct rgn_variant.
private_rules() {
    taint='rules/variant.h'
    while :; do
        more=$(cd "$1" && find rules -name '*.h' | while read -r header; do
            case " $taint " in *" $header "*) continue ;; esac
            for t in $taint; do
                if grep -q "^#include \"$t\"" "$header"; then
                    echo "$header"
                    break
                fi
            done
        done)
        [ -n "$more" ] || break
        taint="$taint $(echo $more)"
    done
    bad=0
    for t in $taint; do
        if (cd "$1" && find . -path ./rules -prune -o \( -name '*.c' -o -name '*.h' \) \
                -print | sed 's|^\./||' | xargs grep -l "^#include \"$t\"") \
            > "$work/private" 2>/dev/null; then
            sed "s|\$| includes $t, the rule sets' own interface|" \
                "$work/private" >&2
            bad=1
        fi
    done
    return $bad
}

# The checks must see what they look for. A loop: two files that call
# each other.
printf 'int b(int);\nint a(int n) { return n ? b(n - 1) : 0; }\n' > "$work/a.c"
printf 'int a(int);\nint b(int n) { return n ? a(n - 1) : 1; }\n' > "$work/b.c"
"$cc" -c "$work/a.c" -o "$work/a.o" && "$cc" -c "$work/b.c" -o "$work/b.o"
ar rcs "$work/loop.a" "$work/a.o" "$work/b.o"
if acyclic "$work/loop.a" 2>/dev/null; then
    echo "FAIL: the check misses a loop between two files"
    exit 1
fi
# A file of an upper stage may use one of a lower stage, not the reverse.
mkdir -p "$work/src/upper" "$work/src/lower"
printf '| folder | what |\n| --- | --- |\n| `upper/` | first |\n| `lower/` | second |\n' \
    > "$work/src/README.md"
printf 'int up(void) { return 1; }\n' > "$work/src/upper/up.c"
printf 'int up(void);\nint down(void) { return up(); }\n' > "$work/src/lower/down.c"
"$cc" -c "$work/src/upper/up.c" -o "$work/up.c.o"
"$cc" -c "$work/src/lower/down.c" -o "$work/down.c.o"
ar rcs "$work/right.a" "$work/up.c.o" "$work/down.c.o"
if ! ordered "$work/right.a" "$work/src" 2>/dev/null; then
    echo "FAIL: the check refuses a file that uses a stage above its own"
    exit 1
fi
printf '| folder | what |\n| --- | --- |\n| `lower/` | first |\n| `upper/` | second |\n' \
    > "$work/src/README.md"
if ordered "$work/right.a" "$work/src" 2>/dev/null; then
    echo "FAIL: the check misses a file that uses a stage below its own"
    exit 1
fi

# A file above rules/ that includes rules/variant.h, itself or through
# a header of rules/ that does.
mkdir -p "$work/src/rules/game" "$work/src/select"
printf '#include "rules/variant.h"\n' > "$work/src/rules/game/game.h"
printf '#include "rules/game/game.h"\n' > "$work/src/rules/game/game.c"
printf '#include "rules/rule_set.h"\n' > "$work/src/select/good.c"
if ! private_rules "$work/src" 2>/dev/null; then
    echo "FAIL: the check refuses a file above rules/ that uses rules/rule_set.h"
    exit 1
fi
printf '#include "rules/game/game.h"\n' > "$work/src/select/bad.c"
if private_rules "$work/src" 2>/dev/null; then
    echo "FAIL: the check misses a file above rules/ that includes" \
        "rules/variant.h through a header"
    exit 1
fi
rm "$work/src/select/bad.c"
printf '#include "rules/variant.h"\n' > "$work/src/select/bad.h"
if private_rules "$work/src" 2>/dev/null; then
    echo "FAIL: the check misses a file above rules/ that includes" \
        "rules/variant.h"
    exit 1
fi

count=$(edges "$lib" | cut -d' ' -f1,2 | sort -u | wc -l)
if [ "$count" -lt 20 ]; then
    echo "FAIL: only $count dependencies found in $lib; is it the library?"
    exit 1
fi
if [ "$(stages "$src" | wc -l)" -lt 5 ]; then
    echo "FAIL: no table of stages in $src/README.md"
    exit 1
fi
failed=0
if ! acyclic "$lib"; then
    echo "FAIL: the files above call each other in a circle"
    failed=$((failed + 1))
fi
if ! ordered "$lib" "$src"; then
    echo "FAIL: the uses above go against the order of src/README.md"
    failed=$((failed + 1))
fi
if ! private_rules "$src"; then
    echo "FAIL: the files above read a rule set's table; ask it through" \
        "rules/rule_set.h or rgn.h"
    failed=$((failed + 1))
fi
echo "layers: $((3 - failed)) passed, $failed failed ($count dependencies;" \
    "stages: $(stages "$src" | tr '\n' ' ' | sed 's/ $//'))"
[ $failed = 0 ]
