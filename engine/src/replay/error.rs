//! Why a replay could not be read. Its own module so that the byte reader (`wire`) and the
//! container (`replay`) both use it without importing each other.

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("not an Arena replay (the file does not start with ARENARPL)")]
    NotAReplay,
    #[error("replay format version {found} is not supported (this build reads version {supported})")]
    Version { found: u16, supported: u16 },
    #[error("damaged replay: {0}")]
    Corrupt(String),
    #[error("replay is for game `{found}`, expected `{expected}`")]
    WrongGame { found: String, expected: String },
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
}
