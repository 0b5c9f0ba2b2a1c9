DROP TABLE account_log;
DROP TABLE password_resets;
