#!/bin/sh
# rgn tournament --format trf read by an independent reader
# (tests/tools/trf_points.py, by TRF16's columns): on every tournament
# fixture (tests/tournament/*.pgn, *.rgn and tests/tournament/trf/*.pgn),
# each player's points field equals the sum of their round results and
# every opponent names the player back; and the TRF read back
# (--from trf ... --format json) gives each player the score the games
# gave.
# Usage: trf_points.sh RGN SRC OUT
set -u
rgn=$1 src=$2 out=$3
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 0; }
mkdir -p "$out"
failed=0 passed=0

# "NAME<TAB>SCORE" a line a player, sorted, of a --format json document
scores() {
    python3 -c '
import json, sys
try:
    document = json.load(sys.stdin)
except ValueError:
    sys.exit(0)  # no document: no scores, which the comparison tells
for t in document["tournaments"]:
    for p in t["players"]:
        print("%s\t%.1f" % (p["name"], p["score"]))' | LC_ALL=C sort
}

for fixture in "$src"/tests/tournament/*.pgn "$src"/tests/tournament/*.rgn \
               "$src"/tests/tournament/trf/*.pgn; do
    [ -f "$fixture" ] || continue
    name=$(basename "$fixture")
    trf=$out/$name.trf
    # a fixture whose system is not recognised is taken as a Swiss (the
    # system is not what this test checks)
    system=
    "$rgn" tournament -q --format trf "$fixture" >"$trf" 2>"$out/$name.err"
    status=$?
    if [ $status = 2 ] && grep -q -- '--system' "$out/$name.err"; then
        system="--system swiss"
        "$rgn" tournament -q $system --format trf "$fixture" >"$trf" \
            2>"$out/$name.err"
        status=$?
    fi
    if [ $status -gt 1 ] || ! grep -q '^001' "$trf"; then
        echo "FAIL $name: rgn tournament --format trf: status $status"
        cat "$out/$name.err"
        failed=$((failed + 1))
        continue
    fi
    if ! python3 "$src/tests/tools/trf_points.py" "$trf"; then
        echo "FAIL $name: the TRF's points are not its rounds' sum"
        failed=$((failed + 1))
        continue
    fi
    # the round trip, for a file of one tournament
    if [ "$(grep -c '^012' "$trf")" = 1 ]; then
        "$rgn" tournament -q $system --format json "$fixture" 2>/dev/null |
            scores >"$out/$name.games"
        "$rgn" tournament -q $system --from trf "$trf" --format json \
            2>"$out/$name.err2" |
            scores >"$out/$name.back"
        if ! [ -s "$out/$name.games" ] ||
           ! cmp -s "$out/$name.games" "$out/$name.back"; then
            echo "FAIL $name: the TRF read back does not give the scores"
            diff "$out/$name.games" "$out/$name.back" | head -20
            cat "$out/$name.err2"
            failed=$((failed + 1))
            continue
        fi
    fi
    passed=$((passed + 1))
done
echo "trf_points: $passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
