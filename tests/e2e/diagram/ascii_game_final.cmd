diagram --format ascii tests/e2e/inputs/diagram_game.rgn
