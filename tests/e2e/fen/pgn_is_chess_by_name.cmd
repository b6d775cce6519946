fen samples/chess-opera-game.pgn
