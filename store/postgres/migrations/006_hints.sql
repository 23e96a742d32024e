-- Whether an online game offers the coach's hints to its players (issue
-- 26), a table setting fixed at creation.
ALTER TABLE games ADD COLUMN hints boolean NOT NULL DEFAULT false;
