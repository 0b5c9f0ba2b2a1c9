DROP TABLE live_feed;
DROP TABLE game_moves;
DROP TABLE event_live;
