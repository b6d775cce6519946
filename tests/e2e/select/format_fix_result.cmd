select --fix-result -q --format tsv --columns game,Round,White tests/e2e/inputs/select_clean.pgn
