tournament --from trf --format trf tests/tournament/trf/in-progress.trf
