validate tests/e2e/cases/format_game.xml
