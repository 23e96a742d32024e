-- Server instances' heartbeats (issue 20): a server starting after a
-- downtime reads the latest and notes the downtime in the running clocked
-- games, so their clocks charge nothing for it.
CREATE TABLE heartbeats (
    instance text        PRIMARY KEY,
    at       timestamptz NOT NULL
);
