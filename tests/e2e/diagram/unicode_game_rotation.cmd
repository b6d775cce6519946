diagram --format unicode --ply 7 tests/e2e/inputs/diagram_game.rgn
