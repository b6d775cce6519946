diagram --game 3 tests/e2e/cases/diagram_game.rgn
