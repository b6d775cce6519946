perft --variant rollerball 2
