tournament --from trf tests/tournament/trf/swiss-crlf.trf
