DROP TABLE held_results;
