select -q --count --pattern '9/9/9/9/9/9/9/4K>N4/9' samples/club-championship.rgn
