moves --fen "k>N8/9/9/9/9/9/9/9/8K>X w 0 1"
