#!/bin/sh
# The installed rgn stands on its own: `cmake --install` into a temporary
# prefix puts every file in place; the library example samples/replay.c
# builds against it with pkg-config and with find_package(rgn), links
# the shared library (which exports the functions of rgn.h and nothing
# else), runs, and prints the final positions that `rgn fen` prints; the
# examples read_games.c, find_position.c, standings.c and db_query.c
# build with pkg-config and print what `rgn list`, `rgn select`, `rgn
# tournament` and `rgn db find` print.
# Usage: install.sh BUILD_DIR PROJECT_DIR CC [CFLAGS]
# (the environment variable CMAKE names the cmake program, default cmake)
set -u
build=$1 root=$2 cc=$3 cflags=${4:-}
cmake=${CMAKE:-cmake}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
failed=0 passed=0
ok() { echo "ok: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

if "$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then
    ok "cmake --install"
else
    cat "$tmp/install.log"; fail "cmake --install"; exit 1
fi

# every file in its place
libdir=$(cd "$prefix" && ls -d lib*/pkgconfig | sed 's,/pkgconfig$,,' | head -1)
for f in bin/rgn include/rgn.h "$libdir/librgn.a" "$libdir/librgn.so" \
    "$libdir/librgn.so.1" "$libdir/pkgconfig/rgn.pc" \
    "$libdir/cmake/rgn/rgnConfig.cmake" \
    "$libdir/cmake/rgn/rgnConfigVersion.cmake" \
    share/man/man1/rgn.1 share/man/man5/rgn.5 share/man/man3/rgn.3 \
    share/man/man7/rgn-rotary.7 share/man/man7/rgn-rollerball.7 \
    share/man/man7/rgn-rotary-chess.7 share/man/man7/rgn-chess.7 \
    share/man/man7/rgn-rotationary.7 \
    share/rgn/grammar/rgn.ebnf share/rgn/grammar/rgn.rng \
    share/rgn/grammar/rgn-game.schema.json \
    share/bash-completion/completions/rgn; do
    if [ -e "$prefix/$f" ]; then ok "installed $f"; else fail "missing $f"; fi
done
for page in rgn rgn-rotary rgn-rollerball rgn-rotary-chess rgn-chess rgn-rotationary; do
    if [ -n "$(MANPATH=$prefix/share/man man -w "$page" 2>/dev/null | grep "^$prefix")" ]; then
        ok "man finds $page"
    else
        fail "man does not find $page"
    fi
done

# the library's pages (section 3): the overview, a part's page, and a
# function's name leading to its part's page
for page in rgn rgn_reader rgn_position_play rgn_db_find; do
    if [ -n "$(MANPATH=$prefix/share/man man -w 3 "$page" 2>/dev/null | grep "^$prefix")" ]; then
        ok "man 3 finds $page"
    else
        fail "man 3 does not find $page"
    fi
done
if MANPATH=$prefix/share/man MANWIDTH=80 man 3 rgn_position_play 2>/dev/null |
    grep -q '^RGN_POSITION(3)'; then
    ok "man 3 rgn_position_play shows rgn_position(3)"
else
    fail "man 3 rgn_position_play does not show rgn_position(3)"
fi

# the shared library: a SONAME, and exactly the functions of rgn.h exported
so=$prefix/$libdir/librgn.so
soname=$(objdump -p "$so" 2>/dev/null | awk '$1 == "SONAME" {print $2}')
if [ "$soname" = librgn.so.1 ]; then ok "SONAME $soname"; else fail "SONAME '$soname'"; fi
# (the version node itself, type A, is no function)
nm -D --defined-only "$so" | awk 'NF == 3 && $2 != "A" {sub(/@.*/, "", $3); print $3}' |
    sort >"$tmp/exported"
# (the comments' examples and references left out)
perl -0777 -pe 's{/\*.*?\*/}{}gs' "$prefix/include/rgn.h" | grep -v 'static inline' |
    grep -oE 'rgn_[a-z0-9_]+\(' |
    tr -d '(' | sort -u >"$tmp/declared"
if [ -s "$tmp/declared" ] && cmp -s "$tmp/exported" "$tmp/declared"; then
    ok "librgn.so exports the $(wc -l <"$tmp/declared") functions of rgn.h, nothing else"
else
    fail "librgn.so exports (>) other than rgn.h declares (<):"
    diff "$tmp/declared" "$tmp/exported"
fi

expected() { # the final position of every game, as `rgn fen` prints it
    "$prefix/bin/rgn" fen "$1" 2>/dev/null
}
check_replay() { # NAME PROGRAM
    # a .pgn file is read as Chess, as the program reads it
    for sample in king-mate.rgn rollerball-mate.rgn club-championship.rgn \
        chess-opera-game.pgn; do
        LD_LIBRARY_PATH=$prefix/$libdir "$2" "$root/samples/$sample" \
            >"$tmp/out" 2>"$tmp/err"
        status=$?
        n=$(grep -c '^\[Event ' "$root/samples/$sample")
        expected "$root/samples/$sample" >"$tmp/fen"
        result=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$root/samples/$sample" | head -1)
        if [ $status = 0 ] && [ ! -s "$tmp/err" ] &&
            [ "$(wc -l <"$tmp/out")" = "$n" ] &&
            cut -d' ' -f3- "$tmp/out" | cmp -s - "$tmp/fen" &&
            [ "$(head -1 "$tmp/out" | cut -d' ' -f1-2)" = "1 $result" ]
        then
            ok "$1 replays samples/$sample"
        else
            fail "$1 on samples/$sample (status $status):"
            cat "$tmp/out" "$tmp/err"
        fi
    done
    # a bad file: the error with its place, status 1
    LD_LIBRARY_PATH=$prefix/$libdir "$2" "$root/samples/bad/illegal-blocked-path.rgn" \
        >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ $status = 1 ] && ! grep -q '^1 ' "$tmp/out" &&
        grep -q '^replay: game 1, line 9, column 13: .Sb6. is not a legal move' "$tmp/err"; then
        ok "$1 reports an invalid game"
    else
        fail "$1 on a bad file (status $status):"; cat "$tmp/out" "$tmp/err"
    fi
}

