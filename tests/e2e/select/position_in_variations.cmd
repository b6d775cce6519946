select -q --to coord --in-variations --position 'rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 2' tests/e2e/inputs/select_games.pgn
