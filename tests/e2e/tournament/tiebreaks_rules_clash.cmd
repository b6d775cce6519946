tournament --tiebreaks BH/V2024,SB/V2026 tests/e2e/inputs/tournament_swiss.pgn
