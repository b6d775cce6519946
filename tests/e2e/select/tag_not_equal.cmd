select -q --to coord --tag 'Site!=Online' tests/e2e/inputs/select_games.pgn
