validate --variant chess - < tests/e2e/inputs/check_marks_judged_late.rgn
