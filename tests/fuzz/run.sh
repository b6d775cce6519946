#!/bin/sh
# Builds the libFuzzer targets with clang and runs them. A crash, leak or
# failed check stops that target with its input saved under
# build-fuzz/artifacts/; the script then exits 1.
#
#   sh tests/fuzz/run.sh --ci [TARGET...]
#       What .ci/run runs: each target replays its saved corpus
#       (tests/fuzz/corpus/TARGET: inputs of past campaigns, and every
#       input that once broke something) with the seeds made here from
#       samples/, then mutates them for a fixed number of runs from a
#       fixed random seed (5000 runs; 1000 for fuzz_db_file, whose runs
#       each write a database). The same code gets the same verdict
#       every time.
#   sh tests/fuzz/run.sh [SECONDS] [TARGET...]
#       A campaign: each target for SECONDS (default 60) from a random
#       seed, building on build-fuzz/corpus/TARGET. Before a release, an
#       hour each: sh tests/fuzz/run.sh 3600.
#   sh tests/fuzz/run.sh --save [TARGET...]
#       Merges what campaigns found into tests/fuzz/corpus/TARGET, the
#       inputs that reach code the saved ones do not (libFuzzer -merge=1)
#       and are at most 16 KB.
#       An input that broke something goes there too, with its fix.
set -eu
cd "$(dirname "$0")/../.."
mode=campaign
seconds=60
case "${1:-}" in
--ci) mode=ci; shift ;;
--save) mode=save; shift ;;
[0-9]*) seconds=$1; shift ;;
esac
targets=${*:-fuzz_reader fuzz_rfen fuzz_san fuzz_xml fuzz_input fuzz_games fuzz_criteria fuzz_edits \
    fuzz_db_blob fuzz_db_tags fuzz_db_file fuzz_tournament fuzz_trf fuzz_ranges}
build=build-fuzz
cmake -S . -B $build -DRGN_FUZZ=ON -DRGN_TESTS=OFF -DCMAKE_C_COMPILER=clang \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build $build -j "$(nproc 2>/dev/null || echo 2)" >/dev/null

# Seed corpora, kept between runs so that longer campaigns build on them;
# the saved corpus with them.
corpus=$build/corpus
saved=tests/fuzz/corpus
if [ $mode = save ]; then
    for target in $targets; do
        mkdir -p $saved/$target
        $build/tests/fuzz/$target -merge=1 $saved/$target $corpus/$target \
            2>$build/$target.merge.log ||
            { tail -5 $build/$target.merge.log; exit 1; }
        # the large ones are mutations of the seeds made from samples/,
        # which every run makes again: not worth their room
        find $saved/$target -type f -size +16k ! -name 'crash-*' -delete
        echo "$target: $(ls $saved/$target | wc -l) inputs saved"
    done
    exit 0
fi
mkdir -p $corpus/fuzz_reader $corpus/fuzz_rfen $corpus/fuzz_san \
         $corpus/fuzz_xml $corpus/fuzz_input $corpus/fuzz_criteria \
         $corpus/fuzz_edits $corpus/fuzz_db_blob $corpus/fuzz_db_tags \
         $corpus/fuzz_db_file $corpus/fuzz_tournament $corpus/fuzz_trf \
         $corpus/fuzz_ranges $corpus/fuzz_games \
         $build/artifacts
for f in samples/club-championship.rgn samples/king-mate.rgn; do
    base=$corpus/fuzz_input/$(basename "$f")
    gzip -c "$f" >"$base.gz"
    zstd -q -c "$f" >"$base.zst"
    bzip2 -c "$f" >"$base.bz2"
    xz -c "$f" >"$base.xz"
    (cd "$(dirname "$f")" && zip -q - "$(basename "$f")") >"$base.zip"
done
cp samples/*.rgn samples/bad/*.rgn $corpus/fuzz_reader/ 2>/dev/null || true
# the pull over memory: game files, and the compressed ones above
cp samples/*.rgn samples/*.pgn $corpus/fuzz_input/* $corpus/fuzz_games/ \
    2>/dev/null || true
# two bytes choosing the cut, then a file
for f in samples/*.rgn samples/*.pgn samples/bad/*.rgn; do
    { printf '\001\000'; cat "$f"; } >$corpus/fuzz_ranges/"$(basename "$f")"
done
# a byte choosing the options (fuzz_tournament.c), then a tournament
for f in tests/e2e/inputs/tournament_*.pgn; do
    { printf '\001'; cat "$f"; } >$corpus/fuzz_tournament/"$(basename "$f")"
done
cp tests/tournament/trf/*.trf $corpus/fuzz_trf/ 2>/dev/null || true
i=0
for fen in \
    'r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1' \
    '3T>E5/5T>N3/9/9/9/9/9/8k>N/K>N8 w 0 1' \
    'k>N8/pp2P4/9/9/9/9/9/9/4K>N4 w 0 1' \
    '4k>E4/9/4q>SW4/9/9/9/4s>S4/9/4K>W4 b 7 30'; do
    printf '\000%s' "$fen" >$corpus/fuzz_rfen/seed$i
    i=$((i + 1))
done
# and the start position of every rule set, its registry index first
index=0
[ ! -x build/src/rgn ] ||
build/src/rgn variants | sed 's/[:(].*//; s/ *$//' | while read -r name; do
    # a game without a start position (a solitaire) prints '-' and fails
    start=$(printf '[Variant "%s"]\n\n*\n' "$name" |
            build/src/rgn fen --quiet - 2>/dev/null) || true
    if [ -n "$start" ] && [ "$start" != - ]; then
        { printf "\\$(printf %03o "$index")"; printf '%s' "$start"; } \
            >$corpus/fuzz_rfen/start$index
    fi
    index=$((index + 1))
