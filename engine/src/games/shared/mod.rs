//! What several games share, kept apart from the game folders so that `games/` lists the games:
//! chains of cells (The Walking Dead's and The Purge's generators), boards of cities and paths
//! with conquest scoring (Pandemic, Ork Island), FIXED grids, grid views, order interleaving and
//! the replay pieces the codecs write.

pub mod chains;
pub mod conquest;
pub mod fixed_grid;
pub mod frame_figures;
pub mod grid_view;
pub mod interleave;
pub mod replay_parts;
