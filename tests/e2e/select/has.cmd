select -q --to coord --has clocks --has variations --has nags tests/e2e/inputs/select_games.pgn
