select -q --to coord --tag 'Date>=2018.06.01' tests/e2e/inputs/select_games.pgn
