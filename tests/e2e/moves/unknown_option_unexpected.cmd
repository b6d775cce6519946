moves --bogus