# pkg-config
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
if $cc $cflags -std=c11 -Wall -Wextra -Werror -o "$tmp/replay-pc" \
    "$root/samples/replay.c" $(pkg-config --cflags --libs rgn) 2>"$tmp/cc.log"; then
    ok "replay built with pkg-config"
    if objdump -p "$tmp/replay-pc" | grep -q 'NEEDED *librgn\.so\.1$'; then
        ok "replay (pkg-config) links librgn.so.1"
    else
        fail "replay (pkg-config) does not link the shared library"
    fi
    # the program asks for the version node of librgn 1.0, so that a
    # librgn without those symbols is refused when it starts
    if objdump -p "$tmp/replay-pc" | grep -q '0x[0-9a-f]* 0[0-9] RGN_1\.0$'; then
        ok "replay (pkg-config) needs the symbols of RGN_1.0"
    else
        fail "replay (pkg-config) names no version node RGN_1.0"
    fi
    check_replay "replay (pkg-config)" "$tmp/replay-pc"
else
    cat "$tmp/cc.log"; fail "replay built with pkg-config"
fi
if [ "$(pkg-config --modversion rgn)" = "$("$prefix/bin/rgn" --version | awk '{print $NF}')" ]; then
    ok "rgn.pc version"
else
    fail "rgn.pc version $(pkg-config --modversion rgn)"
fi

# The other library examples, each built with pkg-config and run; its
# output is compared with what the installed rgn prints for the same
# input, and the inputs are chosen so that the output is not empty.
samples_built=
for sample in read_games find_position standings db_query; do
    if $cc $cflags -std=c11 -Wall -Wextra -Werror -o "$tmp/$sample" \
        "$root/samples/$sample.c" $(pkg-config --cflags --libs rgn) 2>"$tmp/cc.log"; then
        ok "$sample built with pkg-config"
        samples_built="$samples_built $sample"
    else
        cat "$tmp/cc.log"; fail "$sample built with pkg-config"
    fi
