#!/bin/sh
# The benchmark: sh bench/run.sh (from the project root; not part of ctest).
#
# Builds rgn in Release into build-bench/, installs pgn-extract if it is
# missing, generates a corpus of random Rotary games (rgn-gen) and one of
# random chess games of about the same size (chess-gen), then times
#   rgn validate, rgn convert --to rgn|xml|fen on the Rotary corpus,
#   rgn perft 4 from the initial position,
#   pgn-extract -r -s (validate only) and pgn-extract -s -o /dev/null
#   (validate and write) on the chess corpus,
# in RUNS rounds of one run of each (one at a time: the machine has two
# cores), and prints the median wall seconds, CPU seconds, plies per second, MB
# per second (input bytes, 10^6; both from wall time) and peak memory
# (median ru_maxrss) of each, the ratios of rgn's plies per second to
# pgn-extract's (by wall time, and by CPU time, steadier when other
# processes share the cores) and the issue's targets.
#
# Environment: RUNS (3), GAMES (Rotary games, 100000), CHESS_GAMES
# (150000: about the Rotary corpus's size), SEED (1), BENCH_DIR (where the
# corpora go; default a temporary directory, removed at the end).
#
# shellcheck disable=SC2086 # $missing and $one_job are lists of words
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${RUNS:-3}
games=${GAMES:-100000}
chess_games=${CHESS_GAMES:-150000}
seed=${SEED:-1}
build=$root/build-bench

# --- tools -----------------------------------------------------------------
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
missing=""
for p in cmake make gcc pkg-config libxml2-dev pgn-extract; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing \
        >/dev/null
fi
PATH=$PATH:/usr/games # Debian installs pgn-extract there
pgn_extract=$(command -v pgn-extract)

if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DRGN_TESTS=OFF \
        >/dev/null
fi
cmake --build "$build" -j 2 --target rgn rgn-gen chess-gen measure >/dev/null
rgn=$build/src/rgn
measure=$build/bench/measure

if [ -n "${BENCH_DIR:-}" ]; then
    data=$BENCH_DIR
    mkdir -p "$data"
else
    data=$(mktemp -d "${TMPDIR:-/tmp}/rgn-bench.XXXXXX")
    trap 'rm -rf "$data"' EXIT
    trap 'exit 130' INT TERM
fi

# --- corpora ---------------------------------------------------------------
# Both generators end with 'NAME: N games, P plies' on standard error.
echo "generating $games Rotary games and $chess_games chess games in $data"
"$build/bench/rgn-gen" --games "$games" --seed "$seed" \
    >"$data/games.rgn" 2>"$data/rgn-gen.err"
"$build/bench/chess-gen" --games "$chess_games" --seed "$seed" \
    >"$data/games.pgn" 2>"$data/chess-gen.err"
rgn_plies=$(awk '{ print $(NF - 1) }' "$data/rgn-gen.err")
chess_plies=$(awk '{ print $(NF - 1) }' "$data/chess-gen.err")
rgn_bytes=$(wc -c <"$data/games.rgn")
chess_bytes=$(wc -c <"$data/games.pgn")
# rgn and pgn-extract must reach the same final position in every chess
# game before their speeds are compared
sh bench/check-final-positions.sh "$data/games.pgn" "$rgn" "$pgn_extract"
# a tenth of the Rotary corpus, cut at a game boundary, for the memory check
awk -v n=$((games / 10)) '/^\[Event / && ++g > n { exit } { print }' \
    "$data/games.rgn" >"$data/tenth.rgn"

# --- measurements ----------------------------------------------------------
# The commands run in rounds, each once a round, so that a change in the
# load of the machine falls on rgn and pgn-extract alike. Each run appends
# NAME SECONDS MAXRSS_KB CPU_SECONDS PLIES BYTES to $data/runs.
: >"$data/runs"
time_once() { # NAME PLIES BYTES COMMAND...
    name=$1 plies=$2 bytes=$3
    shift 3
    line=$("$measure" -n 1 -e "$data/$name.err" -- "$@") || {
        echo "run.sh: '$*' failed: $line" >&2
        cat "$data/$name.err" >&2
        exit 1
    }
    echo "$line" | awk -v name="$name" -v p="$plies" -v b="$bytes" \
        '{ print name, $4, $10, $14, p, b }' >>"$data/runs"
}

