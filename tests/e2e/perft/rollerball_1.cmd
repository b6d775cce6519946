perft --variant rollerball 1
