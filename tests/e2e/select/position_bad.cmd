select -q --position 'rnbqkbnr/pppppppp/8 w' tests/e2e/inputs/select_games.pgn
