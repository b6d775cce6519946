select -q --material 'Q R B' tests/e2e/inputs/select_games.pgn
