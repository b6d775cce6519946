diagram --format ascii --ply 7 --highlight d2,d7 --arrow f4-f7,c2-e4 tests/e2e/inputs/diagram_game.rgn
