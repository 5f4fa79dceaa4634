//! Bot name rules (platform spec, "Accepting an upload"): 1 to 12 characters of ASCII letters,
//! digits and `_`; not offensive; not a house bot's name. Uniqueness per game is the database's
//! business (`bot_names`, checked in `uploads`).

pub const MAX_NAME_CHARS: usize = 12;

/// Names of the house bots of every game, reserved even where a game has none yet.
const ALWAYS_RESERVED: &[&str] = &["Null", "Demo", "Dummy"];

/// Offensive words (English, Spanish, Catalan), matched as substrings of the lowercased name
/// with `_` and digits removed. Kept to words that rarely hide inside innocent ones.
const OFFENSIVE: &[&str] = &[
    // English
    "fuck",
    "shit",
    "cunt",
    "bitch",
    "nigger",
    "nigga",
    "faggot",
    "whore",
    "slut",
    "asshole",
    "wanker",
    "twat",
    "dickhead",
    "cocksucker",
    "hitler",
    // Spanish
    "puta",
    "puto",
    "mierda",
    "cabron",
    "pendejo",
    "gilipoll",
    "maricon",
    "joder",
    "culero",
    "chingad",
    // Catalan
    "merda",
    "collons",
    "malparit",
];

/// Innocent words that contain an offensive one (computadora, disputa, Scunthorpe...); they are
/// blanked out before matching.
const INNOCENT: &[&str] = &[
    "computa",
    "computo",
    "disputa",
    "disputo",
    "reputa",
    "reputo",
    "imputa",
    "imputo",
    "diputa",
    "diputo",
    "deputa",
    "amputa",
    "amputo",
    "scunthorpe",
];

/// Why a bot name was refused; the message says the rule (and the limit).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("the name is empty; it must be 1 to {MAX_NAME_CHARS} characters")]
    Empty,
    #[error("the name is {len} characters; the limit is {MAX_NAME_CHARS}")]
    TooLong { len: usize },
    #[error("the name may contain only ASCII letters, digits and _; {ch:?} is not allowed")]
    Character { ch: char },
    #[error("{house} is a house bot's name; choose another")]
    House { house: String },
    #[error("the name contains an offensive word; choose another")]
    Offensive,
}

/// Checks a bot name for `game` against the rules (not against names already taken).
pub fn check_bot_name(game: &str, name: &str) -> Result<(), NameError> {
    let len = name.chars().count();
    if len == 0 {
        return Err(NameError::Empty);
    }
    if len > MAX_NAME_CHARS {
        return Err(NameError::TooLong { len });
    }
    if let Some(ch) = name.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '_')) {
        return Err(NameError::Character { ch });
    }
    let house = crate::games::house_bots(game).iter().map(|b| b.name).chain(ALWAYS_RESERVED.iter().copied());
    for house in house {
        if house.eq_ignore_ascii_case(name) {
            return Err(NameError::House { house: house.to_string() });
        }
    }
    if is_offensive(name) {
        return Err(NameError::Offensive);
    }
    Ok(())
}

/// Whether `name` contains a word of the list, ignoring case, `_` and digits (so `F_u_c_k` and
/// `shit99` do not slip through).
pub fn is_offensive(name: &str) -> bool {
    let mut letters: String =
        name.chars().filter(|c| *c != '_' && !c.is_ascii_digit()).map(|c| c.to_ascii_lowercase()).collect();
    for word in INNOCENT {
        // A separator, not nothing: the pieces around an innocent word must not join up.
        letters = letters.replace(word, ".");
    }
    OFFENSIVE.iter().any(|w| letters.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_names() {
        for ok in ["a", "Z", "_", "Bot_2", "ABCDEFGHIJKL", "Terminator", "x1_y2", "Dummy2", "Nully"] {
            assert_eq!(check_bot_name("pandemic", ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn length() {
        assert_eq!(check_bot_name("pandemic", ""), Err(NameError::Empty));
        assert_eq!(check_bot_name("pandemic", "ABCDEFGHIJKLM"), Err(NameError::TooLong { len: 13 }));
        assert_eq!(
            check_bot_name("pandemic", "ABCDEFGHIJKLM").unwrap_err().to_string(),
            "the name is 13 characters; the limit is 12"
        );
        assert_eq!(
            check_bot_name("pandemic", "").unwrap_err().to_string(),
            "the name is empty; it must be 1 to 12 characters"
        );
        // Characters, not bytes: the length is reported before the character rule.
        assert_eq!(check_bot_name("pandemic", &"\u{e9}".repeat(13)), Err(NameError::TooLong { len: 13 }));
    }

    #[test]
    fn characters() {
        assert_eq!(check_bot_name("pandemic", "my bot"), Err(NameError::Character { ch: ' ' }));
        assert_eq!(check_bot_name("pandemic", "bot-2"), Err(NameError::Character { ch: '-' }));
        assert_eq!(check_bot_name("pandemic", "Jos\u{e9}"), Err(NameError::Character { ch: '\u{e9}' }));
        assert!(check_bot_name("pandemic", "a<b")
            .unwrap_err()
            .to_string()
            .contains("only ASCII letters, digits and _"));
    }

    #[test]
    fn house_names() {
        for name in ["Dummy", "dummy", "DUMMY", "Null", "demo"] {
            assert!(matches!(check_bot_name("pandemic", name), Err(NameError::House { .. })), "{name}");
        }
        // Reserved in games without house bots yet, too.
        assert!(matches!(check_bot_name("mad-max", "Dummy"), Err(NameError::House { .. })));
        assert_eq!(
            check_bot_name("pandemic", "dummy").unwrap_err().to_string(),
            "Dummy is a house bot's name; choose another"
        );
    }

    #[test]
    fn offensive() {
        for bad in ["fuck", "FuckBot", "f_u_c_k", "S_h_i_t99", "sh1it", "HijoPuta", "MERDA", "xCollonsx", "Cabron99"] {
            assert_eq!(check_bot_name("pandemic", bad), Err(NameError::Offensive), "{bad}");
        }
        for fine in ["Computadora", "Disputa", "Reputation", "Scunthorpe", "Class", "Grape", "Peacock", "Assassin"] {
            assert_eq!(check_bot_name("pandemic", fine), Ok(()), "{fine}");
        }
        // Blanking an innocent word does not join its neighbours into an offensive one.
        assert!(!is_offensive("fuComputack"));
    }
}
