# Sourced by tests/tournament_oracle.sh and tests/tournament_published.sh
# (with $rgn set): standings LABEL PREFIX TIEBREAKS FILE [OPTION...] runs
# `rgn tournament --format json` (with the options) into PREFIX.json
# (standard error into PREFIX.err). An exit status of 0 or 1 (an audit
# finding) is success; above 1, it prints why and fails.
standings() {
    st_label=$1 st_prefix=$2 st_list=$3 st_file=$4
    shift 4
    "$rgn" tournament --format json --tiebreaks "$st_list" "$@" "$st_file" \
        >"$st_prefix.json" 2>"$st_prefix.err"
    status=$?
    [ "$status" -le 1 ] && return 0
    echo "FAIL $st_label: rgn tournament exited $status:"
    sed 's/^/  /' "$st_prefix.err" | head -5
    return 1
}
