list --format tsv tests/e2e/inputs/tags_only_blocks.pgn
