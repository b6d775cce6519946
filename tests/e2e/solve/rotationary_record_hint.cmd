solve --format rgn --hint --fen lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsNsN
