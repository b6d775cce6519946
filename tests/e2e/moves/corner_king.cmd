moves --fen "k>N8/9/9/9/9/9/9/9/8K>N w 0 1"
