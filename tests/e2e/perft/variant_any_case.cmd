perft --variant rOlLeRbAlL 2
