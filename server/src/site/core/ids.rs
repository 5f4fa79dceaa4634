//! Identifiers the site makes up: match seeds, random tokens, and the hex they are written in.

static SEED_SEQUENCE: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(-1);

/// Makes [`fresh_seed`] count up from `start` in this process instead of drawing at random
/// (tests and reproducible demonstrations).
pub fn set_seed_sequence(start: i64) {
    SEED_SEQUENCE.store(start.max(0), std::sync::atomic::Ordering::SeqCst);
}

/// Seeds handed to matches: fresh, random, and below 2^53 so that JavaScript shows them exactly.
pub fn fresh_seed() -> i64 {
    let next = SEED_SEQUENCE.load(std::sync::atomic::Ordering::SeqCst);
    if next >= 0 {
        return SEED_SEQUENCE.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the OS random source works");
    (u64::from_le_bytes(b) >> 11) as i64
}

/// A random token of `bytes` bytes, as lowercase hex (session cookies, API tokens, leases).
pub fn random_token(bytes: usize) -> String {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b).expect("the OS random source works");
    hex(&b)
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// SHA-256 of `text`, as lowercase hex (how tokens are stored).
pub fn sha256_hex(text: &str) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(text.as_bytes()))
}
