validate samples/bad/coordinate-form.rgn
