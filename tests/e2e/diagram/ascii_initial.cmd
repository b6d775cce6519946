diagram --format ascii --fen "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1"
