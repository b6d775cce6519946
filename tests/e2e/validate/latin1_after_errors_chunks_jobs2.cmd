validate --variant chess --jobs 2 - < tests/e2e/inputs/latin1_after_errors.rgn
