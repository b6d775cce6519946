validate --variant rotary samples/chess-opera-game.pgn
