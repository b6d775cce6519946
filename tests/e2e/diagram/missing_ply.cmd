diagram --ply 99 tests/e2e/inputs/diagram_game.rgn
