tournament --format tsv samples/king-mate.rgn
