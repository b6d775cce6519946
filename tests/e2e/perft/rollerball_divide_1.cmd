perft --variant rollerball --divide 1
