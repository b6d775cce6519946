validate tests/e2e/inputs/nested_variations.pgn
