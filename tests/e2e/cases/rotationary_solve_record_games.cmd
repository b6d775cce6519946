solve --format rgn -
