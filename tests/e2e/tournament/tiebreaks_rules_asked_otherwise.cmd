tournament --tiebreaks BH/V1 --tiebreak-rules 2026 tests/e2e/inputs/tournament_swiss.pgn
