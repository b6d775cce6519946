select -q --count --pattern '9/9/9/9/9/9/9/4K4/9' samples/club-championship.rgn
