select -q --to coord --tag 'Player~TAL,' tests/e2e/inputs/select_games.pgn
