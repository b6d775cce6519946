solve --format rgn --variant "Rotationary Wrap" --fen lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN 2>/dev/null | "$RGN" validate -
