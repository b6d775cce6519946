tournament --from trf tests/tournament/trf/unknown-opponent.trf
