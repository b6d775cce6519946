validate samples/bad/null-rotation.rgn
