perft --bogus 2
