validate --variant chess --jobs 1 - < tests/e2e/inputs/failed_game_then_syntax_error.rgn
