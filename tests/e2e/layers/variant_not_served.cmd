layers --variant chess --fen lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN 1
