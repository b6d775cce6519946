#!/bin/sh
# The rgn program goes through the one door: its objects (src/cli/) use
# no symbol of the library that librgn.so does not export (the program
# may still link the static library), and its sources include no library
# header but rgn.h.
#
# usage: cli_public.sh LIBRGN.so LIBRGN.a SRC_DIR CLI_OBJECT...
set -eu
so=$1 lib=$2 src=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints the symbols the objects $3... use that library $2 defines but
# shared library $1 does not export, one a line as "object symbol".
private_uses() {
    # a versioned name is NAME@@VERSION
    nm -D --defined-only "$1" | awk '{ sub(/@.*/, "", $NF); print $NF }' |
        sort -u > "$work/exported"
    nm -g --defined-only "$2" 2>/dev/null | awk 'NF >= 3 { print $NF }' |
        sort -u > "$work/library"
    shift 2
    for object in "$@"; do
        nm -u "$object" | awk -v o="${object##*/}" '{ print o, $NF }'
    done | sort -u > "$work/used"
    awk 'FILENAME ~ /exported$/ { exported[$1] = 1; next }
         FILENAME ~ /library$/ { library[$1] = 1; next }
         ($2 in library) && !($2 in exported)' \
        "$work/exported" "$work/library" "$work/used"
}

# Prints each #include "..." of the C files in folder $1 that names
# neither rgn.h nor a header of that folder.
side_includes() {
    for file in "$1"/*.c "$1"/*.h; do
        [ -f "$file" ] || continue
        sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file" |
            while read -r header; do
                [ "$header" = rgn.h ] && continue
                [ -f "$1/$header" ] && case $header in */*) ;; *) continue ;; esac
                echo "${file##*/}: #include \"$header\""
            done
    done
}

# The checks must see what they look for: a program object that calls a
# library function the shared library hides, and a side include.
mkdir -p "$work/self"
printf 'int shown(void) { return 1; }\nint hidden(void) { return 2; }\n' > "$work/self/lib.c"
printf 'int shown(void);\nint hidden(void);\nint use(void) { return shown() + hidden(); }\n' \
    > "$work/self/cli.c"
printf '{ global: shown; local: *; };\n' > "$work/self/map"
cc -fPIC -c "$work/self/lib.c" -o "$work/self/lib.o"
cc -shared -Wl,--version-script="$work/self/map" "$work/self/lib.o" -o "$work/self/lib.so"
ar rcs "$work/self/lib.a" "$work/self/lib.o"
cc -c "$work/self/cli.c" -o "$work/self/cli.o"
if [ "$(private_uses "$work/self/lib.so" "$work/self/lib.a" "$work/self/cli.o")" != "cli.o hidden" ]; then
    echo "FAIL: the check does not find exactly the one hidden function used"
    exit 1
fi
printf '#include "rgn.h"\n#include "own.h"\n#include "rules/position.h"\n' > "$work/self/a.c"
: > "$work/self/own.h"
if [ "$(side_includes "$work/self")" != 'a.c: #include "rules/position.h"' ]; then
    echo "FAIL: the check does not find exactly the one side include"
    exit 1
fi

if [ "$(nm -D --defined-only "$so" | grep -c ' T rgn_')" -lt 20 ]; then
    echo "FAIL: $so exports almost nothing; is it the library?"
    exit 1
fi
failed=0
private_uses "$so" "$lib" "$@" > "$work/private"
if [ -s "$work/private" ]; then
    sed 's/^\([^ ]*\) /\1 uses /' "$work/private"
    echo "FAIL: the program uses the library's private symbols above;" \
        "make what it needs public in rgn.h"
    failed=$((failed + 1))
fi
side_includes "$src/cli" > "$work/includes"
if [ -s "$work/includes" ]; then
    cat "$work/includes"
    echo "FAIL: the program's sources include library headers other than rgn.h"
    failed=$((failed + 1))
fi
echo "cli_public: $((2 - failed)) passed, $failed failed ($# objects)"
[ $failed = 0 ]
