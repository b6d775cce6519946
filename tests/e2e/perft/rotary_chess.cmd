perft --variant "Rotary Chess" 2
