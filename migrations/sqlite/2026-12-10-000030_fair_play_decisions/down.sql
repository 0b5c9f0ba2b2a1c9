DROP TABLE review_priorities;
DROP TABLE fair_play_decisions;
