//! Matches as work: the queue (SQL over `matches`, leases), playing one match in the sandbox, and a
//! worker's fair share between capped and other match kinds. Nothing here knows a match source.

pub mod fair_share;
pub mod queue;
pub mod runner;
