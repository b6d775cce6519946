select -q --tag 'Date>=1960' --tag 'Date<=1960' --count tests/e2e/inputs/dos_player_collection.pgn
