tournament --tiebreaks BH,XX tests/e2e/inputs/tournament_swiss.pgn
