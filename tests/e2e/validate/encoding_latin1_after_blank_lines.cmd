validate --variant chess -
