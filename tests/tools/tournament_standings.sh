# Sourced by tests/tournament_oracle.sh and tests/tournament_published.sh
# (with $rgn set): standings LABEL PREFIX TIEBREAKS FILE runs
# `rgn tournament --format json` into PREFIX.json (standard error into
# PREFIX.err). An exit status of 0 or 1 (an audit finding) is success;
# above 1, it prints why and fails.
standings() {
    "$rgn" tournament --format json --tiebreaks "$3" "$4" \
        >"$2.json" 2>"$2.err"
    status=$?
    [ "$status" -le 1 ] && return 0
    echo "FAIL $1: rgn tournament exited $status:"
    sed 's/^/  /' "$2.err" | head -5
    return 1
}
