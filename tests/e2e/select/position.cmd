select -q --to coord --position 'rnbqkb1r/ppp2ppp/4pn2/3p4/3P4/4PN2/PPP2PPP/RNBQKB1R w KQkq - 0 4' tests/e2e/inputs/select_games.pgn
