pub mod conquest;
pub mod fixed_grid;
pub mod grid_view;
pub mod ork_island;
pub mod pandemic;
pub mod replay_parts;
pub mod walking_dead;
