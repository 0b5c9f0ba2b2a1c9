-- A corrected final result says what it was and why, wherever the game is shown: the result
-- before the correction and the staff member's reason (public, as the result is). Cleared when
-- the game's result is written again any other way.
ALTER TABLE games ADD COLUMN corrected_from TEXT;
ALTER TABLE games ADD COLUMN correction_reason TEXT;
