tournament --tiebreaks BH/C1,sb,XYZ tests/e2e/inputs/tournament_round_robin.pgn
