validate tests/e2e/inputs/format_game.xml
