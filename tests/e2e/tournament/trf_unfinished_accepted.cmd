tournament --format trf tests/e2e/inputs/swiss_pairings_only.pgn
