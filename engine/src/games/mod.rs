pub mod pandemic;
