//! Hints for the GNU C++ that g++ accepts and clang rejects. The kits are built with g++, so a
//! student's player may use a GNU extension clang refuses (an initialised variable-length array
//! above all) or a name of g++'s library that libc++ lacks. `arena build` shows clang's messages
//! unchanged; after an error that is one of these, it adds one line saying what to write instead.
//!
//! [`Hints`] reads clang's messages line by line: an error line with a known cause makes a hint,
//! which is printed when the error's source excerpt and notes are over (before the next error or
//! warning, or the "N errors generated." line, or at the end). A hint is printed once per file.

use std::path::Path;

/// Follows one compile's messages and says when to print which hint.
#[derive(Default)]
pub struct Hints {
    /// The hint of the current error, printed when its messages end.
    pending: Option<String>,
    /// The hints already printed.
    shown: Vec<String>,
}

impl Hints {
    /// Takes the next line of the compiler's messages (colours included); returns a hint to
    /// print before it.
    pub fn line(&mut self, raw: &str) -> Option<String> {
        let text = strip_colours(raw);
        let ends_previous = Diagnostic::parse(&text).is_some_and(|d| d.severity != "note")
            || text.starts_with("In file included from ")
            || text.ends_with(" generated.");
        let out = if ends_previous { self.pending.take() } else { None };
        if let Some(d) = Diagnostic::parse(&text) {
            if d.severity.ends_with("error") {
                if let Some(h) = hint_for(&d).filter(|h| !self.shown.contains(h)) {
                    self.shown.push(h.clone());
                    self.pending = Some(h);
                }
            }
        }
        out
    }

    /// The hint still to print when the messages end.
    pub fn finish(&mut self) -> Option<String> {
        self.pending.take()
    }
}

/// One diagnostic line: `file:line:col: severity: message`.
struct Diagnostic<'a> {
    file: &'a str,
    line: usize,
    col: usize,
    severity: &'a str,
    message: &'a str,
}

