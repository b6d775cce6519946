validate --variant chess --diagnostics=json -
