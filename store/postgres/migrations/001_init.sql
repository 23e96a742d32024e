-- Tresham schema, PostgreSQL dialect. JSON columns are text, not jsonb:
-- action data is kept exactly as written (jsonb would reorder keys and
-- drop duplicates), so exports reproduce it byte for byte.

CREATE TABLE users (
    id            bigserial   PRIMARY KEY,
    name          text        NOT NULL UNIQUE,
    password_hash text        NOT NULL,
    webhook_url   text        NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
    token_hash text        PRIMARY KEY,
    user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE games (
    id         bigserial   PRIMARY KEY,
    title      text        NOT NULL,
    options    text        NOT NULL DEFAULT '[]',
    seed       bigint      NOT NULL DEFAULT 0,
    owner_id   bigint      REFERENCES users (id),
    hotseat    boolean     NOT NULL DEFAULT false,
    status     text        NOT NULL,
    seats      text        NOT NULL DEFAULT '[]',
    result     text,
    meta       text,
    actions    integer     NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_owner ON games (owner_id);
CREATE INDEX games_status_created ON games (status, created_at);
CREATE INDEX games_created ON games (created_at);
CREATE INDEX games_updated ON games (updated_at);

-- The users holding a seat in a game (derived from games.seats, rewritten
-- with it), so "my games" is an indexed lookup.
CREATE TABLE game_users (
    game_id bigint NOT NULL REFERENCES games (id),
    user_id bigint NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_users_user ON game_users (user_id);

-- Append-only: rows are inserted, never updated or deleted.
CREATE TABLE actions (
    game_id    bigint      NOT NULL REFERENCES games (id),
    seq        integer     NOT NULL CHECK (seq >= 0),
    user_id    bigint      REFERENCES users (id),
    data       text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, seq)
);

CREATE FUNCTION tresham_actions_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'actions are append-only';
END;
$$;
CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION tresham_actions_append_only();
