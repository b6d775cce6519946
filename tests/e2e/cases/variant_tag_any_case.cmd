fen -
