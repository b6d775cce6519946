#!/bin/sh
# Times "rgn solve" (the whole process) on N random Rotationary set-ups:
# random arrangement of sizes and empty cell, random facings, under the
# rule set given. Prints one line per set-up (seconds, distance, position)
# and then the median and the worst.
# Usage: bench/rotationary-solve-times.sh RGN N SEED [VARIANT]
set -eu
rgn=$1
n=$2
seed=$3
variant=${4:-Rotationary}
python3 - "$n" "$seed" <<'PY' |
import random, sys
n, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
for _ in range(n):
    cells = list("s" * 5 + "m" * 5 + "l" * 5 + ".")
    rng.shuffle(cells)
    ranks = []
    for r in range(4):
        ranks.append("".join("1" if c == "." else c + rng.choice("NESW")
                             for c in cells[4 * r:4 * r + 4]))
    print("/".join(ranks))
PY
while read -r fen; do
    start=$(date +%s.%N)
    out=$("$rgn" solve --variant "$variant" --fen "$fen" 2>/dev/null | head -1)
    end=$(date +%s.%N)
    echo "$(echo "$end - $start" | bc) ${out#distance } $fen"
done | sort -n | awk '{ t[NR] = $1; print }
    END { printf "median %.3f s, worst %.3f s over %d set-ups\n",
          (NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2),
          t[NR], NR }'
