select -q --to coord --tag 'EloDiff>=150' --tag 'Elo>=2800' tests/e2e/inputs/select_games.pgn
