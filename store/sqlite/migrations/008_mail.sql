-- Email (issue 41): each account's confirmed address and whether it wants
-- "your turn" emails; single-use emailed tokens (confirmation, password
-- reset), kept hashed; server secrets (the key signing unsubscribe links).
CREATE TABLE user_mail (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    address TEXT NOT NULL,
    address_key TEXT UNIQUE, -- lower-case address; NULL for none
    turns INTEGER NOT NULL
);
CREATE TABLE mail_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    purpose TEXT NOT NULL,
    address TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX mail_tokens_user ON mail_tokens (user_id, purpose);
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY,
    value BLOB NOT NULL
);
