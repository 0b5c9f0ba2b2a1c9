DROP TABLE registry_merges;
