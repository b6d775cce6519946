validate --strict
