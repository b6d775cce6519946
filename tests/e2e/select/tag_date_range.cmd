select -q --to coord --tag 'Date>=2018' --tag 'Date<=2018.12.31' tests/e2e/inputs/select_games.pgn
