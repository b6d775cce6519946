tournament --from trf --system swiss tests/tournament/trf/no-players.trf
