DROP TABLE prize_funds;