# single-threaded, as the targets say: with --jobs 1 once rgn has --jobs
jobs_supported=no
one_job=""
if "$rgn" validate --help 2>&1 | grep -q -- --jobs; then
    jobs_supported=yes
    one_job="--jobs 1"
fi
"$measure" -n 1 -o "$data/perft.out" -- "$rgn" perft 4 >/dev/null
leaves=$(head -n 1 "$data/perft.out")

one_round() {
    time_once "rgn-validate" "$rgn_plies" "$rgn_bytes" \
        "$rgn" validate $one_job "$data/games.rgn"
    time_once "rgn-convert-rgn" "$rgn_plies" "$rgn_bytes" \
        "$rgn" convert --to rgn "$data/games.rgn"
    time_once "rgn-convert-xml" "$rgn_plies" "$rgn_bytes" \
        "$rgn" convert --to xml "$data/games.rgn"
    time_once "rgn-convert-fen" "$rgn_plies" "$rgn_bytes" \
        "$rgn" convert --to fen "$data/games.rgn"
    if [ "$jobs_supported" = yes ]; then
        time_once "rgn-validate-jobs2" "$rgn_plies" "$rgn_bytes" \
            "$rgn" validate --jobs 2 "$data/games.rgn"
    fi
    time_once "rgn-perft-4" "$leaves" 0 "$rgn" perft 4
    time_once "rgn-validate-chess" "$chess_plies" "$chess_bytes" \
        "$rgn" validate $one_job --variant chess "$data/games.pgn"
    time_once "pgn-extract-r-s" "$chess_plies" "$chess_bytes" \
        "$pgn_extract" -r -s "$data/games.pgn"
    # -r reports each illegal move on standard error, where -s leaves only
    # the 'Games: N' progress: anything else means an illegal game
    if tr '\r' '\n' <"$data/pgn-extract-r-s.err" |
        grep -v '^Games: [0-9]*$' | grep -q .; then
        echo "run.sh: pgn-extract found errors in the chess corpus:" >&2
        head -n 20 "$data/pgn-extract-r-s.err" >&2
        exit 1
    fi
    time_once "pgn-extract-s-o" "$chess_plies" "$chess_bytes" \
        "$pgn_extract" -s -o /dev/null "$data/games.pgn"
}

load_before=$(cut -d ' ' -f 1-3 /proc/loadavg)
round=1
while [ "$round" -le "$runs" ]; do
    echo "round $round of $runs" >&2
    one_round
    round=$((round + 1))
done
load_after=$(cut -d ' ' -f 1-3 /proc/loadavg)
tenth_kb=$("$measure" -n 1 -- "$rgn" validate $one_job "$data/tenth.rgn" |
    awk '{ print $10 }')

# --- report ----------------------------------------------------------------
echo
echo "rgn benchmark, $(date -u +%Y-%m-%d), median of $runs runs;" \
    "$(nproc) cores, $(grep -m 1 'model name' /proc/cpuinfo | sed 's/.*: //')"
revision=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain --untracked-files=no src 2>/dev/null)" ]
then
    revision="$revision with uncommitted changes in src/"
fi
echo "rgn built from $revision"
printf 'Rotary corpus: %s games, %s plies, %.1f MB\n' \
    "$games" "$rgn_plies" "$(echo "$rgn_bytes" | awk '{ print $1 / 1e6 }')"
printf 'chess corpus:  %s games, %s plies, %.1f MB\n' \
    "$chess_games" "$chess_plies" \
    "$(echo "$chess_bytes" | awk '{ print $1 / 1e6 }')"
echo "load average before: $load_before, after: $load_after" \
    "(other processes share the cores)"
echo
awk -v tenth_kb="$tenth_kb" -v jobs="$jobs_supported" \
    -v validate_label="rgn validate${one_job:+ $one_job}" '
