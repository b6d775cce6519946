#!/bin/sh
# End-to-end tests of the rgn program. Each case is a set of files in
# cases/ sharing a name:
#   NAME.cmd     the arguments, as shell words (run from the project root,
#                so that samples/ and tests/ paths work); may use $RGN_TMP
#   NAME.out     the expected standard output
#   NAME.err     the expected standard error (optional)
#   NAME.status  the expected exit status (optional, default 0)
#   NAME.in      standard input (optional, default /dev/null)
#   NAME.env     environment assignments for the run, as shell words
#                (optional; e.g. RGN_TEST_CHUNK_BYTES=16)
# Usage: RGN=path/to/rgn run.sh E2E_DIR [NAME...]
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
    names=$(cd "$dir/cases" && ls *.cmd | sed 's/\.cmd$//')
fi
for name in $names; do
    case_dir="$dir/cases"
    args=$(cat "$case_dir/$name.cmd")
    input=/dev/null
    [ -f "$case_dir/$name.in" ] && input="$case_dir/$name.in"
    want_status=0
    [ -f "$case_dir/$name.status" ] && want_status=$(cat "$case_dir/$name.status")
    assignments=
    [ -f "$case_dir/$name.env" ] && assignments=$(cat "$case_dir/$name.env")
    (cd "$root" && eval "$assignments \"\$RGN\" $args") <"$input" >"$RGN_TMP/out" 2>"$RGN_TMP/err"
    status=$?
    ok=1
    if [ "$status" != "$want_status" ]; then
        echo "FAIL $name: exit status $status, expected $want_status"
        ok=0
    fi
    if ! diff -u "$case_dir/$name.out" "$RGN_TMP/out" >"$RGN_TMP/diff"; then
        echo "FAIL $name: standard output differs:"
        cat "$RGN_TMP/diff"
        ok=0
    fi
    if [ -f "$case_dir/$name.err" ] &&
        ! diff -u "$case_dir/$name.err" "$RGN_TMP/err" >"$RGN_TMP/diff"; then
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
