#!/bin/sh
# Every line that convert --to json writes is valid against
# grammar/rgn-game.schema.json (JSON Schema draft 2020-12, checked with
# Debian's python3-jsonschema): the samples, the damaged samples kept
# with --keep-invalid, a lichess-style file with clocks, evaluations,
# variations and NAGs, with and without --json-fen; and the schema
# refuses a line that breaks it, so that the check is not empty.
# Usage: json_schema.sh RGN PROJECT_DIR
set -u
rgn=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! python3 -c 'import jsonschema' 2>/dev/null; then
    echo "FAIL: python3-jsonschema is not installed"
    exit 1
fi
for fen in "" --json-fen; do
    for input in "$root"/samples/*.rgn "$root"/samples/*.pgn \
        "$root"/samples/bad/*.rgn "$root"/tests/e2e/inputs/*.pgn; do
        "$rgn" convert -q --to json --keep-invalid $fen "$input" 2>/dev/null
    done
done >"$tmp/games.jsonl"
printf '%s\n' '{"game":1,"variant":"Chess","tags":{},"result":"*"}' \
    '{"game":1,"variant":"Chess","tags":{},"moves":[{"ply":1,"san":"e4"}],"result":"*"}' \
    '{"game":1,"file":"a.pgn","variant":"Chess","tags":{},"moves":[],"result":"*"}' \
    '{"game":1,"file":"a.pgn","offset":-1,"variant":"Chess","tags":{},"moves":[],"result":"*"}' \
    >"$tmp/broken.jsonl"
python3 - "$root/grammar/rgn-game.schema.json" "$tmp/games.jsonl" \
    "$tmp/broken.jsonl" <<'PY'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1], encoding="utf-8"))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
failed = 0
lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
for number, line in enumerate(lines, 1):
    for error in validator.iter_errors(json.loads(line)):
        failed += 1
        print("FAIL line %d: %s at %s" % (number, error.message,
                                          list(error.absolute_path)))
for line in open(sys.argv[3], encoding="utf-8"):
    if validator.is_valid(json.loads(line)):
        failed += 1
        print("FAIL: the schema takes a broken line: " + line.strip())
print("json_schema: %d games checked, %d failures" % (len(lines), failed))
sys.exit(1 if failed or len(lines) < 50 else 0)
PY
