diagram --format unicode --ply 7 tests/e2e/cases/diagram_game.rgn
