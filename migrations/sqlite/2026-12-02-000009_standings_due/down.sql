DROP TABLE standings_due;
