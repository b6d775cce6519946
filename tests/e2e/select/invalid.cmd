select -q --to coord --invalid --keep-invalid tests/e2e/inputs/select_games.pgn
