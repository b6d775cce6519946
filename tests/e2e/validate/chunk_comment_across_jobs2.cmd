validate --variant chess --jobs 2 -
