diagram --format ascii tests/e2e/cases/diagram_game.rgn
