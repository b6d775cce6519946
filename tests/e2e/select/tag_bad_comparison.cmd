select -q --tag 'Date<2018.13.01' tests/e2e/inputs/select_games.pgn
