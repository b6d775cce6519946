#!/bin/sh
# rgn db export writes what rgn convert writes from the files imported:
# canonical RGN byte for byte (the default), and every other format, for
# games of every rule set (generated chess and Rotary games, the samples,
# Chess960, set-up chess, comments, clocks, variations), imported in one
# run or in several; of a database holding invalid games, without and with
# --keep-invalid. rgn db info counts what rgn validate and rgn select
# count: games, valid, invalid, plies; its size is the file's.
# Usage: db_export.sh RGN RGN_GEN CHESS_GEN SOURCE_DIR
# shellcheck disable=SC2086 # (lists of files, split on purpose)
set -u
rgn=$1 rgn_gen=$2 chess_gen=$3 src=$4
command -v python3 >/dev/null || { echo "FAIL: no python3"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0 passed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

"$chess_gen" --games 60 --seed 21 >chess.pgn 2>/dev/null
"$rgn_gen" --games 40 --seed 22 >rotary.rgn 2>/dev/null
mkdir samples
cp "$src"/samples/*.rgn "$src/samples/chess-opera-game.pgn" samples/
cp "$src/tests/e2e/validate/chess960_lichess.in" c960.pgn
cp "$src/tests/e2e/inputs/lichess_annotated.pgn" \
    "$src/tests/e2e/inputs/lichess_from_position.pgn" .
valid="chess.pgn rotary.rgn $(echo samples/*) c960.pgn"
valid="$valid lichess_annotated.pgn lichess_from_position.pgn"
if ! "$rgn" validate -q $valid; then
    fail "the valid files are not valid"
fi
mkdir bad
for f in select_games.pgn invalid_then_valid.pgn syntax_error_rest.pgn; do
    cp "$src/tests/e2e/inputs/$f" bad/
done
cp "$src/samples/bad/illegal-king-attacked.rgn" bad/
# a game given up inside a variation: its rest, the ')' included, is kept
# unchecked, with the variation left open
cp "$src/samples/bad/result-in-variation.rgn" bad/
# a tag broken before the moves begin: the game has no rule set yet
printf '[Event "Broken"]\n[White "Carlsen]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Event "After it"]\n[Result "*"]\n\n1. d4 *\n' \
    >bad/broken_tag.pgn
invalid="bad/select_games.pgn bad/illegal-king-attacked.rgn bad/broken_tag.pgn"
invalid="$invalid samples/king-mate.rgn bad/invalid_then_valid.pgn bad/syntax_error_rest.pgn"
invalid="$invalid bad/result-in-variation.rgn"

"$rgn" db import -q --db valid.rgndb $valid || fail "import of valid games: status $?"
"$rgn" db import -q --db invalid.rgndb $invalid
status=$?
[ $status = 1 ] || fail "import of invalid games: status $status (expected 1)"
# The valid files in three imports.
set -- $valid
"$rgn" db import -q --db parts.rgndb "$1" "$2" || fail "import 1 of 3"
shift 2
"$rgn" db import -q --db parts.rgndb "$1" || fail "import 2 of 3"
shift
"$rgn" db import -q --db parts.rgndb "$@" || fail "import 3 of 3"

# same WHAT EXPORT_OPTIONS -- CONVERT_OPTIONS
same() {
    what=$1 db=$2
    shift 2
    export_options=
    while [ "$1" != -- ]; do
        export_options="$export_options $1"
        shift
    done
    shift
        "$rgn" db export --db "$db" $export_options >exported 2>export.err ||
        echo "status $?" >>export.err
    "$rgn" convert -q "$@" >converted
    if cmp -s exported converted && [ -s converted ] && [ ! -s export.err ]; then
        pass
    else
        fail "$what: db export$export_options differs from convert"
        diff exported converted | head -6
        head -3 export.err
    fi
}
same "canonical RGN (default)" valid.rgndb -- --to rgn $valid
for to in rgn lan coord xml fen json html; do
    same "$to" valid.rgndb --to "$to" -- --to "$to" $valid
done
same "three imports" parts.rgndb --to rgn -- --to rgn $valid
same "invalid games left out" invalid.rgndb -- --to rgn $invalid
same "--keep-invalid" invalid.rgndb --keep-invalid -- --to rgn --keep-invalid $invalid
same "--keep-invalid json" invalid.rgndb --keep-invalid --to json -- \
    --to json --keep-invalid $invalid
# -o FILE: the name chooses the format.
if "$rgn" db export --db valid.rgndb -o out.xml &&
    "$rgn" convert -q -o conv.xml $valid && cmp -s out.xml conv.xml; then
    pass
else
    fail "db export -o out.xml differs from convert -o conv.xml"
fi

# db info against validate's summary and select's plies.
for db in valid invalid parts; do
    case $db in
    invalid) files=$invalid ;;
    *) files=$valid ;;
    esac
    "$rgn" db info --db $db.rgndb --format json >"$db.info" ||
        fail "db info $db: status $?"
    "$rgn" validate $files 2>&1 | tail -1 >"$db.summary"
    "$rgn" select -q --keep-invalid --format json $files >"$db.games"
    wc -c <$db.rgndb >"$db.size"
done
if python3 - <<'PY'
import json, re, sys
bad = False
for db in ("valid", "invalid", "parts"):
    try:
        info = json.load(open(db + ".info"))
    except ValueError as e:
        print("FAIL db info %s: not JSON: %s" % (db, e)); bad = True; continue
    m = re.match(r"(\d+) games?: (\d+) valid .*, (\d+) invalid",
                 open(db + ".summary").read())
    games = [json.loads(l) for l in open(db + ".games")]
    want = {"games": int(m.group(1)), "valid": int(m.group(2)),
            "invalid": int(m.group(3)),
            "plies": sum(g["plies"] for g in games),
            "bytes": int(open(db + ".size").read())}
    for k, v in want.items():
        if info.get(k) != v:
            print("FAIL db info %s: %s %s, expected %s" % (db, k, info.get(k), v))
            bad = True
    if not isinstance(info.get("schema_version"), int) or info["schema_version"] < 1:
        print("FAIL db info %s: schema_version %s" % (db, info.get("schema_version")))
        bad = True
    if abs(info.get("bytes_per_ply", -1) - want["bytes"] / want["plies"]) > 0.01:
        print("FAIL db info %s: bytes_per_ply %s" % (db, info.get("bytes_per_ply")))
        bad = True
    if not isinstance(info.get("positions"), int) or info["positions"] < 1:
        print("FAIL db info %s: positions %s" % (db, info.get("positions")))
        bad = True
sys.exit(1 if bad else 0)
PY
then
    pass
else
    failed=$((failed + 1))
fi

echo "db_export: $passed passed, $failed failed"
[ $failed = 0 ]
