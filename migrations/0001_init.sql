-- Arena's tournament server: accounts, bots, the match queue, results and the ladder.
-- Applied by `arena serve` / `arena worker` at start (sqlx migrate).

CREATE TABLE users (
    id            BIGSERIAL PRIMARY KEY,
    username      TEXT NOT NULL,
    -- argon2id PHC string; '!' for accounts that cannot log in (the house account).
    password_hash TEXT NOT NULL,
    is_admin      BOOLEAN NOT NULL DEFAULT FALSE,
    is_house      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

-- Browser sessions. The cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Tokens for scripts (Authorization: Bearer ...). Only the SHA-256 is stored.
CREATE TABLE api_tokens (
    id           BIGSERIAL PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL UNIQUE,
    label        TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_used_at TIMESTAMPTZ
);

-- Uploaded modules, stored once by content hash (`sha256:<hex>`).
CREATE TABLE wasm_modules (
    hash       TEXT PRIMARY KEY,
    bytes      BYTEA NOT NULL,
    size       INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Who holds a bot name in a game. A name belongs to the first user who uploads it; it is
-- locked for good once one of its bots qualifies.
CREATE TABLE bot_names (
    game       TEXT NOT NULL,
    name_key   TEXT NOT NULL,           -- lower(name)
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    locked     BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game, name_key)
);

-- Bots are immutable: a new upload is a new bot (a new version of a name).
CREATE TABLE bots (
    id           BIGSERIAL PRIMARY KEY,
    game         TEXT NOT NULL,
    name         TEXT NOT NULL,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    wasm_hash    TEXT NOT NULL REFERENCES wasm_modules (hash),
    status       TEXT NOT NULL CHECK (status IN ('qualifying', 'qualified', 'failed')),
    -- Why qualification failed, or how it went, in words for the bot's page.
    verdict      TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    qualified_at TIMESTAMPTZ
);
CREATE INDEX bots_user ON bots (user_id, game);
CREATE INDEX bots_game_name ON bots (game, lower(name));

-- The match queue and its results. Workers claim rows with FOR UPDATE SKIP LOCKED and hold a
-- lease; only the lease holder may finish a match, so a result is written exactly once.
CREATE TABLE matches (
    id               BIGSERIAL PRIMARY KEY,
    game             TEXT NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('sanity', 'qualification', 'ladder')),
    -- Lower runs first: qualification before ladder.
    priority         INTEGER NOT NULL,
    seed             BIGINT NOT NULL CHECK (seed >= 0),
    -- The bot being qualified (sanity and qualification matches).
    subject_bot_id   BIGINT REFERENCES bots (id) ON DELETE CASCADE,
    state            TEXT NOT NULL DEFAULT 'queued'
                     CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    lease_owner      TEXT,
    lease_token      TEXT,
    lease_expires_at TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at       TIMESTAMPTZ,
    finished_at      TIMESTAMPTZ,
    duration_ms      DOUBLE PRECISION,
    rounds           INTEGER,
    replay_size      INTEGER,
    -- Why the match could not be played (state 'failed').
    error            TEXT
);
CREATE INDEX matches_queue ON matches (priority, id) WHERE state IN ('queued', 'running');
CREATE INDEX matches_subject ON matches (subject_bot_id) WHERE subject_bot_id IS NOT NULL;
CREATE INDEX matches_finished ON matches (finished_at DESC) WHERE state = 'done';

CREATE TABLE match_players (
    match_id        BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat            SMALLINT NOT NULL CHECK (seat BETWEEN 0 AND 3),
    bot_id          BIGINT NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
    -- Filled in when the match is done.
    score           BIGINT,
    rank            SMALLINT,
    cpu             DOUBLE PRECISION,
    fuel_used       BIGINT,
    frozen_reason   TEXT,
    frozen_round    INTEGER,
    frozen_message  TEXT,
    -- The bot's stderr (at most the sandbox's cap plus a marker): its owner's eyes only.
    stderr          BYTEA,
    stderr_truncated BOOLEAN,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_bot ON match_players (bot_id, match_id DESC);

-- Replays, when the replay store is the database (the default; ARENA_REPLAY_DIR uses files).
CREATE TABLE replays (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    bytes    BYTEA NOT NULL
);

-- The ladder: each user's representative per game. House bots (the house account's) are on the
-- ladder too, as fixed reference points, so that a game's first qualified bot has opponents.
CREATE TABLE representatives (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game       TEXT NOT NULL,
    bot_id     BIGINT NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
    chosen_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, game)
);

-- Weng-Lin ratings of bots that have been representatives.
CREATE TABLE ratings (
    bot_id     BIGINT PRIMARY KEY REFERENCES bots (id) ON DELETE CASCADE,
    game       TEXT NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    matches    INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    place_sum  INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rating_history (
    bot_id   BIGINT NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (bot_id, match_id)
);
