ALTER TABLE games DROP COLUMN correction_reason;
ALTER TABLE games DROP COLUMN corrected_from;
