pub mod conquest;
pub mod fixed_grid;
pub mod ork_island;
pub mod pandemic;
pub mod replay_parts;
pub mod unit_order;
