tournament --from trf tests/tournament/trf/bad-result.trf
