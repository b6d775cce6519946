variants -- extra
