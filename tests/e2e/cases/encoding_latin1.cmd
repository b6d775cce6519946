convert
