#!/bin/sh
# Output safety (issue "nothing lost, nothing surprising", points 1-5):
# a failed run leaves the -o target byte for byte as it was; -o keeps the
# target's mode (or the umask's for a new file) and writes through a
# symbolic link; failed writes are reported with exit status 2;
# --all-plies creates its folder and leaves no stale frames; diagram -o
# takes its format from the extension and refuses one it cannot write.
# Usage: output_safety.sh RGN PROJECT_DIR
set -u
rgn=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
check() { # LABEL COMMAND... : passes when the command succeeds
    label=$1
    shift
    if "$@"; then ok; else fail "$label"; fi
}
mode_of() { stat -c %a "$1"; }
game=$root/samples/king-mate.rgn

# 1. A missing input or a directory as input: exit 2, the target as it was.
printf 'my games\n' >"$tmp/keep.rgn"
cp "$tmp/keep.rgn" "$tmp/keep.orig"
"$rgn" convert -o "$tmp/keep.rgn" "$tmp/nosuch.rgn" 2>"$tmp/err"
check "1: convert with a missing input exits 2" test $? = 2
check "1: convert with a missing input keeps the target" cmp -s "$tmp/keep.rgn" "$tmp/keep.orig"
check "1: the missing input is named" grep -q 'cannot open .*nosuch.rgn' "$tmp/err"
"$rgn" convert -o "$tmp/keep.rgn" "$game" "$tmp/nosuch.rgn" 2>/dev/null
check "1: a second input missing exits 2" test $? = 2
check "1: a second input missing keeps the target" cmp -s "$tmp/keep.rgn" "$tmp/keep.orig"
mkdir "$tmp/dir"
"$rgn" convert -o "$tmp/keep.rgn" "$tmp/dir" 2>"$tmp/err"
check "1: convert of a directory exits 2" test $? = 2
check "1: convert of a directory keeps the target" cmp -s "$tmp/keep.rgn" "$tmp/keep.orig"
check "1: the directory is named" grep -q 'dir: Is a directory' "$tmp/err"
cp "$tmp/keep.orig" "$tmp/keep.svg"
"$rgn" diagram -o "$tmp/keep.svg" "$tmp/nosuch.rgn" 2>/dev/null
check "1: diagram with a missing input exits 2" test $? = 2
check "1: diagram with a missing input keeps the target" cmp -s "$tmp/keep.svg" "$tmp/keep.orig"
check "1: no temporary file is left" test "$(ls -A "$tmp" | grep -c '^\.')" = 0

# 2. Modes and links.
"$rgn" convert "$game" >"$tmp/expected.rgn"
(umask 022 && "$rgn" convert -o "$tmp/new.rgn" "$game")
check "2: a new file gets 0666 less the umask (022)" test "$(mode_of "$tmp/new.rgn")" = 644
(umask 002 && "$rgn" convert -o "$tmp/new2.rgn" "$game")
check "2: a new file gets 0666 less the umask (002)" test "$(mode_of "$tmp/new2.rgn")" = 664
check "2: the new file holds the games" cmp -s "$tmp/new.rgn" "$tmp/expected.rgn"
printf 'old\n' >"$tmp/shared.rgn"
chmod 664 "$tmp/shared.rgn"
(umask 077 && "$rgn" convert -o "$tmp/shared.rgn" "$game")
check "2: an overwritten file keeps its mode 0664" test "$(mode_of "$tmp/shared.rgn")" = 664
check "2: the overwritten file holds the games" cmp -s "$tmp/shared.rgn" "$tmp/expected.rgn"
printf 'old\n' >"$tmp/target.rgn"
chmod 640 "$tmp/target.rgn"
ln -s target.rgn "$tmp/link.rgn"
"$rgn" convert -o "$tmp/link.rgn" "$game"
check "2: -o link.rgn leaves the link a link" test -L "$tmp/link.rgn"
check "2: -o link.rgn writes the link's target" cmp -s "$tmp/target.rgn" "$tmp/expected.rgn"
check "2: the link's target keeps its mode" test "$(mode_of "$tmp/target.rgn")" = 640
(umask 022 && "$rgn" diagram -o "$tmp/d.svg" "$game")
check "2: a diagram gets 0666 less the umask" test "$(mode_of "$tmp/d.svg")" = 644
(umask 022 && "$rgn" diagram --all-plies "$tmp/frames" "$game")
check "2: frames get 0666 less the umask" test "$(mode_of "$tmp/frames/0000.svg")" = 644

# 3. Write errors are reported, with exit status 2.
if [ -w /dev/full ]; then
    for args in "moves" "perft 1" "perft --divide 1" "fen $game" \
        "diagram $game" "convert $game" "variants" "help" "validate --help"; do
        # shellcheck disable=SC2086
        "$rgn" $args >/dev/full 2>"$tmp/err"
        status=$?
        check "3: rgn $args >/dev/full exits 2 (not $status)" test $status = 2
        check "3: rgn $args >/dev/full says why" grep -q 'No space left' "$tmp/err"
    done
fi

# 4. --all-plies creates the path and leaves only this run's frames.
"$rgn" diagram --all-plies "$tmp/a/b/c" "$game" 2>"$tmp/err"
check "4: --all-plies a/b/c creates the folders" test -f "$tmp/a/b/c/0000.svg"
mkdir "$tmp/stale"
for n in 0000 0001 0099 0100 12345; do printf 'x\n' >"$tmp/stale/$n.svg"; done
printf 'x\n' >"$tmp/stale/0200.txt"
printf 'mine\n' >"$tmp/stale/notes.svg"
"$rgn" diagram --all-plies "$tmp/stale" "$game"
plies=$(ls "$tmp/frames" | wc -l)
check "4: a run writes as many frames as before" test "$(ls "$tmp/stale" | grep -c '^[0-9]*\.svg$')" = "$plies"
check "4: stale frames are removed" test ! -e "$tmp/stale/0099.svg" -a ! -e "$tmp/stale/12345.svg" -a ! -e "$tmp/stale/0200.txt"
check "4: files that are not frames stay" cmp -s "$tmp/stale/notes.svg" - <<END
mine
END
check "4: frames are this run's" cmp -s "$tmp/stale/0000.svg" "$tmp/frames/0000.svg"

# 5. The diagram format follows the extension.
"$rgn" diagram -o "$tmp/x.txt" "$game"
"$rgn" diagram --format ascii "$game" >"$tmp/x.expected"
check "5: -o x.txt is text" cmp -s "$tmp/x.txt" "$tmp/x.expected"
printf 'picture\n' >"$tmp/x.png"
cp "$tmp/x.png" "$tmp/x.png.orig"
"$rgn" diagram -o "$tmp/x.png" "$game" 2>"$tmp/err"
check "5: -o x.png exits 2" test $? = 2
check "5: -o x.png says why" grep -q 'png' "$tmp/err"
check "5: -o x.png leaves the file" cmp -s "$tmp/x.png" "$tmp/x.png.orig"
"$rgn" diagram --format ascii -o "$tmp/y.svg" "$game" 2>/dev/null
check "5: --format ascii -o y.svg exits 2" test $? = 2
check "5: --format ascii -o y.svg writes nothing" test ! -e "$tmp/y.svg"

echo "output_safety: $passed passed, $failed failed"
[ $failed = 0 ]
