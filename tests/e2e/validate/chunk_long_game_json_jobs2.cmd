validate --variant chess --jobs 2 --diagnostics=json -
