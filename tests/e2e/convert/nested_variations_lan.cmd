convert --to lan tests/e2e/inputs/nested_variations.pgn
