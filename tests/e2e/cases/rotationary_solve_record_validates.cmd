solve --format rgn - 2>/dev/null | "$RGN" validate -
