//! The site's vocabulary, imported by every layer above and importing none of them: settings,
//! match kinds, identifiers, the rating's constants and bot names.

pub mod config;
pub mod ids;
pub mod kind;
pub mod names;
pub mod rating;
