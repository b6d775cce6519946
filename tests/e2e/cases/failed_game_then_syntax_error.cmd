validate --variant chess --jobs 1 -
