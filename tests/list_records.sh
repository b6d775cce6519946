#!/bin/sh
# rgn list's records over generated games and the same damaged
# (tools/damage.c): every JSON line parses (python3's json), the games
# are numbered 1, 2, ... as validate counts them, each offset and line
# point at the game's first tag or move in the file, --headers-only lists
# the same games at the same places, and --jobs 1 and --jobs 2 write the
# same bytes (standard output and standard error).
# Usage: list_records.sh RGN CHESS_GEN DAMAGE
set -u
rgn=$1 chess_gen=$2 damage=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

"$chess_gen" --games 400 --seed 3 >"$tmp/chess.pgn" 2>/dev/null
"$damage" 4 60 <"$tmp/chess.pgn" >"$tmp/damaged.pgn"
for file in chess damaged; do
    in=$tmp/$file.pgn
    games=$("$rgn" validate "$in" 2>&1 | sed -n 's/^\([0-9]*\) games*:.*/\1/p')
    for mode in "" --headers-only; do
        "$rgn" list --format json $mode --jobs 1 "$in" >"$tmp/out1" 2>"$tmp/err1"
        "$rgn" list --format json $mode --jobs 2 "$in" >"$tmp/out2" 2>"$tmp/err2"
        if cmp -s "$tmp/out1" "$tmp/out2" && cmp -s "$tmp/err1" "$tmp/err2"
        then ok; else fail "list $mode $file: --jobs 2 differs"; fi
        cp "$tmp/out1" "$tmp/$file$mode.json"
        if python3 - "$in" "$tmp/out1" "$games" <<'PYTHON'
import json, sys
data = open(sys.argv[1], "rb").read()
records = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8")]
games = int(sys.argv[3])
assert len(records) == games, (len(records), games)
for number, r in enumerate(records, 1):
    assert r["game"] == number, r
    at = r["offset"]
    assert data[at:at + 1] == b"[" or data[at:at + 1].isalnum(), r
    # lines end at LF, CRLF or a lone CR, as rgn counts them
    before = data[:at].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    assert before.count(b"\n") + 1 == r["line"], r
    assert isinstance(r["tags"], dict) and isinstance(r["plies"], int), r
    assert r["valid"] in (True, False, None), r
    assert (r["problem"] is None) == (r["valid"] is not False), r
PYTHON
        then ok; else fail "list $mode $file: records"; fi
    done
    # the same games at the same places, replayed or not
    python3 - "$tmp/$file.json" "$tmp/$file--headers-only.json" <<'PYTHON' &&
import json, sys
full, quick = ([json.loads(l) for l in open(p)] for p in sys.argv[1:3])
where = lambda rs: [(r["offset"], r["line"], r["tags"]) for r in rs]
assert where(full) == where(quick)
for f, q in zip(full, quick):
    assert f["valid"] is not True or f["plies"] == q["plies"], (f, q)
PYTHON
        ok || fail "list --headers-only $file: other games than list"
done
echo "list_records: $passed passed, $failed failed"
[ $failed = 0 ]
