validate --variant chess --jobs 2 - < tests/e2e/inputs/check_marks_judged_late.rgn
