#!/bin/sh
# rgn tournament --check finds the inconsistencies planted in the record
# sets of tests/tournament/audit/ (written by tests/tools/make_audit.py),
# each file one kind, and nothing else of the audit's kinds: NAME.expect
# lists the (code, game) pairs expected (tests/tools/audit_compare.py
# says how they are matched); NAME.args, options (the system); NAME.same,
# a --same-player file after which nothing is found. The exit status is 1
# when something is found, 0 when not.
# Usage: tournament_audit.sh RGN SRC OUT   (OUT: a scratch folder)
set -u
rgn=$1 src=$2 out=$3
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 0; }
mkdir -p "$out"
failed=0 passed=0
dir=$src/tests/tournament/audit

# run LABEL EXPECT EXPECTED_STATUS ARGS...
run() {
    label=$1 expect=$2 want=$3
    shift 3
    "$rgn" tournament --check --diagnostics=json "$@" \
        >"$out/$label.out" 2>"$out/$label.err"
    status=$?
    ok=1
    if [ "$status" -ne "$want" ]; then
        echo "$label: exit status $status, expected $want"
        [ "$status" -gt 1 ] && sed 's/^/  /' "$out/$label.err" | head -5
        ok=0
    fi
    if [ "$status" -le 1 ] && ! python3 "$src/tests/tools/audit_compare.py" \
        "$label" "$expect" "$out/$label.out" "$out/$label.err"; then
        ok=0
    fi
    if [ "$ok" -eq 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $label (rgn tournament --check --diagnostics=json $*:" \
            "$out/$label.out, $out/$label.err)"
    fi
}

for file in "$dir"/*.pgn "$dir"/*.rgn; do
    [ -f "$file" ] || continue
    name=$(basename "$file")
    name=${name%.*}
    args=""
    [ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
    want=1
    [ -s "$dir/$name.expect" ] || want=0
    # shellcheck disable=SC2086 # the options are words
    run "$name" "$dir/$name.expect" "$want" $args "$file"
    if [ -f "$dir/$name.same" ]; then
        : >"$out/none.expect"
        # shellcheck disable=SC2086
        run "$name-merged" "$out/none.expect" 0 $args \
            --same-player "$dir/$name.same" "$file"
    fi
done

echo "tournament_audit: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
