convert --quiet --from xml tests/e2e/inputs/null_moves.xml
