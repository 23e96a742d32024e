-- Tresham schema, SQLite dialect. Times are Unix microseconds (UTC).
-- JSON columns hold text exactly as written (action data is never
-- re-encoded, so exports reproduce it byte for byte).

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    webhook_url   TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE games (
    id         INTEGER PRIMARY KEY,
    title      TEXT    NOT NULL,
    options    TEXT    NOT NULL DEFAULT '[]',
    seed       INTEGER NOT NULL DEFAULT 0,
    owner_id   INTEGER REFERENCES users (id),
    hotseat    INTEGER NOT NULL DEFAULT 0,
    status     TEXT    NOT NULL,
    seats      TEXT    NOT NULL DEFAULT '[]',
    result     TEXT,
    meta       TEXT,
    actions    INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX games_owner ON games (owner_id);
CREATE INDEX games_status_created ON games (status, created_at);
CREATE INDEX games_created ON games (created_at);

-- The users holding a seat in a game (derived from games.seats, rewritten
-- with it), so "my games" is an indexed lookup.
CREATE TABLE game_users (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_users_user ON game_users (user_id);

-- Append-only: rows are inserted, never updated or deleted.
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    user_id    INTEGER REFERENCES users (id),
    data       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;
