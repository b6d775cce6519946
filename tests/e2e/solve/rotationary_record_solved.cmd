solve --format rgn --fen lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsNsN
