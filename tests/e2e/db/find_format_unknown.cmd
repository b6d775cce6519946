db find --db $RGN_TMP/none.rgndb --format foo
