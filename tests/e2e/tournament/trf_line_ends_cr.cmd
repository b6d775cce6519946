tournament --from trf tests/tournament/trf/swiss-cr.trf
