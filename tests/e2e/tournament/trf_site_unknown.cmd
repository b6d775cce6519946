tournament --format trf tests/e2e/inputs/match_round6_site_unknown.pgn
