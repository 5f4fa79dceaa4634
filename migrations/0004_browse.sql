-- Browsing a game's matches (issue 20): the match list filters by game, optionally by kind, and
-- pages by match id (keyset pagination, newest first). These indexes read a page in id order
-- without scanning the other games' (or kinds') matches.

CREATE INDEX matches_game_id ON matches (game, id);
CREATE INDEX matches_game_kind_id ON matches (game, kind, id);
