#!/bin/sh
# Builds rgn in FOLDER (default build/) with gcc's profile-guided
# optimisation: a first build records where the time goes while it
# validates, converts and imports generated chess and Rotary games, runs perft in
# every game and solves two Rotationary set-ups (each game's hot code:
# code the training leaves out is laid out as cold, and runs slower),
# then a
# second build is laid out by that record (the gain: bench/README.md).
# Further arguments go to cmake. With another compiler, or if
# the training run fails, it makes the plain optimised build instead.
#
#   sh cmake/build-pgo.sh [FOLDER] [CMAKE ARGUMENTS...]
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
[ $# -gt 0 ] && shift
jobs=$(nproc 2>/dev/null || echo 2)

plain() {
    cmake -S . -B "$build" -DRGN_PGO=OFF "$@" >/dev/null
    cmake --build "$build" -j "$jobs"
}

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DRGN_PGO=OFF "$@" >/dev/null
if ! grep -qs 'CMAKE_C_COMPILER_ID "GNU"' "$build"/CMakeFiles/*/CMakeCCompiler.cmake; then
    plain "$@"
    exit 0
fi

# the record of an earlier training would be mixed into this one
find "$build" -name '*.gcda' -exec rm -f {} +
cmake -S . -B "$build" -DRGN_PGO=GENERATE >/dev/null
cmake --build "$build" -j "$jobs" --target rgn rgn-gen chess-gen

train=$(mktemp -d "${TMPDIR:-/tmp}/rgn-pgo.XXXXXX")
trap 'rm -rf "$train"' EXIT
rgn=$build/src/rgn
# seeds other than the benchmark's, so that it is not trained on its
# file; the runs' reports (notes on repetitions) are not wanted here
if "$build/tests/gen/chess-gen" --games 4000 --seed 77 >"$train/chess.pgn" &&
    "$build/tests/gen/rgn-gen" --games 3000 --seed 77 >"$train/rotary.rgn" &&
    "$rgn" validate --variant chess --quiet --jobs 1 "$train/chess.pgn" 2>/dev/null &&
    "$rgn" validate --quiet --jobs 1 "$train/rotary.rgn" 2>/dev/null &&
    "$rgn" validate --quiet --jobs 2 "$train/rotary.rgn" 2>/dev/null &&
    "$rgn" validate --variant chess --quiet --jobs 2 "$train/chess.pgn" 2>/dev/null &&
    "$rgn" convert --to rgn "$train/rotary.rgn" >/dev/null 2>&1 &&
    "$rgn" convert --variant chess --to fen "$train/chess.pgn" >/dev/null 2>&1 &&
    "$rgn" select --variant chess --tag 'White~1' --to coord "$train/chess.pgn" >/dev/null 2>&1 &&
    "$rgn" select --variant chess --count --position \
        'rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1' "$train/chess.pgn" >/dev/null 2>&1 &&
    "$rgn" list --variant chess --headers-only --format json "$train/chess.pgn" >/dev/null 2>&1 &&
    "$rgn" db import --quiet --db "$train/games.rgndb" --variant chess "$train/chess.pgn" 2>/dev/null &&
    "$rgn" db import --quiet --db "$train/games.rgndb" "$train/rotary.rgn" 2>/dev/null &&
    "$rgn" db find --db "$train/games.rgndb" --format json --position \
        'rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1' >/dev/null 2>&1 &&
    "$rgn" db tree --db "$train/games.rgndb" --moves '1. e4' --variant chess >/dev/null 2>&1 &&
    "$rgn" perft 3 >/dev/null 2>&1 &&
    "$rgn" perft --variant chess 4 >/dev/null 2>&1 &&
    "$rgn" perft --variant rollerball 7 >/dev/null 2>&1 &&
    "$rgn" perft --variant "Rotary Chess" 3 >/dev/null 2>&1 &&
    "$rgn" solve --fen lNsSmNsN/sWmS1lS/mElSsNmN/lNsSlWmN >/dev/null 2>&1 &&
    "$rgn" solve --variant "Rotationary Wrap" --fen lSsNmSsE/sSmE1lN/mNlWsSmW/lWsSlNmE \
        >/dev/null 2>&1 &&
    "$rgn" validate samples/*.rgn samples/*.pgn >/dev/null 2>&1; then
    cmake -S . -B "$build" -DRGN_PGO=USE >/dev/null
    cmake --build "$build" -j "$jobs"
else
    echo "build-pgo.sh: the training run failed; building without a profile" >&2
    plain "$@"
fi
