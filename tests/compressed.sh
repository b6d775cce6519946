#!/bin/sh
# Compressed input: gzip, zstd (pzstd's frames too), bzip2 and xz files,
# zip archives, and pipes of them read as the plain file they hold (the
# same positions and the same report, a zip member named after the
# archive), concatenated streams and a zip's members read whole, and cut
# or corrupt data refused with exit status 2 and a reason; 7z and RAR
# archives refused as an unsupported compression.
# Usage: compressed.sh RGN PROJECT_DIR
set -u
rgn=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
ko() { echo "FAIL: $*"; failed=$((failed + 1)); }

compress() { # FORMAT < plain > compressed
    case $1 in
    gz) gzip -c ;;
    zst) zstd -q -c ;;
    bz2) bzip2 -c ;;
    xz) xz -c ;;
    zip) zip -q - - ;; # one member, named "-"
    esac
}
formats="gz zst bz2 xz zip"

for sample in "$root"/samples/*.rgn; do
    name=$(basename "$sample")
    cp "$sample" "$tmp/$name"
    "$rgn" fen "$tmp/$name" >"$tmp/plain.fen" 2>/dev/null
    for format in $formats; do
        compress $format <"$sample" >"$tmp/$name.$format"
        if "$rgn" fen "$tmp/$name.$format" >"$tmp/got.fen" 2>/dev/null &&
            cmp -s "$tmp/plain.fen" "$tmp/got.fen" &&
            [ -s "$tmp/got.fen" ]; then
            ok
        else
            ko "$name.$format: rgn fen differs from the plain file's"
        fi
    done
done

# the same report, file name aside, for a file with problems
bad=$root/samples/bad/illegal-blocked-path.rgn
"$rgn" validate "$bad" 2>&1 | sed "s|$bad|FILE|" >"$tmp/plain.err"
for format in $formats; do
    compress $format <"$bad" >"$tmp/bad.$format"
    "$rgn" validate "$tmp/bad.$format" 2>&1 |
        sed "s|$tmp/bad.$format(-)|FILE|; s|$tmp/bad.$format|FILE|" \
        >"$tmp/got.err"
    if cmp -s "$tmp/plain.err" "$tmp/got.err"; then ok; else
        ko "validate bad.$format reports otherwise:"; diff "$tmp/plain.err" "$tmp/got.err"
    fi
done

# streams one after another (cat a.gz b.gz), and from a pipe
sample=$root/samples/club-championship.rgn
games=$("$rgn" fen "$sample" 2>/dev/null | wc -l)
for format in gz zst bz2 xz; do
    { compress $format <"$sample"; compress $format <"$sample"; } >"$tmp/two.$format"
    n=$("$rgn" fen "$tmp/two.$format" 2>/dev/null | wc -l)
    if [ "$n" -eq $((2 * games)) ]; then ok; else
        ko "two $format streams give $n games, expected $((2 * games))"
    fi
    n=$(compress $format <"$sample" | "$rgn" fen - 2>/dev/null | wc -l)
    if [ "$n" -eq "$games" ]; then ok; else
        ko "$format from a pipe gives $n games, expected $games"
    fi
done

# pzstd's frames, each after a skippable frame that holds its size
pzstd -q -p 2 -c "$sample" >"$tmp/pzstd.zst" 2>/dev/null
cat "$tmp/pzstd.zst" "$tmp/pzstd.zst" >"$tmp/two-pzstd.zst"
n=$("$rgn" fen "$tmp/two-pzstd.zst" 2>/dev/null | wc -l)
if [ "$n" -eq $((2 * games)) ]; then ok; else
    ko "pzstd's frames give $n games, expected $((2 * games))"
fi

# a zip of two members (and a folder, passed by), from a file and a pipe
mkdir "$tmp/members" "$tmp/members/folder"
cp "$sample" "$tmp/members/a.rgn"
cp "$sample" "$tmp/members/folder/b.rgn"
(cd "$tmp/members" && zip -q -r ../two.zip a.rgn folder)
n=$("$rgn" fen "$tmp/two.zip" 2>/dev/null | wc -l)
if [ "$n" -eq $((2 * games)) ]; then ok; else
    ko "a zip of two members gives $n games, expected $((2 * games))"
fi
n=$("$rgn" fen - <"$tmp/two.zip" 2>/dev/null | wc -l)
if [ "$n" -eq $((2 * games)) ]; then ok; else
    ko "a zip of two members from a pipe gives $n games, expected $((2 * games))"
fi

# 7z and RAR: an unsupported compression, status 2
printf '7z\274\257\047\034\000\004' >"$tmp/a.7z"
printf 'Rar!\032\007\000' >"$tmp/a.rar"
for archive in a.7z a.rar; do
    "$rgn" validate "$tmp/$archive" >/dev/null 2>"$tmp/err"
    status=$?
    if [ $status -eq 2 ] && grep -q "unsupported compression" "$tmp/err"; then ok; else
        ko "$archive: status $status"; cat "$tmp/err"
    fi
done

# cut short and corrupt data: status 2 and the reason
for format in $formats; do
    full=$tmp/club-championship.rgn.$format
    head -c $(($(wc -c <"$full") / 2)) "$full" >"$tmp/cut.$format"
    "$rgn" validate "$tmp/cut.$format" >/dev/null 2>"$tmp/err"
    status=$?
    # libarchive (xz, zip) does not tell data cut short from corrupt data
    reason="data is cut short"
    case $format in xz | zip) reason="data is corrupt" ;; esac
    if [ $status -eq 2 ] && grep -q "$reason" "$tmp/err"; then ok; else
        ko "cut.$format: status $status"; cat "$tmp/err"
    fi
    # the second half overwritten with a byte pattern
    { head -c $(($(wc -c <"$full") / 2)) "$full"
      yes 'garbage' | head -c 4000; } >"$tmp/corrupt.$format"
    "$rgn" validate "$tmp/corrupt.$format" >/dev/null 2>"$tmp/err"
    status=$?
    if [ $status -eq 2 ] && grep -q "data is corrupt\|cut short" "$tmp/err"; then ok; else
        ko "corrupt.$format: status $status"; cat "$tmp/err"
    fi
done

echo "compressed: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
