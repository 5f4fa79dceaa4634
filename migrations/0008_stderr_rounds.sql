-- A bot's stderr round by round (docs/server.md, "A bot's stderr"): where each round starts in
-- match_players.stderr, as flat [round, offset, ...] pairs (round -1: before the first round),
-- the bytes the bot wrote in all, and the bytes the cap cut between the kept head and tail.
ALTER TABLE match_players ADD COLUMN stderr_rounds BIGINT[];
ALTER TABLE match_players ADD COLUMN stderr_written BIGINT;
ALTER TABLE match_players ADD COLUMN stderr_cut_bytes BIGINT;
