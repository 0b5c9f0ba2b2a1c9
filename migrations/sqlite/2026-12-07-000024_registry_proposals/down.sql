DROP TABLE registry_proposals;
