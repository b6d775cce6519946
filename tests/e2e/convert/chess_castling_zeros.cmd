convert --variant chess
