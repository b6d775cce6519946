tournament --from trf tests/tournament/trf/bad-colour.trf
