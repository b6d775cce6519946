validate --strict -q --summary json tests/e2e/inputs/dos_player_collection.pgn
