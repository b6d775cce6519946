moves --variant rollerball
