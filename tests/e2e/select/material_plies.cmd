select -q --to coord --material 'R v' --material-plies 2 tests/e2e/inputs/select_games.pgn
