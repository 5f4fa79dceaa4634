-- Source uploads (issue 33): a player's AIName.cc compiled on the server, in a jail
-- (server/src/cpp_build/, server/src/site/players/compiles.rs). Compiles are queued work, claimed
-- with FOR UPDATE SKIP LOCKED like matches, and cached by (source hash, file name, game, build
-- key): the same file for the same game and Arena version is compiled once.
CREATE TABLE compiles (
    id                BIGSERIAL PRIMARY KEY,
    user_id           BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game              TEXT NOT NULL,
    -- The player's file name as uploaded (AIName.cc), the name its messages use.
    file_name         TEXT NOT NULL,
    source            BYTEA NOT NULL,
    -- sha256:<hex> of the source.
    source_hash       TEXT NOT NULL,
    -- Arena's version and a hash of the SDK, the compiler's version and the flags.
    build_key         TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'queued'
                      CHECK (status IN ('queued', 'running', 'built', 'failed', 'withdrawn')),
    -- The module built (built only).
    wasm_hash         TEXT REFERENCES wasm_modules (hash),
    -- Why it failed, in one sentence (failed only), and the compiler's messages (warnings when
    -- built), with no path of the server.
    error             TEXT,
    messages          TEXT NOT NULL DEFAULT '',
    cpu_ms            BIGINT,
    wall_ms           BIGINT,
    peak_memory_bytes BIGINT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at        TIMESTAMPTZ,
    finished_at       TIMESTAMPTZ
);
CREATE INDEX compiles_queued ON compiles (id) WHERE status = 'queued';
CREATE INDEX compiles_user_waiting ON compiles (user_id) WHERE status IN ('queued', 'running');
CREATE INDEX compiles_cache ON compiles (source_hash, game, build_key, file_name) WHERE status IN ('built', 'failed');

-- The compile a bot was built by (null for a .wasm upload): its source, messages and figures.
ALTER TABLE bots ADD COLUMN compile_id BIGINT REFERENCES compiles (id);
