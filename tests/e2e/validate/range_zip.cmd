list --range 0:10 tests/e2e/inputs/two_members.zip
