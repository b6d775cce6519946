# complete_line.bash - sourced by the tests of the bash completion
# (completion.sh, names_listed.sh), after rgn.bash-completion.
#
# Completes LINE (the cursor at its end) as bash would call _rgn: words
# split at blanks and at '='. Prints the candidates sorted, on one line.
complete_line() {
    local line=$1
    read -r -a COMP_WORDS <<<"${line//=/ = }"
    [[ $line == *' ' ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE=$line COMP_POINT=${#line}
    COMPREPLY=()
    _rgn 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}" | sort | paste -sd' ' -
}
