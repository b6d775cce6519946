fen - < tests/e2e/inputs/tag_inner_quote.rgn