function median(list, count, a, i, j, t) {
    split(list, a, " ")
    for (i = 2; i <= count; i++)
        for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
            t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
        }
    return count % 2 ? a[(count + 1) / 2] \
                     : (a[count / 2] + a[count / 2 + 1]) / 2
}
{
    if (!($1 in count))
        name[++names] = $1
    count[$1]++
    s_list[$1] = s_list[$1] " " $2
    kb_list[$1] = kb_list[$1] " " $3
    cpu_list[$1] = cpu_list[$1] " " $4
    n[$1] = $5; b[$1] = $6
}
END {
    for (i = 1; i <= names; i++) {
        k = name[i]
        s[k] = median(s_list[k], count[k])
        kb[k] = median(kb_list[k], count[k])
        cpu[k] = median(cpu_list[k], count[k])
    }
    label["rgn-validate"] = validate_label
    label["rgn-convert-rgn"] = "rgn convert --to rgn"
    label["rgn-convert-xml"] = "rgn convert --to xml"
    label["rgn-convert-fen"] = "rgn convert --to fen"
    label["rgn-validate-jobs2"] = "rgn validate --jobs 2"
    label["rgn-perft-4"] = "rgn perft 4 (leaves/s)"
    label["rgn-validate-chess"] = "rgn validate chess (same file)"
    label["pgn-extract-r-s"] = "pgn-extract -r -s"
    label["pgn-extract-s-o"] = "pgn-extract -s -o /dev/null"
    printf "| %-27s | %7s | %7s | %11s | %6s | %8s |\n", "command",
           "seconds", "CPU s", "plies/s", "MB/s", "peak MiB"
    printf "|-----------------------------|--------:|--------:|" \
           "------------:|-------:|---------:|\n"
    for (i = 1; i <= names; i++) {
        k = name[i]
        mbs = b[k] > 0 ? sprintf("%.1f", b[k] / 1e6 / s[k]) : "-"
        printf "| %-27s | %7.2f | %7.2f | %11.0f | %6s | %8.1f |\n",
               label[k], s[k], cpu[k], n[k] / s[k], mbs, kb[k] / 1024
        rate[k] = n[k] / s[k]
        cpu_rate[k] = n[k] / cpu[k]
    }
    v = rate["rgn-validate"] / rate["pgn-extract-r-s"]
    c = rate["rgn-convert-rgn"] / rate["pgn-extract-s-o"]
    v_cpu = cpu_rate["rgn-validate"] / cpu_rate["pgn-extract-r-s"]
    c_cpu = cpu_rate["rgn-convert-rgn"] / cpu_rate["pgn-extract-s-o"]
    peak = 0
    for (k in kb)
        if (k ~ /^rgn-/ && kb[k] > peak) {
            peak = kb[k]
            peak_row = label[k]
        }
    print ""
    printf "%s / pgn-extract -r -s: %.2fx (target >= 5x: %s);" \
           " by CPU time %.2fx\n", validate_label, v,
           (v >= 5 ? "met" : "NOT met"), v_cpu
    printf "rgn convert --to rgn / pgn-extract -s -o /dev/null: %.2fx" \
           " (target >= 3x: %s); by CPU time %.2fx\n", c,
           (c >= 3 ? "met" : "NOT met"), c_cpu
    printf "rgn peak memory: %.1f MiB at most, by %s (target < 16 MiB:" \
           " %s); %s on a tenth of the corpus: %.1f MiB\n", peak / 1024,
           peak_row, (peak < 16 * 1024 ? "met" : "NOT met"),
           validate_label, tenth_kb / 1024
    printf "rgn validate --variant chess / pgn-extract -r -s, same file:" \
           " %.2fx; by CPU time %.2fx\n",
           rate["rgn-validate-chess"] / rate["pgn-extract-r-s"],
           cpu_rate["rgn-validate-chess"] / cpu_rate["pgn-extract-r-s"]
    printf "perft 4: %.0f million leaves/s (target >= 100 million: %s)\n",
           rate["rgn-perft-4"] / 1e6,
           (rate["rgn-perft-4"] >= 1e8 ? "met" : "NOT met")
    if (jobs == "yes")
        printf "rgn validate --jobs 2 / --jobs 1: %.2fx\n",
               rate["rgn-validate-jobs2"] / rate["rgn-validate"]
}' "$data/runs"
