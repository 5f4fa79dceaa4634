pub mod conquest;
pub mod ork_island;
pub mod pandemic;
