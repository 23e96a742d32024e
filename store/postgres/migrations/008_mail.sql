-- Email (issue 41): each account's confirmed address and whether it wants
-- "your turn" emails; single-use emailed tokens (confirmation, password
-- reset), kept hashed; server secrets (the key signing unsubscribe links).
CREATE TABLE user_mail (
    user_id bigint PRIMARY KEY REFERENCES users(id),
    address text NOT NULL,
    address_key text UNIQUE, -- lower-case address; NULL for none
    turns boolean NOT NULL
);
CREATE TABLE mail_tokens (
    token_hash text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id),
    purpose text NOT NULL,
    address text NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX mail_tokens_user ON mail_tokens (user_id, purpose);
CREATE TABLE server_secrets (
    name text PRIMARY KEY,
    value bytea NOT NULL
);
