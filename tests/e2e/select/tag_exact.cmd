select -q --to coord --tag 'White=Tal, Mikhail' tests/e2e/inputs/select_games.pgn
