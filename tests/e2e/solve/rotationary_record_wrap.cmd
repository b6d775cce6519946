solve --format rgn --fen lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN --variant "Rotationary Wrap"
