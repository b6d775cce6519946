convert --quiet tests/e2e/inputs/tags_only_blocks.pgn
