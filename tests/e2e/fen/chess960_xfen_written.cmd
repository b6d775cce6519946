fen --ply 0 -
