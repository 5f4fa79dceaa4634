-- Retention (docs/server.md, "Storage and retention"): ladder replays and bots' stderr are
-- deleted some days after the match; the match, its players and results stay. These columns
-- record when, so that pruning is idempotent and the match page can say why a replay is gone.

ALTER TABLE matches ADD COLUMN replay_pruned_at TIMESTAMPTZ;
ALTER TABLE matches ADD COLUMN stderr_pruned_at TIMESTAMPTZ;

-- What pruning looks for: finished matches not pruned yet, oldest first.
CREATE INDEX matches_replay_prune ON matches (finished_at)
    WHERE kind = 'ladder' AND replay_pruned_at IS NULL AND finished_at IS NOT NULL;
CREATE INDEX matches_stderr_prune ON matches (finished_at)
    WHERE stderr_pruned_at IS NULL AND finished_at IS NOT NULL;

COMMENT ON TABLE replays IS
    'Replays written by versions before the object store (migration 0003); still read, pruned with the rest.';
