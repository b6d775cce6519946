#!/bin/sh
# Dependencies between the library's files run one way: no file uses a
# symbol of a file that (directly or through others) uses one of its own.
# The graph "A uses a symbol B defines" comes from nm on the objects of
# the static library; tsort finds any loop.
#
# usage: no_cycles.sh LIBRGN.a CC
set -eu
lib=$1 cc=${2:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints "user definer" for each symbol one object uses and another defines.
edges() {
    nm -A -g --defined-only "$1" 2>/dev/null |
        awk '{ split($1, p, ":"); print p[2], $NF }' > "$work/defs"
    nm -A -u "$1" 2>/dev/null |
        awk '{ split($1, p, ":"); print p[2], $NF }' > "$work/uses"
    awk 'NR == FNR { def[$2] = $1; next }
         ($2 in def) && def[$2] != $1 { print $1, def[$2] }' \
        "$work/defs" "$work/uses" | sort -u
}

# Fails when the edges of library $1 form a loop, printing it.
acyclic() {
    edges "$1" > "$work/edges"
    if ! tsort "$work/edges" > /dev/null 2> "$work/loop"; then
        sed 's/^tsort: //' "$work/loop" >&2
        return 1
    fi
}

# The check must see a loop where there is one: two files that call each
# other.
printf 'int b(int);\nint a(int n) { return n ? b(n - 1) : 0; }\n' > "$work/a.c"
printf 'int a(int);\nint b(int n) { return n ? a(n - 1) : 1; }\n' > "$work/b.c"
"$cc" -c "$work/a.c" -o "$work/a.o" && "$cc" -c "$work/b.c" -o "$work/b.o"
ar rcs "$work/loop.a" "$work/a.o" "$work/b.o"
if acyclic "$work/loop.a" 2>/dev/null; then
    echo "FAIL: the check misses a loop between two files"
    exit 1
fi

count=$(edges "$lib" | wc -l)
if [ "$count" -lt 20 ]; then
    echo "FAIL: only $count dependencies found in $lib; is it the library?"
    exit 1
fi
if ! acyclic "$lib"; then
    echo "FAIL: the files above call each other in a circle"
    exit 1
fi
echo "no_cycles: 1 passed, 0 failed ($count dependencies, no loop)"
