select -q --moves '1. e4 e5 2. Ke3' tests/e2e/inputs/select_games.pgn
