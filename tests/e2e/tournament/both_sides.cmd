tournament --diagnostics=json tests/e2e/inputs/tournament_both_sides.pgn
