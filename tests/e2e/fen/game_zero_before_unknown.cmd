fen --game 0 --bogus samples/king-mate.rgn
