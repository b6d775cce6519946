perft --variant rollerball 3
