validate --strict < tests/e2e/inputs/no_game.rgn
