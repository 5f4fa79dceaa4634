//! Rate limits on what costs an attacker nothing and the server a password hash: log-in attempts
//! per account and per client address, sign-ups per address.
//!
//! Each key keeps the times of its recent events (a sliding window): at most `limit` within
//! `window`, exactly, each coming back `window` after it happened. A log-in attempt is counted
//! *before* the password hash ([`Throttles::begin_login`], check and count in one step under the
//! key's lock), so concurrent guesses cannot all pass the check before any is counted; a right
//! password gives the attempt back (and clears the account's history: its owner is back). The
//! windows live in this process's memory (moka: bounded, idle keys expire), so N web processes
//! allow N times the limits; the figures are per process in the docs.

use moka::sync::Cache;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Failures are counted over this window.
pub const LOGIN_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Sign-ups are counted over this window.
pub const SIGNUP_WINDOW: Duration = Duration::from_secs(60 * 60);

/// A key's events within the window, oldest first.
type Events = Arc<Mutex<VecDeque<Instant>>>;

/// Sliding-window counters by key.
pub struct Limiter {
    limit: usize,
    window: Duration,
    keys: Cache<String, Events>,
}

impl Limiter {
    /// At most `limit` events per `window`.
    pub fn new(limit: u32, window: Duration) -> Limiter {
        Limiter {
            limit: limit.max(1) as usize,
            window,
            keys: Cache::builder().max_capacity(200_000).time_to_idle(window).build(),
        }
    }

    fn events(&self, key: &str) -> Events {
        self.keys.get_with(key.to_string(), || Arc::new(Mutex::new(VecDeque::new())))
    }

    /// Counts an event for `key`, or `Err(wait)` (nothing counted) when `key` already had
    /// `limit` events in the window, with the time until the oldest leaves it.
    pub fn take(&self, key: &str) -> Result<(), Duration> {
        let events = self.events(key);
        let mut e = events.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        while e.front().is_some_and(|t| now.saturating_duration_since(*t) >= self.window) {
            e.pop_front();
        }
        if e.len() >= self.limit {
            let oldest = e.front().copied().unwrap_or(now);
            let wait = (oldest + self.window).saturating_duration_since(now);
            return Err(Duration::from_secs(wait.as_secs_f64().ceil().max(1.0) as u64));
        }
        e.push_back(now);
        Ok(())
    }

    /// Gives back `key`'s latest event (it turned out not to count).
    pub fn give_back(&self, key: &str) {
        if let Some(events) = self.keys.get(key) {
            events.lock().unwrap_or_else(|e| e.into_inner()).pop_back();
        }
    }

    /// Forgets `key`'s history (its owner proved who they are).
    pub fn reset(&self, key: &str) {
        self.keys.invalidate(key);
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

    /// Before checking a password: counts the attempt against the account and the address, or
    /// refuses it (nothing counted) when either has no attempts left. The caller then checks the
    /// password and calls [`Throttles::login_succeeded`] when it was right.
    pub fn begin_login(&self, username: &str, address: Option<&str>) -> Result<(), Throttled> {
        let account = username.to_lowercase();
        self.accounts.take(&account).map_err(Throttled::Account)?;
        if let Some(a) = address {
            if let Err(wait) = self.addresses.take(a) {
                self.accounts.give_back(&account);
                return Err(Throttled::Address(wait));
            }
        }
        Ok(())
    }

    /// The password was right: the account's history is cleared and the address gets its
    /// attempt back.
    pub fn login_succeeded(&self, username: &str, address: Option<&str>) {
        self.accounts.reset(&username.to_lowercase());
        if let Some(a) = address {
            self.addresses.give_back(a);
        }
    }

    /// Counts a sign-up attempt from `address`, or refuses it.
    pub fn signup(&self, address: Option<&str>) -> Result<(), Throttled> {
        let Some(a) = address else { return Ok(()) };
        self.signups.take(a).map_err(Throttled::Signups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_allows_exactly_its_limit_and_each_event_comes_back_after_the_window() {
        let l = Limiter::new(3, Duration::from_millis(600));
        for _ in 0..3 {
            assert!(l.take("k").is_ok());
        }
        let wait = l.take("k").unwrap_err();
        assert!(wait <= Duration::from_secs(1), "{wait:?}");
        assert!(l.take("other").is_ok(), "keys are independent");
        l.give_back("k");
        assert!(l.take("k").is_ok(), "a given-back event no longer counts");
        assert!(l.take("k").is_err());
        std::thread::sleep(Duration::from_millis(700));
        for _ in 0..3 {
            assert!(l.take("k").is_ok(), "the window has passed");
        }
        assert!(l.take("k").is_err());
        l.reset("k");
        assert!(l.take("k").is_ok());
    }

    #[test]
    fn concurrent_takes_never_pass_the_limit() {
        let l = Arc::new(Limiter::new(10, LOGIN_WINDOW));
        let passed: usize = (0..50)
            .map(|_| {
                let l = l.clone();
                std::thread::spawn(move || l.take("bob").is_ok() as usize)
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .sum();
        assert_eq!(passed, 10);
    }

    #[test]
    fn the_address_limit_is_exactly_the_configured_number() {
        let mut config = crate::site::core::config::SiteConfig::for_tests("postgres://x");
        config.login_failures_per_address = 100;
        config.login_failures_per_account = 1000;
        let t = Throttles::new(&config);
        for i in 0..100 {
            assert!(t.begin_login(&format!("user{i}"), Some("10.0.0.1")).is_ok(), "attempt {}", i + 1);
        }
        assert!(matches!(t.begin_login("user100", Some("10.0.0.1")), Err(Throttled::Address(_))));
        // The refused attempt did not count against its account.
        assert!(t.begin_login("user100", Some("10.0.0.2")).is_ok());
    }

    #[test]
    fn accounts_are_case_insensitive_and_success_resets_only_the_account() {
        let mut config = crate::site::core::config::SiteConfig::for_tests("postgres://x");
        config.login_failures_per_account = 2;
        config.login_failures_per_address = 3;
        let t = Throttles::new(&config);
        t.begin_login("Bob", Some("10.0.0.1")).unwrap();
        t.begin_login("bob", Some("10.0.0.1")).unwrap();
        let e = t.begin_login("BOB", Some("10.0.0.2")).unwrap_err();
        assert!(matches!(e, Throttled::Account(_)), "{e}");
        assert!(e.to_string().starts_with("too many failed log-ins for this account; try again in "), "{e}");
        t.login_succeeded("bob", Some("10.0.0.2"));
        assert!(t.begin_login("bob", Some("10.0.0.2")).is_ok());
        t.begin_login("carol", Some("10.0.0.1")).unwrap();
        assert!(matches!(t.begin_login("dave", Some("10.0.0.1")), Err(Throttled::Address(_))));
        assert!(t.begin_login("dave", Some("10.0.0.3")).is_ok());
    }
}
