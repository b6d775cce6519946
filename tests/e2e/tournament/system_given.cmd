tournament --system swiss --tiebreaks BH,BH-M1,WIN,WON,BPG,GE tests/e2e/inputs/tournament_unknown_system.pgn
