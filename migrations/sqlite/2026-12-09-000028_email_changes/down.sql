DROP TABLE email_changes;
