select -q --to coord --tag 'Round<=3' tests/e2e/inputs/select_games.pgn
