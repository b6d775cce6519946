#!/usr/bin/env bash
# The names the bash completion (src/cli/rgn.bash-completion) offers and
# rgn(1) (man/rgn.1) gives are the library's: its criteria, the values of
# --ends and --has, its families of formats, tournament systems,
# tie-break rules and codes, as tools/rgn_names.c prints them from
# rgn.h's lists. A name added to the library and not to the completion
# or the manual (or the other way round) fails here.
# Usage: names_listed.sh RGN_NAMES RGN PROJECT_DIR
set -u
names=$1 rgn=$2 root=$3
case $rgn in /*) ;; *) rgn=$(pwd)/$rgn ;; esac
PATH=$(dirname "$rgn"):$PATH # the completion asks "rgn" what to offer
man=$root/man/rgn.1
failed=0 passed=0
source "$root/src/cli/rgn.bash-completion" || exit 1
source "$root/tests/complete_line.bash" || exit 1
lists=$("$names") || { echo "FAIL: $names"; exit 1; }

# The names of a list: list KIND.
list() { awk -v kind="$1" '$1 == kind { $1 = ""; sub(/^ /, ""); print }' <<<"$lists"; }
sorted() { tr ' ' '\n' <<<"$1" | sort | paste -sd' ' -; }
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# COMPLETION_LINE KIND: the line completes to exactly the list's names.
completes() {
    local got want
    got=$(complete_line "$1") want=$(sorted "$(list "$2")")
    if [[ -n $want && $got == "$want" ]]; then pass; else
        fail "'$1' completes to '$got', the library's $2 are '$want'"
    fi
}
# TEXT WHAT: rgn(1) holds the line TEXT.
in_man() {
    if grep -qxF -- "$1" "$man"; then pass; else
        fail "rgn(1) has no line '$1' ($2)"
    fi
}
# The names of KIND joined by SEP, each escaped for roff ('-' as '\-').
joined() { list "$1" | sed 's/-/\\-/g; s/ /'"$(sed 's/[\\&|]/\\&/g' <<<"$2")"'/g'; }

completes "rgn convert --to " game-formats
completes "rgn select --to " game-formats
completes "rgn list --format " list-formats
completes "rgn select --format " list-formats
completes "rgn db find --format " list-formats
completes "rgn tournament --format " tournament-formats
completes "rgn tournament --system " systems
completes "rgn tournament --tiebreak-rules " rules
completes "rgn select --ends " ends
completes "rgn select --has " has

# every criterion is an option of select and of db find, offered by the
# completion and described in rgn(1)
for criterion in $(list criteria); do
    for command in select "db find"; do
        case " $(complete_line "rgn $command --") " in
            *" --$criterion "* | *" --$criterion= "*) pass ;;
            *) fail "'rgn $command --' does not offer --$criterion" ;;
        esac
    done
    if grep -qE "^\.B[IR]? \\\\-\\\\-${criterion//-/\\\\-}( |\[|\$)" "$man"; then pass; else
        fail "rgn(1) describes no criterion --$criterion"
    fi
done

# the lists of rgn(1): the synopses, the values of --ends and --has
in_man ".BR $(joined list-formats ' | ') ]" "list's formats"
in_man ".BR $(joined tournament-formats ' | ') ]" "tournament's formats"
in_man ".BR $(joined rules ' | ') ]" "the tie-break rules"
in_man ".B \\-\\-ends $(joined ends '\fR|\fP')" "the ends"
in_man ".B \\-\\-has $(joined has '\fR|\fP')" "what a game has"
in_man "$(joined systems ', ' | sed 's/, \([^,]*\)$/ or \1/')." "the systems"
# each format convert writes, and each tie-break code, has its entry
for format in $(list game-formats); do in_man ".B $format" "--to $format"; done
for code in $(list tiebreaks); do
    if grep -qE "^\.BR? (.*[ \"])?$code( |\$)" "$man"; then pass; else
        fail "rgn(1) describes no tie-break $code"
    fi
done
echo "names_listed: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
