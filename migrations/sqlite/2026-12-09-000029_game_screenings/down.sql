DROP TABLE game_screenings;
