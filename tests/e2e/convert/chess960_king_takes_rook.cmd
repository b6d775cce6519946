convert -
