DROP TABLE listed_games;
