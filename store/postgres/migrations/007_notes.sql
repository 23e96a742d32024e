-- Each player's private notepad on a game (issue 41): one text per user
-- and game, read by its owner only.
CREATE TABLE notes (
    user_id bigint NOT NULL REFERENCES users(id),
    game_id bigint NOT NULL REFERENCES games(id),
    text text NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
