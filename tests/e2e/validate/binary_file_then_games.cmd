validate tests/e2e/inputs/not_games.pgn samples/king-mate.rgn
