-- A game's time control (issue 20): clock.Settings as JSON, '' for none.
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';
