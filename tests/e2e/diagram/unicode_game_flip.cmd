diagram --format unicode --flip --game 2 tests/e2e/inputs/diagram_game.rgn
