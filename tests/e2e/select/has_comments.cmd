select -q --to coord --has comments tests/e2e/inputs/select_games.pgn
