select -q --to coord --pattern '3R4/8/8/8/8/8/8/8' --pattern 'N7/8/8/8/8/8/8/8' tests/e2e/inputs/select_games.pgn
