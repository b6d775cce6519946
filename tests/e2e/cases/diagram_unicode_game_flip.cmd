diagram --format unicode --flip --game 2 tests/e2e/cases/diagram_game.rgn