done
i=0
for san in e4 Sb2 Sb2-b6 'Sxb7>E' 'Rb2>NE' 'e9=Q>NE#' Tdf9 R1c1 de5 'Ra2>N+' \
    O-O O-O-O 0-0 Nf3 exd6 'b8=Q+' Mxf10 'd12=W'; do
    printf '\000%s' "$san" >$corpus/fuzz_san/seed$i
    i=$((i + 1))
done
# a criterion a line: a byte choosing the option (its index in
# fuzz_criteria.c's table), then the value
i=0
for line in '\000White~tal' '\000Date>=2018' '\000Round<=3' '\0015-40' \
    '\002mate' '\003rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' \
    '\0044k3/8/8/8/8/8/8/8' '\005KQ v K' '\005P3+ P*' '\0062' \
    '\0071. e4 e5' '\0102-3,7' '\011comments' '\012N' '\017'; do
    printf "$line" >$corpus/fuzz_criteria/seed$i
    i=$((i + 1))
done
# a byte choosing the reader (fuzz_edits.c), then its text
i=0
for line in '\000Tal, M.\tTal, Mikhail\n# c\nFischer\tFischer, Robert' \
    '\001Annotator=rgn' '\002clocks' '\003game,White,offset,ply'; do
    printf "$line" >$corpus/fuzz_edits/seed$i
    i=$((i + 1))
done
# a database of the samples (the fuzz build's own rgn), each of its
# games' tags, and each movetext blob after a byte choosing the rule set
# (its registry index * 2, + 1 for its initial position as a set-up)
db=$corpus/fuzz_db_file/samples.rgndb
rm -f "$db"
$build/src/rgn db import -q --db "$db" samples/*.rgn samples/*.pgn \
    >/dev/null 2>&1 || true
i=0
for json in '{}' '{"White":"Tal","Black":"Fischer"}' \
    '{"Event":"a \"b\" \\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00 \u0000"}' \
    ' { "a" : "" , "b":"x" } '; do
    printf '%s' "$json" >$corpus/fuzz_db_tags/seed$i
    i=$((i + 1))
done
if [ -f "$db" ] && command -v sqlite3 >/dev/null; then
    cases=$($build/src/rgn variants | sed 's/[:(].*//; s/ *$//' |
            awk '{ printf "WHEN %c%s%c THEN %d ", 39, $0, 39, NR - 1 }')
    sqlite3 "$db" "SELECT writefile('$corpus/fuzz_db_tags/game' || id, tags),
        writefile('$corpus/fuzz_db_blob/game' || id,
                  CAST(char((CASE variant $cases ELSE 0 END) * 2) AS BLOB)
                  || moves) FROM games" >/dev/null
fi
for f in samples/*.rgn; do
    [ -f "$f" ] || continue
    build/src/rgn convert --quiet --to xml "$f" \
        >$corpus/fuzz_xml/"$(basename "$f" .rgn)".xml 2>/dev/null || true
done

for target in $targets; do
    if [ -d $saved/$target ]; then
        cp $saved/$target/* $corpus/$target/ 2>/dev/null || true
    fi
done

status=0
for target in $targets; do
    if [ $mode = ci ]; then
        # every input of the corpus once, then as many mutations from
        # seed 1 (inputs that find new code join build-fuzz/corpus)
        inputs=$(ls $corpus/$target | wc -l)
        # a database a run, written and merged twice: 20 times the
        # time of another target's run
        mutations=5000
        [ $target = fuzz_db_file ] && mutations=1000
        budget="-seed=1 -runs=$((inputs + mutations))"
        echo "== $target: $inputs inputs, then $mutations runs from seed 1"
    else
        budget="-max_total_time=$seconds"
        echo "== $target: $seconds s"
    fi
    target_start=$(date +%s)
    if ! $build/tests/fuzz/$target $budget -timeout=10 \
            -rss_limit_mb=2048 -artifact_prefix=$build/artifacts/$target- \
            -print_final_stats=1 $corpus/$target 2>$build/$target.log; then
        echo "FAIL $target (see $build/$target.log)"
        tail -30 $build/$target.log
        status=1
    fi
    grep -E "stat::number_of_executed_units|cov:" $build/$target.log | tail -2
    echo "   $target: $(($(date +%s) - target_start)) s"
done
exit $status
