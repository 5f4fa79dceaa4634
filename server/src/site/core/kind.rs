//! What a match is for ([`Kind`], with its priority in the queue) and how it left the queue
//! ([`MatchEnd`]): the vocabulary that the queue, the match sources and the read models share.
//! Each kind belongs to one match source (`sources::SCHEDULERS`; a test checks it).

/// Declares [`Kind`] from one list, so that the enum, [`Kind::ALL`], the strings stored in
/// `matches.kind` and the priorities stored in `matches.priority` cannot drift apart.
macro_rules! kinds {
    ($($(#[$doc:meta])* $variant:ident = $name:literal @ $priority:literal,)*) => {
        /// What a match is for; each kind belongs to one match source.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Kind {
            $($(#[$doc])* $variant,)*
        }

        impl Kind {
            /// Every kind.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant,)*];

            /// As stored in `matches.kind`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }

            pub fn parse(s: &str) -> Option<Kind> {
                match s {
                    $($name => Some(Kind::$variant),)*
                    _ => None,
                }
            }

            /// Its priority in the queue (lower runs first), stored with each match.
            pub fn priority(self) -> i32 {
                match self {
                    $(Kind::$variant => $priority,)*
                }
            }
        }
    };
}

kinds! {
    /// Four copies of a new bot.
    Sanity = "sanity" @ 0,
    /// A new bot against three Dummies.
    Qualification = "qualification" @ 0,
    /// Representatives and house bots, rated; they run when nothing else waits.
    Ladder = "ladder" @ 10,
    /// A match of an elimination tournament (`sources::tournaments`): after qualification.
    Tournament = "tournament" @ 5,
    /// Four bots a player picked, unrated (`sources::practice`): after qualification and
    /// tournaments, before the ladder.
    Practice = "practice" @ 7,
}

/// How a match left the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd<'a> {
    /// Played to the end: `matches` is marked done and `match_players` holds the scores, ranks
    /// and freezes.
    Played,
    /// Could not be played (a bot no longer loads...) or given up after too many attempts:
    /// marked failed with this reason.
    Failed(&'a str),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priorities_are_unchanged() {
        // Stored in `matches.priority`: qualification, then tournaments, then practice, then the
        // ladder.
        assert_eq!(Kind::Sanity.priority(), 0);
        assert_eq!(Kind::Qualification.priority(), 0);
        assert_eq!(Kind::Tournament.priority(), 5);
        assert_eq!(Kind::Practice.priority(), 7);
        assert_eq!(Kind::Ladder.priority(), 10);
    }

    #[test]
    fn kinds_round_trip() {
        for &kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(Kind::parse("nonsense"), None);
    }
}
