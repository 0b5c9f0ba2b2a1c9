DROP TABLE mail_recipients;
DROP TABLE event_mail;
DROP TABLE outbox;
ALTER TABLE users DROP COLUMN language;
