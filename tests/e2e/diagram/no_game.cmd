diagram --game 3 tests/e2e/inputs/diagram_game.rgn
