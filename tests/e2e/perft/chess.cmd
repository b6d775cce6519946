perft --variant chess 3
