validate --strict --variant chess - < tests/e2e/inputs/chess_open_result.rgn
