tournament --from trf tests/tournament/trf/bad-rating.trf
