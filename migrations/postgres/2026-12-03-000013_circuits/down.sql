DROP TABLE circuit_events;
DROP TABLE circuits;
