#!/bin/sh
# End-to-end tests of the rgn program. A case is a set of files sharing a
# name in the folder of the command it runs (validate/, convert/, fen/,
# diagram/, solve/, perft/, moves/, variants/, db/; program/ for what is not a
# command: --version, unknown commands). The case AREA/NAME is:
#   AREA/NAME.cmd     the arguments, as shell words (run from the project
#                     root, so that samples/ and tests/ paths work); may use
#                     $RGN_TMP
#   AREA/NAME.out     the expected standard output
#   AREA/NAME.err     the expected standard error (optional)
#   AREA/NAME.status  the expected exit status (optional, default 0)
#   AREA/NAME.in      standard input (optional, default /dev/null)
#   AREA/NAME.env     environment assignments for the run, as shell words
#                     (optional; e.g. RGN_TEST_CHUNK_BYTES=16)
# An input that several cases read lives once in inputs/ (never a case
# folder): the .cmd names it, as a file argument or as standard input
# ("validate - < tests/e2e/inputs/no_game.rgn"), instead of a NAME.in.
# Usage: RGN=path/to/rgn run.sh E2E_DIR [AREA/NAME...]
set -u
dir=$1
shift
root=$(cd "$dir/../.." && pwd)
: "${RGN:?set RGN to the rgn program}"
RGN_TMP=$(mktemp -d)
export RGN_TMP
trap 'rm -rf "$RGN_TMP"' EXIT
passed=0
failed=0
if [ $# -gt 0 ]; then
    names=$*
else
    names=$(cd "$dir" && ls */*.cmd | sed 's/\.cmd$//')
fi
for name in $names; do
    files=$dir/$name
    if [ ! -f "$files.cmd" ]; then
        echo "FAIL $name: no $name.cmd in $dir"
        failed=$((failed + 1))
        continue
    fi
    args=$(cat "$files.cmd")
    input=/dev/null
    [ -f "$files.in" ] && input="$files.in"
    want_status=0
    [ -f "$files.status" ] && want_status=$(cat "$files.status")
    assignments=
    [ -f "$files.env" ] && assignments=$(cat "$files.env")
    (cd "$root" && eval "$assignments \"\$RGN\" $args") <"$input" >"$RGN_TMP/out" 2>"$RGN_TMP/err"
    status=$?
    ok=1
    if [ "$status" != "$want_status" ]; then
        echo "FAIL $name: exit status $status, expected $want_status"
        ok=0
    fi
    if ! diff -u "$files.out" "$RGN_TMP/out" >"$RGN_TMP/diff"; then
        echo "FAIL $name: standard output differs:"
        cat "$RGN_TMP/diff"
        ok=0
    fi
    if [ -f "$files.err" ] &&
        ! diff -u "$files.err" "$RGN_TMP/err" >"$RGN_TMP/diff"; then
        echo "FAIL $name: standard error differs:"
        cat "$RGN_TMP/diff"
        ok=0
    fi
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
echo "e2e: $passed passed, $failed failed"
[ $failed = 0 ]
