//! Rate limits on what costs an attacker nothing and the server a password hash: failed log-ins
//! per account and per client address, sign-ups per address.
//!
//! Each key has a token bucket: `burst` tokens that come back evenly over `window`; a failure
//! (or a sign-up) takes one, and an empty bucket answers "retry in N s". A correct password
//! refills the account's bucket (its owner is back) but not the address's. The buckets live in
//! this process's memory (moka: bounded, idle keys expire), so N web processes allow N times
//! the limits; the figures are per process in the docs.

use moka::sync::Cache;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Failures are counted over this window.
pub const LOGIN_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Sign-ups are counted over this window.
pub const SIGNUP_WINDOW: Duration = Duration::from_secs(60 * 60);

#[derive(Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Token buckets by key.
pub struct Limiter {
    burst: f64,
    /// Tokens per second.
    rate: f64,
    buckets: Cache<String, Arc<Mutex<Bucket>>>,
}

impl Limiter {
    /// `burst` events per `window`, coming back one by one.
    pub fn new(burst: u32, window: Duration) -> Limiter {
        let burst = f64::from(burst.max(1));
        Limiter {
            burst,
            rate: burst / window.as_secs_f64().max(1.0),
            buckets: Cache::builder().max_capacity(200_000).time_to_idle(window).build(),
        }
    }

    fn bucket(&self, key: &str) -> Arc<Mutex<Bucket>> {
        let burst = self.burst;
        self.buckets.get_with(key.to_string(), || Arc::new(Mutex::new(Bucket { tokens: burst, at: Instant::now() })))
    }

    fn refill(&self, b: &mut Bucket, now: Instant) {
        b.tokens = (b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * self.rate).min(self.burst);
        b.at = now;
    }

    /// `Err(wait)` if `key` has nothing left, with the time until it has one again.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        if !self.buckets.contains_key(key) {
            return Ok(());
        }
        let bucket = self.bucket(key);
        let mut b = bucket.lock().unwrap_or_else(|e| e.into_inner());
        self.refill(&mut b, Instant::now());
        if b.tokens >= 1.0 {
            Ok(())
        } else {
            Err(Duration::from_secs_f64(((1.0 - b.tokens) / self.rate).ceil().max(1.0)))
        }
    }

    /// Takes one token from `key` (a failure, a sign-up).
    pub fn take(&self, key: &str) {
        let bucket = self.bucket(key);
        let mut b = bucket.lock().unwrap_or_else(|e| e.into_inner());
        self.refill(&mut b, Instant::now());
        b.tokens = (b.tokens - 1.0).max(0.0);
    }

    /// Forgets `key`'s history (its owner proved who they are).
    pub fn reset(&self, key: &str) {
        self.buckets.invalidate(key);
    }
}

/// Which limit was reached, and for how long.
#[derive(Debug, thiserror::Error)]
pub enum Throttled {
    #[error("too many failed log-ins for this account; try again in {} s", .0.as_secs())]
    Account(Duration),
    #[error("too many failed log-ins from your address; try again in {} s", .0.as_secs())]
    Address(Duration),
    #[error("too many accounts created from your address; try again in {} s", .0.as_secs())]
    Signups(Duration),
}

impl Throttled {
    pub fn retry_after(&self) -> Duration {
        match self {
            Throttled::Account(d) | Throttled::Address(d) | Throttled::Signups(d) => *d,
        }
    }
}

/// The server's limits.
pub struct Throttles {
    accounts: Limiter,
    addresses: Limiter,
    signups: Limiter,
}

impl Throttles {
    pub fn new(config: &crate::site::core::config::SiteConfig) -> Throttles {
        Throttles {
            accounts: Limiter::new(config.login_failures_per_account, LOGIN_WINDOW),
            addresses: Limiter::new(config.login_failures_per_address, LOGIN_WINDOW),
            signups: Limiter::new(config.signups_per_address, SIGNUP_WINDOW),
        }
    }

    /// Before checking a password: refuses if the account or the address has no failures left.
    pub fn may_try_login(&self, username: &str, address: Option<&str>) -> Result<(), Throttled> {
        self.accounts.check(&username.to_lowercase()).map_err(Throttled::Account)?;
        if let Some(a) = address {
            self.addresses.check(a).map_err(Throttled::Address)?;
        }
        Ok(())
    }

    pub fn login_failed(&self, username: &str, address: Option<&str>) {
        self.accounts.take(&username.to_lowercase());
        if let Some(a) = address {
            self.addresses.take(a);
        }
    }

    pub fn login_succeeded(&self, username: &str) {
        self.accounts.reset(&username.to_lowercase());
    }

    /// Counts a sign-up attempt from `address`, or refuses it.
    pub fn signup(&self, address: Option<&str>) -> Result<(), Throttled> {
        let Some(a) = address else { return Ok(()) };
        self.signups.check(a).map_err(Throttled::Signups)?;
        self.signups.take(a);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_empties_then_comes_back_one_by_one() {
        let l = Limiter::new(3, Duration::from_secs(3));
        for _ in 0..3 {
            assert!(l.check("k").is_ok());
            l.take("k");
        }
        let wait = l.check("k").unwrap_err();
        assert!(wait <= Duration::from_secs(1), "{wait:?}");
        assert!(l.check("other").is_ok(), "keys are independent");
        std::thread::sleep(Duration::from_millis(1100));
        assert!(l.check("k").is_ok(), "one token back after window/burst");
        l.take("k");
        assert!(l.check("k").is_err());
        l.reset("k");
        assert!(l.check("k").is_ok());
    }

    #[test]
    fn accounts_are_case_insensitive_and_success_resets_only_the_account() {
        let mut config = crate::site::core::config::SiteConfig::for_tests("postgres://x");
        config.login_failures_per_account = 2;
        config.login_failures_per_address = 3;
        let t = Throttles::new(&config);
        t.login_failed("Bob", Some("10.0.0.1"));
        t.login_failed("bob", Some("10.0.0.1"));
        let e = t.may_try_login("BOB", Some("10.0.0.2")).unwrap_err();
        assert!(matches!(e, Throttled::Account(_)), "{e}");
        assert!(e.to_string().starts_with("too many failed log-ins for this account; try again in "), "{e}");
        t.login_succeeded("bob");
        assert!(t.may_try_login("bob", Some("10.0.0.2")).is_ok());
        t.login_failed("carol", Some("10.0.0.1"));
        assert!(matches!(t.may_try_login("dave", Some("10.0.0.1")), Err(Throttled::Address(_))));
        assert!(t.may_try_login("dave", Some("10.0.0.3")).is_ok());
    }
}
