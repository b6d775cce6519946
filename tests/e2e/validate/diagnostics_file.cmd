validate --diagnostics-file "$RGN_TMP/diag.txt" samples/bad/illegal-blocked-path.rgn; cat "$RGN_TMP/diag.txt"
