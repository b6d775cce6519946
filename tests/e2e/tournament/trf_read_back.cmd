tournament --from trf tests/tournament/trf/swiss.trf --format trf
