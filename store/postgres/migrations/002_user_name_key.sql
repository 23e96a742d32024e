-- Account names are unique by their normalised key (the server computes
-- it: case-folded, confusables mapped), not only byte for byte. Accounts
-- made before this migration keep their exact name as key.
ALTER TABLE users ADD COLUMN name_key text NOT NULL DEFAULT '';
UPDATE users SET name_key = name;
CREATE UNIQUE INDEX users_by_name_key ON users (name_key);
