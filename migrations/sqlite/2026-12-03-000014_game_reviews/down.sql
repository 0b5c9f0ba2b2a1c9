DROP TABLE game_reviews;
