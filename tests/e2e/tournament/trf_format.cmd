tournament --format trf tests/tournament/trf/swiss.pgn
