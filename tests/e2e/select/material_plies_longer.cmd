select -q --count --material 'R v' --material-plies 3 tests/e2e/inputs/select_games.pgn
