fen --variant chess -
