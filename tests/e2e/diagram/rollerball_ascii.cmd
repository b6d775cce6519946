diagram --format ascii --variant rollerball --fen "2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1"
