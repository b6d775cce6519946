# lib.sh - what the test scripts share. Sourced, after set -u:
#   . "$(dirname "$0")/lib.sh"
# A script then ends with: echo "NAME: $passed passed, $failed failed".

passed=0 failed=0

# check LABEL COMMAND...: the command's success counted as a pass, its
# failure as a failure, named by LABEL.
check() {
    label=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $label"
    fi
}
