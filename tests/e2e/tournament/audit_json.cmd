tournament --check --diagnostics=json tests/e2e/inputs/tournament_audit.pgn
