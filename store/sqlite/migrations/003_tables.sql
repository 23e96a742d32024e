-- Tables, lobby paging and account deletion (issue 24).
--
-- Table settings: a name and description (searched by the lobby), the
-- minimum players to start, live or asynchronous play, the hash of an
-- invite token (invite-only games; '' for public ones) and how long an
-- asynchronous player may stay silent (seconds; 0 for no limit), and
-- whether the game starts by itself once every seat is taken.
ALTER TABLE games ADD COLUMN name          TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN description   TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN min_players   INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN live          INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN invite_hash   TEXT    NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN silence_limit INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN auto_start    INTEGER NOT NULL DEFAULT 0;

-- The lobby pages newest first by (created_at, id): one index per way of
-- narrowing it, each ending in the keyset, so a page is an index range.
DROP INDEX games_created;
DROP INDEX games_status_created;
CREATE INDEX games_created_id ON games (created_at, id);
CREATE INDEX games_status_created_id ON games (status, created_at, id);
CREATE INDEX games_title_created_id ON games (title, created_at, id);
CREATE INDEX games_title_status_created_id ON games (title, status, created_at, id);
CREATE INDEX games_owner_created_id ON games (owner_id, created_at, id);
CREATE INDEX game_users_user_game ON game_users (user_id, game_id);
DROP INDEX game_users_user;
DROP INDEX games_owner;

-- Deleted accounts (Unix microseconds; 0 while the account is live).
ALTER TABLE users ADD COLUMN deleted_at INTEGER NOT NULL DEFAULT 0;

-- Lobby search: a full-text index of the table's name and description
-- (words begin with the searched ones), kept by triggers.
CREATE VIRTUAL TABLE games_fts USING fts5(name, description, content = 'games', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0');
INSERT INTO games_fts (games_fts) VALUES ('rebuild');
CREATE TRIGGER games_fts_insert AFTER INSERT ON games BEGIN
    INSERT INTO games_fts (rowid, name, description) VALUES (new.id, new.name, new.description);
END;
CREATE TRIGGER games_fts_update AFTER UPDATE OF name, description ON games BEGIN
    INSERT INTO games_fts (games_fts, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
    INSERT INTO games_fts (rowid, name, description) VALUES (new.id, new.name, new.description);
END;
