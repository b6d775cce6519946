validate samples/rollerball-*.rgn
