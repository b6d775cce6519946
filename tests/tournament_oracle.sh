#!/bin/sh
# rgn tournament's standings and FIDE tie-breaks equal those of a
# deliberately simple second computation (tests/tools/tournament_oracle.py,
# which reads the games' tags itself), on every tournament of
# tests/tournament/ (round robins of Rotary and chess with forfeits, a
# double round robin, a match, a Swiss with byes, a forfeit, a half-point
# bye and a withdrawal, FIDE's tie-break exercises), on the published
# crosstables of tests/tournament/published/ and on the sample
# samples/rotary-club-2026.rgn. Each file is run with every tie-break the
# issue names, then with DE first (so that direct encounter decides); a
# Swiss also under FIDE's tie-break rules of 2024 and of 2026 (each file
# is otherwise computed under the rules of its last date). rgn's
# exit status may be 0 or 1 (an audit finding is no failure here);
# anything else is.
# Usage: tournament_oracle.sh RGN SRC OUT   (OUT: a scratch folder)
set -u
rgn=$1 src=$2 out=$3
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 0; }
mkdir -p "$out"
failed=0 passed=0
# shellcheck source=tools/tournament_standings.sh
. "$src/tests/tools/tournament_standings.sh"

for file in "$src"/tests/tournament/*.pgn "$src"/tests/tournament/*.rgn \
    "$src"/tests/tournament/published/*.pgn "$src"/samples/rotary-club-2026.rgn; do
    [ -f "$file" ] || continue
    name=$(basename "$file")
    n=0
    full=BH,BH-C1,BH-M1,SB,WIN,WON,BPG,DE,ARO,TPR,KS
    runs="$full DE,WIN,SB,KS"
    # a Swiss under both rules too (they differ on unplayed rounds)
    case $name in *swiss*) runs="$runs $full:2024 $full:2026" ;; esac
    for run in $runs; do
        n=$((n + 1))
        list=${run%:*} rules=
        [ "$list" = "$run" ] || rules=${run#*:}
        label="$name ($list${rules:+, rules of $rules})"
        standings "$label" "$out/$name.$n" "$list" "$file" \
            ${rules:+--tiebreak-rules "$rules"} || {
            failed=$((failed + 1))
            continue
        }
        python3 "$src/tests/tools/tournament_oracle.py" --tiebreaks "$list" \
            ${rules:+--tiebreak-rules "$rules"} \
            "$file" >"$out/$name.$n.oracle.json" || {
            failed=$((failed + 1))
            echo "FAIL $label: the oracle failed"
            continue
        }
        if python3 "$src/tests/tools/tournament_compare.py" "$label" \
            "$out/$name.$n.oracle.json" "$out/$name.$n.json"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "  (rgn: $out/$name.$n.json, oracle: $out/$name.$n.oracle.json)"
        fi
    done
done

echo "tournament_oracle: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
