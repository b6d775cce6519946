tournament --from trf tests/tournament/trf/short-line.trf
