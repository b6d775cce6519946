diagram --ply 1
