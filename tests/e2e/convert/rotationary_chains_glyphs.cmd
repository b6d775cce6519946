convert --chains -
