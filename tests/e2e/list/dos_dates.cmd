list -q --format tsv --columns game,Date,White,Black tests/e2e/inputs/dos_player_collection.pgn
