-- Practice matches (scrimmages): four bots a signed-in player picks, unrated, queued below
-- qualification and above the ladder (server/src/site/practice.rs).
ALTER TABLE matches DROP CONSTRAINT matches_kind_check;
ALTER TABLE matches ADD CONSTRAINT matches_kind_check
    CHECK (kind IN ('sanity', 'qualification', 'ladder', 'tournament', 'practice'));

-- Who asked for a practice match (null for every other kind): their limits and their list.
ALTER TABLE matches ADD COLUMN requested_by BIGINT REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX matches_requested_by ON matches (requested_by, id DESC) WHERE requested_by IS NOT NULL;

-- The name a bot played under: a bot may be renamed before it qualifies, and the replay (and a
-- local reproduction of the match) keeps the name it had when it played.
ALTER TABLE match_players ADD COLUMN played_as TEXT;
