perft --time 1
