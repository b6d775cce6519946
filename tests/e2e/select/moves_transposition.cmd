select -q --to coord --moves '1. d4 d5 2. Nf3 Nf6 3. e3 e6' tests/e2e/inputs/select_games.pgn
