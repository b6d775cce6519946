select -q --to coord --tag 'White=~^(Tal|Morphy),' tests/e2e/inputs/select_games.pgn
