DROP TABLE settings;
DROP TABLE login_failures;
DROP TABLE api_tokens;
DROP TABLE sessions;
DROP TABLE users;
