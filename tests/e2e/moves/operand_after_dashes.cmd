moves -- e4
