perft 2