done
rgn=$prefix/bin/rgn
same() { # WHAT SAMPLE_STATUS RGN_STATUS: sample.out against rgn.out
    if [ "$2" = "$3" ] && cmp -s "$tmp/sample.out" "$tmp/rgn.out" &&
        [ "$(wc -l <"$tmp/rgn.out")" -gt "${4:-0}" ]; then
        ok "$1"
    else
        fail "$1: status $2 (rgn $3), output (<) against rgn's (>):"
        diff "$tmp/sample.out" "$tmp/rgn.out" | head -20
    fi
}
run_sample() { # NAME ARGS...: its output into sample.out, its status
    name=$1; shift
    LD_LIBRARY_PATH=$prefix/$libdir "$tmp/$name" "$@" >"$tmp/sample.out" 2>/dev/null
}
case $samples_built in *read_games*)
    # every game file of samples/ (the bad ones too: an invalid game is
    # pulled like any), gzip-compressed, as XML and on standard input,
    # against rgn list's players and result
    gzip -c "$root/samples/rotary-club-2026.rgn" >"$tmp/club.rgn.gz"
    "$rgn" convert --to xml "$root/samples/rotary-club-2026.rgn" \
        >"$tmp/club.xml" 2>/dev/null
    for file in "$root"/samples/*.rgn "$root"/samples/*.pgn \
        "$root"/samples/bad/*.rgn "$tmp/club.rgn.gz" "$tmp/club.xml"; do
        run_sample read_games "$file"; status=$?
        "$rgn" list --format tsv --columns White,Black,result "$file" \
            2>/dev/null | awk -F '\t' 'NR > 1 { print $1 " - " $2 " " $3 }' \
            >"$tmp/rgn.out"
        same "read_games on ${file#"$root"/}" $status 0
    done
    LD_LIBRARY_PATH=$prefix/$libdir "$tmp/read_games" \
        <"$root/samples/chess-opera-game.pgn" >"$tmp/sample.out" 2>/dev/null
    status=$?
    printf '%s\n' "Morphy, Paul - Duke Karl of Brunswick and Count Isouard 1-0" \
        >"$tmp/rgn.out"
    same "read_games on standard input" $status 0
esac
case $samples_built in *find_position*)
    # the position after a ply of each file's first game (of the club's
    # games, after 1. e4 e5, which two games reach)
    for at in "samples/rotary-club-2026.rgn 2" "samples/rotary-club-2026.rgn 9" \
        "samples/chess-opera-game.pgn 4" "samples/rotary-chess-mongoose.rgn 3" \
        "samples/rollerball-mate.rgn 4"; do
        file=${at% *} ply=${at#* }
        position=$("$rgn" convert --to fen "$root/$file" | awk -v ply="$ply" '
            $1 == 1 && $2 == ply { $1 = $2 = ""; sub(/^  /, ""); print; exit }')
        run_sample find_position "$position" "$root/$file"; status=$?
        "$rgn" select --position "$position" --format tsv \
            --columns game,White,Black,result "$root/$file" >"$tmp/rgn.out" 2>/dev/null
        same "find_position on $file, the position after ply $ply" $status $? 1
    done
esac
case $samples_built in *standings*)
    # every tournament of the tests that rgn ranks (status 0, or 1 for
    # the audit's findings, which the example does not report), and one
    # whose system cannot be recognised (status 2, no standings)
    for file in samples/rotary-club-2026.rgn "$root"/tests/tournament/*.pgn \
        "$root"/tests/tournament/*.rgn samples/club-championship.rgn; do
        file=${file#"$root"/}
        run_sample standings "$root/$file"; status=$?
        "$rgn" tournament "$root/$file" >"$tmp/rgn.out" 2>/dev/null; expected=$?
        [ $expected = 1 ] && expected=0
        if [ "$file" = samples/club-championship.rgn ]; then
            same "standings of $file (none: the system is unknown)" $status $expected -1
        else
            same "standings of $file" $status $expected 3
        fi
    done
esac
case $samples_built in *db_query*)
    for query in "samples/rotary-club-2026.rgn White=Smit, Daan" \
        "tests/tournament/chess-swiss.pgn Round=3.1" \
        "samples/chess-opera-game.pgn Black=Duke Karl of Brunswick and Count Isouard"; do
        file=${query%% *} tag=${query#* }
        rm -f "$tmp/sample.rgndb" "$tmp/rgn.rgndb"
        run_sample db_query "$tmp/sample.rgndb" "$root/$file" "$tag"; status=$?
        "$rgn" db import --db "$tmp/rgn.rgndb" "$root/$file" 2>/dev/null &&
            "$rgn" db find --db "$tmp/rgn.rgndb" --tag "$tag" --format tsv \
                --columns game,White,Black,result >"$tmp/rgn.out" 2>/dev/null
        same "db_query on $file, $tag" $status $? 1
    done
esac

# find_package(rgn)
if "$cmake" -S "$root/samples" -B "$tmp/replay-cmake" -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_C_FLAGS="$cflags -Wall -Wextra -Werror" \
        -DCMAKE_EXE_LINKER_FLAGS="$cflags" \
        -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/cmake.log" 2>&1 &&
    "$cmake" --build "$tmp/replay-cmake" >>"$tmp/cmake.log" 2>&1; then
    ok "replay built with find_package(rgn)"
    check_replay "replay (find_package)" "$tmp/replay-cmake/replay"
else
    cat "$tmp/cmake.log"; fail "replay built with find_package(rgn)"
fi

echo "install: $passed passed, $failed failed"
[ "$failed" = 0 ]
