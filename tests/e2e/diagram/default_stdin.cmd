diagram --ply 1 < tests/e2e/inputs/diagram_game.rgn
