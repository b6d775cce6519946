select -q --to coord --material 'R v' tests/e2e/inputs/select_games.pgn
