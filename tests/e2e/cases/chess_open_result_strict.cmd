validate --strict --variant chess -
