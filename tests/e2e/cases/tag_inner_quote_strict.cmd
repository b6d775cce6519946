validate --strict -
