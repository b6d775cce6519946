select -q --ends checkmate tests/e2e/inputs/select_games.pgn
