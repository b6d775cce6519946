diagram --ply 99 tests/e2e/cases/diagram_game.rgn
