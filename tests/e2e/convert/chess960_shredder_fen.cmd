convert --to coord -
