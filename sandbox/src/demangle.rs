//! The C++ SDK reports an uncaught exception of a player's own class by its mangled type name
//! (`uncaught exception of type _ZTS<name>`), so that no bot links libc++abi's demangler (over
//! half of a small bot's code, compiled, cached and loaded with every bot); the host demangles
//! it here with `cpp_demangle` (gimli-rs), which parses the Itanium C++ ABI as libc++abi does.

/// What the SDK writes before the mangled name.
const MARK: &str = "uncaught exception of type _ZTS";

/// `text` with the mangled type name after [`MARK`] demangled; unchanged if it has none, or if
/// the name does not parse (then the mangled name stays, without the `_ZTS` prefix).
pub(crate) fn exception_text(text: &str) -> String {
    let Some(at) = text.find(MARK) else { return text.to_string() };
    let start = at + MARK.len();
    // The mangled name ends at the first character a mangled name cannot hold.
    let end = text[start..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.'));
    let end = end.map_or(text.len(), |e| start + e);
    let mangled = &text[start..end];
    let readable = cpp_demangle::Symbol::new(format!("_ZTS{mangled}"))
        .ok()
        .and_then(|s| s.demangle().ok())
        .and_then(|d| d.strip_prefix("typeinfo name for ").map(str::to_string))
        .unwrap_or_else(|| mangled.to_string());
    format!("{}uncaught exception of type {readable}{}", &text[..at], &text[end..])
}

#[cfg(test)]
mod tests {
    use super::exception_text;

    #[test]
    fn a_players_class_is_demangled() {
        assert_eq!(
            exception_text("uncaught exception of type _ZTS7NoRoute (WebAssembly bots cannot catch exceptions)"),
            "uncaught exception of type NoRoute (WebAssembly bots cannot catch exceptions)"
        );
        assert_eq!(
            exception_text("uncaught exception of type _ZTSN5games5ErrorE"),
            "uncaught exception of type games::Error"
        );
        assert_eq!(
            exception_text("uncaught exception of type _ZTSN12_GLOBAL__N_14OopsE (x)"),
            "uncaught exception of type (anonymous namespace)::Oops (x)"
        );
    }

    #[test]
    fn other_texts_are_unchanged() {
        for t in ["uncaught exception std::runtime_error: no path", "abort() called", "", "_ZTS7NoRoute"] {
            assert_eq!(exception_text(t), t);
        }
    }

    #[test]
    fn a_name_that_does_not_parse_stays_mangled() {
        assert_eq!(exception_text("uncaught exception of type _ZTS9Short"), "uncaught exception of type 9Short");
    }
}
