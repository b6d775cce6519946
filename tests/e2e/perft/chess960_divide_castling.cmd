perft --variant frc --divide --fen "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRK3RN w GBgb - 0 1" 1
