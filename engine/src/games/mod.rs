//! The games, one folder each with the same inner shape (`params`, `board`, `generator`,
//! `fixed`, `placement`, `setup`, `rules`, `state`, `view`, `replay`, `house`), and
//! [`shared`], the pieces several of them use.

pub mod mad_max;
pub mod ork_island;
pub mod pandemic;
pub mod purge;
pub mod shared;
pub mod walking_dead;
