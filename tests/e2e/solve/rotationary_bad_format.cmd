solve --format xml --fen lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsNsN
