convert --to=coord --keep-invalid samples/king-mate.rgn
