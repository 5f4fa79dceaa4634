-- A term on the server (issue 37): the organiser's `.cnf` on a tournament, carried by each of
-- its matches to the workers; accounts imported from a class roster, with one-time invitations.

-- The `.cnf` text a tournament's matches are played with (NULL: the game's defaults). Checked
-- like `arena run --config` when the tournament is created.
ALTER TABLE tournaments ADD COLUMN config TEXT;
-- The `.cnf` text a match is played with (NULL: the game's defaults); the worker parses it.
ALTER TABLE matches ADD COLUMN config TEXT;

-- What a roster says about a student besides the user name (`arena admin import-users`).
ALTER TABLE users ADD COLUMN email TEXT;
ALTER TABLE users ADD COLUMN student_id TEXT;

-- One-time invitation links: the link holds a random token, only its SHA-256 is stored. Following
-- it lets the invited user choose a password once; then the row is deleted.
CREATE TABLE invitations (
    token_hash TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX invitations_user ON invitations (user_id);
