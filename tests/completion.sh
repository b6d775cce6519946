#!/usr/bin/env bash
# The bash completion (src/cli/rgn.bash-completion) completes commands,
# options, option values and file names, and offers for each command
# exactly the options its `rgn COMMAND --help` lists.
# Usage: completion.sh RGN PROJECT_DIR
set -u
rgn=$1 root=$2
case $rgn in /*) ;; *) rgn=$(pwd)/$rgn ;; esac
PATH=$(dirname "$rgn"):$PATH # the completion asks "rgn" what to offer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
source "$root/src/cli/rgn.bash-completion" || exit 1

source "$root/tests/complete_line.bash" || exit 1
check() { # LINE EXPECTED
    local got
    got=$(complete_line "$1")
    if [[ $got == "$2" ]]; then
        passed=$((passed + 1))
    else
        echo "FAIL: '$1' completes to '$got', expected '$2'"
        failed=$((failed + 1))
    fi
}

cd "$tmp" || exit 1
mkdir games frames
touch a.rgn b.pgn c.xml d.svg e.txt notes.md
check "rgn di" "diagram"
check "rgn help v" "validate variants"
check "rgn perft --variant r" "rollerball rotary rotary-chess rotationary rotationary-wrap"
check "rgn validate --variant=rol" "rollerball"
check "rgn convert --to " "coord fen html json lan rgn xml"
check "rgn convert --to=x" "xml"
check "rgn validate --diagnostics=" "json text"
check "rgn validate --from " "rgn xml"
check "rgn diagram --format " "ascii svg unicode"
check "rgn list --format " "csv json text tsv"
check "rgn select --format=j" "json"
check "rgn list " "a.rgn b.pgn frames/ games/"
check "rgn validate --st" "--strict"
check "rgn diagram --no-" "--no-color --no-coords"
check "rgn validate " "a.rgn b.pgn frames/ games/"
check "rgn validate --from xml " "c.xml frames/ games/"
check "rgn convert --from=xml " "c.xml frames/ games/"
check "rgn diagram -o " "d.svg e.txt frames/ games/"
check "rgn diagram --all-plies f" "frames/"
check "rgn moves --fen " ""
check "rgn perft " ""
check "rgn select --strip c" "clocks comments"
check "rgn select --split-by R" "Result Round"
check "rgn select --rename-players " "e.txt frames/ games/"
check "rgn select --split-every " ""
check "rgn db " "export find import info merge tree"
check "rgn db i" "import info"
check "rgn db import " "a.rgn b.pgn frames/ games/"
check "rgn db find --format " "csv json text tsv"
check "rgn db tree --format=" "json text"
check "rgn db tree --po" "--position"
check "rgn db export --to " "coord fen html json lan rgn xml"
check "rgn db find --moves " ""
touch club.rgndb
check "rgn db info --db " "club.rgndb frames/ games/"
check "rgn db merge " "club.rgndb frames/ games/"
check "rgn db merge --q" "--quiet"

# each command's options are the ones the usage of its help lists (with
# [CRITERIA], the criteria select's help lists), and the commands
# those of rgn help, and the subcommands of db (db_import: "db import")
for command in $("$rgn" help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p') \
    $("$rgn" db --help | sed -n 's/^  \([a-z][a-z]*\)  .*/db_\1/p'); do
    [[ $command == help ]] && continue
    command=${command/_/ }
    # the options its usage lines name ($command unquoted: "db import")
    help=$("$rgn" $command --help | sed -n '1,/^$/p')
    { grep -oE -- '--[a-z][a-z-]*' <<<"$help"
      grep -oE -- '(^|[ [,|])-[a-zA-Z]\b' <<<"$help" | sed 's/^[ [,|]//'
      [[ $help == *'[CRITERIA]'* ]] && "$rgn" select --help |
          sed -n '/^Criteria:/,/^[^ ]/p' | grep -oE -- '(^|  )--[a-z][a-z-]*' |
          sed 's/^ *//'
      echo --help; } | sort -u | paste -sd' ' - >"$tmp/help"
    complete_line "rgn $command -" | tr ' ' '\n' | sed 's/=$//' | grep . |
        sort -u | paste -sd' ' - >"$tmp/completion"
    if cmp -s "$tmp/help" "$tmp/completion"; then
        passed=$((passed + 1))
    else
        echo "FAIL: rgn $command: --help lists $(cat "$tmp/help")"
        echo "      the completion offers $(cat "$tmp/completion")"
        failed=$((failed + 1))
    fi
done
commands=$("$rgn" help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' | sort | paste -sd' ' -)
check "rgn " "--help --version $commands"

echo "completion: $passed passed, $failed failed"
[[ $failed == 0 ]]