impl<'a> Diagnostic<'a> {
    fn parse(text: &'a str) -> Option<Diagnostic<'a>> {
        for severity in ["fatal error", "error", "warning", "note"] {
            let sep = format!(": {severity}: ");
            let Some(at) = text.find(&sep) else { continue };
            // The file may hold colons: line and column are the last two fields.
            let mut loc = text[..at].rsplitn(3, ':');
            let col = loc.next()?.parse().ok()?;
            let line = loc.next()?.parse().ok()?;
            let file = loc.next()?;
            return Some(Diagnostic { file, line, col, severity, message: &text[at + sep.len()..] });
        }
        None
    }

    fn location(&self) -> String {
        format!("{}:{}:{}", self.file, self.line, self.col)
    }
}

/// The hint for an error, when its cause is a known GNU-only construct.
fn hint_for(d: &Diagnostic) -> Option<String> {
    let m = d.message;
    let gnu = "g++ accepts it as a GNU extension, clang does not";
    if m.starts_with("variable-sized object may not be initialized") {
        let source = std::fs::read(Path::new(d.file)).ok();
        let line = source.as_deref().and_then(|s| String::from_utf8_lossy(s).lines().nth(d.line - 1).map(String::from));
        let fix = line
            .and_then(|l| vector_for_vla(&l, d.col))
            .unwrap_or_else(|| "`vector<vector<bool>> seen(rows(), vector<bool>(cols(), false));`".to_string());
        return Some(format!(
            "{}: hint: an array whose size is not a constant cannot have an initializer ({gnu}); write {fix} \
             instead, or give the array constant sizes",
            d.location()
        ));
    }
    if m.starts_with("'auto' not allowed in function prototype") {
        return Some(format!(
            "{}: hint: `auto` parameters are C++20 ({gnu} in C++17); write a template \
             (`template <typename T> void f(T x)`) or name the type",
            d.location()
        ));
    }
    if m.starts_with("use of undeclared identifier '__lg'") {
        return Some(format!(
            "{}: hint: `__lg` is g++'s library's, which the WebAssembly build has not; for x > 0 write \
             `31 - __builtin_clz(x)` (`63 - __builtin_clzll(x)` for a long long)",
            d.location()
        ));
    }
    // libc++'s own `__gcd` takes unsigned numbers only: the error is in its header.
    if d.file.ends_with("gcd_lcm.h") && m.contains("is_signed") {
        return Some(
            "hint: `__gcd` is g++'s library's (here libc++'s takes unsigned numbers only); write `gcd(a, b)` \
             (C++17, <numeric>)"
                .to_string(),
        );
    }
    if m.ends_with("file not found") && (m.starts_with("'ext/") || m.starts_with("'bits/")) {
        return Some(format!(
            "{}: hint: <{}> is a header of g++'s library (libstdc++), which the WebAssembly build has not; \
             include the standard headers (or just \"Player.hh\", which has them all)",
            d.location(),
            m.split('\'').nth(1).unwrap_or("")
        ));
    }
    None
}

/// `vector<vector<bool>> seen(board_rows(), vector<bool>(board_cols(), false));` for the line
/// `bool seen[board_rows()][board_cols()] = {false};`, whose first size starts at column `col`
/// (1-based, as clang counts): the same array as a vector, when the line is a plain declaration
/// with an empty or zero initializer (what g++ means by `{x}` with another x is the first element
/// x and the others zero, which no one-line vector says).
fn vector_for_vla(line: &str, col: usize) -> Option<String> {
    let at = col.checked_sub(1)?.min(line.len());
    let open = line.get(..at)?.rfind('[')?;
    let before = line[..open].trim_end();
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let name_start =
        before.char_indices().rev().take_while(|&(_, c)| is_name(c)).last().map_or(before.len(), |(k, _)| k);
    let name = &before[name_start..];
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let decl_start = before[..name_start].rfind([';', '{', '}']).map_or(0, |k| k + 1);
    let ty = before[decl_start..name_start].trim();
    // A comma outside template arguments is a second declarator (`int a[n] = {0}, b[n] = {0};`).
    let mut angles = 0i32;
    let two_declarators = ty.chars().any(|c| {
        angles += i32::from(c == '<') - i32::from(c == '>');
        c == ',' && angles == 0
    });
    let refused = ["=", "(", ")", "const", "static", "&", "[", "]"];
    if ty.is_empty() || two_declarators || refused.iter().any(|r| ty.contains(r)) {
        return None;
    }

    // The sizes: bracket groups, nested brackets and parentheses allowed.
    let mut rest = &line[open..];
    let mut sizes = Vec::new();
    while let Some(inner) = rest.strip_prefix('[') {
        let end = closing(inner, '[', ']')?;
        sizes.push(inner[..end].trim());
        rest = inner[end + 1..].trim_start();
    }
    let rest = rest.strip_prefix('=').map_or(rest, str::trim_start);
    let init = rest.strip_prefix('{')?;
    let value = init[..closing(init, '{', '}')?].trim();
    let zeros = ["", "0", "false", "0.0", "0.", "'\\0'", "nullptr", "NULL", "0L", "0LL", "0ll", "0u", "0U"];
    if sizes.is_empty() || sizes.iter().any(|s| s.is_empty()) || !zeros.contains(&value) {
        return None;
    }

    // Innermost first: vector<T>(k, v), then vector<vector<T>>(m, that)..., and the declaration
    // takes the outermost size and the fill.
    let with_value = |size: &str| if value.is_empty() { size.to_string() } else { format!("{size}, {value}") };
    let mut ty_here = format!("vector<{ty}>");
    let (first, inner) = sizes.split_first()?;
    let mut args = with_value(first);
    if let Some((last, middle)) = inner.split_last() {
        let mut fill = format!("{ty_here}({})", with_value(last));
        for size in middle.iter().rev() {
            ty_here = format!("vector<{ty_here}>");
            fill = format!("{ty_here}({size}, {fill})");
        }
        ty_here = format!("vector<{ty_here}>");
        args = format!("{first}, {fill}");
    }
    Some(format!("`{ty_here} {name}({args});`"))
}

/// The index in `s` of the `close` that closes an `open` already read, counting nested ones.
fn closing(s: &str, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    for (k, c) in s.char_indices() {
        if c == open || c == '(' {
            depth += 1;
        } else if c == close || c == ')' {
            if depth == 0 {
                return (c == close).then_some(k);
            }
            depth -= 1;
        }
    }
    None
}

/// The text without the terminal's colour sequences (`ESC [ ... m`).
fn strip_colours(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_initialised_vla_becomes_a_vector() {
        let line = "    bool seen[board_rows()][board_cols()] = {false};";
        let col = line.find("board_rows").unwrap() + 1;
        assert_eq!(
            vector_for_vla(line, col).as_deref(),
            Some("`vector<vector<bool>> seen(board_rows(), vector<bool>(board_cols(), false));`")
        );
        let line = "int d[n][m][k] {};";
        assert_eq!(
            vector_for_vla(line, 7).as_deref(),
            Some("`vector<vector<vector<int>>> d(n, vector<vector<int>>(m, vector<int>(k)));`")
        );
        let line = "  for (int i = 0; i < 3; ++i) { long long dist[v[i].size()] = {0}; }";
        let col = line.find("v[i]").unwrap() + 1;
        assert_eq!(vector_for_vla(line, col).as_deref(), Some("`vector<long long> dist(v[i].size(), 0);`"));
        let line = "vector<pair<int, int>> from[n] = {};";
        assert_eq!(vector_for_vla(line, 29).as_deref(), Some("`vector<vector<pair<int, int>>> from(n);`"));
    }

    #[test]
    fn what_no_vector_says_gets_the_general_hint() {
        // `{-1}` is -1 then zeros in g++; a list; two declarators; a pointer; a const.
        for line in ["int d[n] = {-1};", "int d[n] = {1, 2};", "int a[n] = {0}, d[n] = {0};", "const int d[n] = {};"] {
            let col = line.rfind("[n]").unwrap() + 2;
            assert_eq!(vector_for_vla(line, col), None, "{line}");
        }
        assert_eq!(vector_for_vla("int& d[n] = {};", 8), None);
        assert_eq!(vector_for_vla("d[n] = {};", 3), None);
        assert_eq!(vector_for_vla("", 3), None);
        assert_eq!(vector_for_vla("int d[n = {};", 7), None);
    }

    #[test]
    fn a_hint_follows_its_errors_excerpt() {
        let dir = tempfile::TempDir::new().unwrap();
        let src = dir.path().join("AIMine.cc");
        std::fs::write(&src, "int f(int n) {\n  bool seen[n][n] = {false};\n  return 0;\n}\n").unwrap();
        let file = src.display().to_string();
        let messages = [
            format!(
                "\u{1b}[1m{file}:2:13: \u{1b}[0m\u{1b}[0;1;31merror: \u{1b}[0m\
                 variable-sized object may not be initialized"
            ),
            "    2 |   bool seen[n][n] = {false};".to_string(),
            "      |             ^".to_string(),
            format!("{file}:3:3: warning: something else"),
            "1 warning and 1 error generated.".to_string(),
        ];
        let mut hints = Hints::default();
        let shown: Vec<Option<String>> = messages.iter().map(|l| hints.line(l)).collect();
        assert_eq!(shown[..3], [None, None, None]);
        let hint = shown[3].clone().expect("the hint comes before the next diagnostic");
        assert!(hint.starts_with(&format!("{file}:2:13: hint: an array whose size is not a constant")), "{hint}");
        assert!(hint.contains("write `vector<vector<bool>> seen(n, vector<bool>(n, false));` instead"), "{hint}");
        assert_eq!(shown[4], None);
        assert_eq!(hints.finish(), None);
    }

    #[test]
    fn each_hint_once_and_the_last_at_the_end() {
        let mut hints = Hints::default();
        let err = "AIMine.cc:4:9: error: use of undeclared identifier '__lg'";
        assert_eq!(hints.line(err), None);
        let first = hints.line(err).expect("the first hint, before the second error");
        assert!(first.starts_with("AIMine.cc:4:9: hint: `__lg`"), "{first}");
        assert_eq!(hints.finish(), None, "the same hint is not repeated");

        let mut hints = Hints::default();
        hints.line(
            "/usr/include/c++/v1/__numeric/gcd_lcm.h:56:17: error: static assertion failed due to requirement \
             '!is_signed<int>::value': ",
        );
        hints.line("AIMine.cc:3:10: note: in instantiation of function template specialization 'std::__gcd<int>' here");
        assert!(hints.finish().is_some_and(|h| h.starts_with("hint: `__gcd`")));

        let mut hints = Hints::default();
        hints.line("AIMine.cc:1:10: fatal error: 'ext/pb_ds/assoc_container.hpp' file not found");
        let h = hints.line("1 error generated.").unwrap();
        assert!(
            h.starts_with("AIMine.cc:1:10: hint: <ext/pb_ds/assoc_container.hpp> is a header of g++'s library"),
            "{h}"
        );

        let mut hints = Hints::default();
        hints.line("AIMine.cc:1:10: error: expected expression");
        hints.line("AIMine.cc:1:10: warning: variable-sized object may not be initialized");
        assert_eq!(hints.finish(), None, "other errors, and warnings, get no hint");
    }
}
