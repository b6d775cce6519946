#!/bin/sh
# rgn tournament reproduces published final standings, typed in from the
# record (tests/tournament/published/: each NAME.pgn, results only, says
# its source at its top; NAME.expected holds the published ranks, scores
# and tie-break values, and the tie-breaks of the run): a round robin (AVRO
# 1938, Keres before Fine on direct encounter) and a Swiss (the 2nd World
# Computer Chess Championship, 1977, with its Buchholz and Sonneborn-Berger).
# Usage: tournament_published.sh RGN SRC OUT   (OUT: a scratch folder)
set -u
rgn=$1 src=$2 out=$3
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 0; }
mkdir -p "$out"
failed=0 passed=0
# shellcheck source=tools/tournament_standings.sh
. "$src/tests/tools/tournament_standings.sh"

for expected in "$src"/tests/tournament/published/*.expected; do
    name=$(basename "$expected" .expected)
    list=$(sed -n 's/^tiebreaks: *//p' "$expected")
    standings "$name" "$out/$name" "$list" \
        "$src/tests/tournament/published/$name.pgn" || {
        failed=$((failed + 1))
        continue
    }
    if python3 "$src/tests/tools/published_compare.py" "$expected" \
        "$out/$name.json"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "  (rgn: $out/$name.json)"
    fi
done

echo "tournament_published: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
