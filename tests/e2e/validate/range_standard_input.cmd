validate --range 0:10 -
