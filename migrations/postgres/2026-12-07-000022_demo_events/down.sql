DROP TABLE demo_events;
