-- Elimination tournaments (docs/tournament.md) and the admin pages' switches.

ALTER TABLE matches DROP CONSTRAINT matches_kind_check;
ALTER TABLE matches ADD CONSTRAINT matches_kind_check
    CHECK (kind IN ('sanity', 'qualification', 'ladder', 'tournament'));

-- A disabled account cannot log in or use its API tokens; its bots leave the ladder and are not
-- entered in tournaments (the ones already running keep it: entrants are frozen at the start).
ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT FALSE;

-- A retired bot stops representing its owner and plays no more ladder matches.
ALTER TABLE bots ADD COLUMN retired_at TIMESTAMPTZ;

CREATE TABLE tournaments (
    id            BIGSERIAL PRIMARY KEY,
    game          TEXT NOT NULL,
    name          TEXT NOT NULL,
    finalists     INTEGER NOT NULL CHECK (finalists >= 2),
    final_matches INTEGER NOT NULL CHECK (final_matches >= 1),
    tie_replays   INTEGER NOT NULL CHECK (tie_replays >= 0),
    -- Every match seed and draw derives from it (below 2^53: exact in JSON).
    seed          BIGINT NOT NULL CHECK (seed >= 0),
    starts_at     TIMESTAMPTZ NOT NULL,
    -- scheduled → running ⇄ paused → done; scheduled → cancelled (fewer than 2 entrants).
    state         TEXT NOT NULL DEFAULT 'scheduled'
                  CHECK (state IN ('scheduled', 'running', 'paused', 'done', 'cancelled')),
    -- Why it is paused (a match that could not be played) or cancelled.
    note          TEXT,
    -- The house Dummy version that fills the groups, fixed at the start.
    dummy_bot_id  BIGINT REFERENCES bots (id),
    created_by    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at    TIMESTAMPTZ,
    finished_at   TIMESTAMPTZ
);
CREATE INDEX tournaments_due ON tournaments (starts_at) WHERE state = 'scheduled';

-- The entrants, frozen at the start: each user's representative then. `idx` is the entrant's
-- index in the tournament core (entrants sorted by module hash, then name).
CREATE TABLE tournament_entrants (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    idx           INTEGER NOT NULL,
    user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    bot_id        BIGINT NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
    -- The entrant's name in the tournament: its owner's username.
    name          TEXT NOT NULL,
    wasm_hash     TEXT NOT NULL,
    PRIMARY KEY (tournament_id, idx),
    UNIQUE (tournament_id, user_id)
);

-- Who went out of each round (the core resumes from these plus the current round's results).
CREATE TABLE tournament_outs (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    idx           INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round),
    UNIQUE (tournament_id, idx)
);

-- The tournament's matches, by the core's match key. A key has at most one live match (queued,
-- running or done); a cancelled (paused) or failed one is queued again under the same key.
CREATE TABLE tournament_matches (
    match_id      BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    stage         TEXT NOT NULL CHECK (stage IN ('round', 'semifinal', 'final')),
    stage_no      INTEGER NOT NULL,
    turn          INTEGER NOT NULL,
    idx           INTEGER NOT NULL,
    attempt       INTEGER NOT NULL,
    -- Entrant index per seat, -1 for a Dummy filler.
    entrants      INTEGER[] NOT NULL,
    -- Order in which results were given to the core (NULL until recorded).
    recorded_seq  BIGINT,
    -- What the match decided (the core's Outcome, JSON), once its turn is settled.
    outcome       JSONB,
    tiebreak      BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX tournament_matches_key ON tournament_matches (tournament_id, stage, stage_no, turn, idx, attempt);
CREATE UNIQUE INDEX tournament_matches_recorded ON tournament_matches (tournament_id, stage, stage_no, turn, idx, attempt)
    WHERE recorded_seq IS NOT NULL;
CREATE SEQUENCE tournament_record_seq;
