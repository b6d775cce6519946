tournament --check --from trf tests/tournament/trf/round3-differs.trf tests/tournament/trf/swiss.pgn
