//! The player API of a game, read from the C++ SDK's headers (`crate::games`): the
//! public member functions a player's `play()` can call, with the comment above each one.
//! Derived rather than written out, so the rules page's API table cannot drift from the SDK.
//!
//! The headers are Arena's own and follow one style (one declaration per line, its comment on
//! the lines above, bodies in braces), which is all this reader understands: it is not a C++
//! parser. A test checks that every game's table has the calls players use.

use crate::games::{GameAssets, SdkFile, CPP_SHARED_HEADERS, GAMES};
use std::sync::OnceLock;

/// One call of the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiCall {
    /// The class that offers it, as the kit names it (`Settings`, `State`, `Action`, `Player`).
    pub class: &'static str,
    /// Its name (`nb_units`).
    pub name: String,
    /// Its declaration without body and qualifiers (`int nb_units()`).
    pub signature: String,
    /// What it does: the comment above it in the header, or the parameter's description for an
    /// accessor of a parameter without one; may be empty.
    pub doc: String,
}

/// The classes of the API, in the page's order, with the header that declares each one in a
/// game's folder. Their bases in the shared headers (GridSettings...) are read too.
const CLASSES: &[(&str, &str)] = &[("Settings", "Settings.hh"), ("State", "State.hh"), ("Action", "Action.hh")];

/// A game's API table, derived once; `None` for a game without a C++ SDK.
pub fn api(game: &str) -> Option<&'static [ApiCall]> {
    static TABLES: OnceLock<Vec<(&'static str, Vec<ApiCall>)>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| GAMES.iter().map(|g| (g.name, derive(g))).collect());
    tables.iter().find(|(g, _)| *g == game).map(|(_, t)| t.as_slice())
}

fn header(files: &[SdkFile], file: &str) -> Option<&'static str> {
    files.iter().find(|f| f.path.rsplit('/').next() == Some(file)).map(|f| f.text)
}

fn derive(game: &GameAssets) -> Vec<ApiCall> {
    let params = engine::catalog::find(game.name).map(|g| g.param_specs()).unwrap_or(&[]);
    let mut out = Vec::new();
    for (class, file) in CLASSES {
        let Some(text) = header(game.cpp_headers, file) else { continue };
        let Some(found) = class_body(text, class) else { continue };
        // The shared base first (GridSettings before Pandemic's own), as the kit's docs list them.
        for base in ["GridSettings", "GridState", "GridAction"] {
            if found.bases.contains(base) {
                if let Some(shared) = shared_class(base) {
                    // The shared classes are templates over the game's types: name those.
                    out.extend(methods(&shared, class, params).into_iter().map(|mut c| {
                        c.signature = c.signature.replace("CellT ", "Cell ").replace("UnitT ", "Unit ");
                        c
                    }));
                }
            }
        }
        out.extend(methods(&found, class, params));
    }
    // The same for every game: Player's own calls and its random numbers.
    for (class, file, shown) in [("Player", "player.hh", "Player"), ("Random_generator", "Random.hh", "Player")] {
        if let Some(found) = header(CPP_SHARED_HEADERS, file).and_then(|t| class_body(t, class)) {
            out.extend(methods(&found, shown, params));
        }
    }
    out
}

fn shared_class(name: &str) -> Option<ClassText<'static>> {
    CPP_SHARED_HEADERS.iter().find_map(|f| class_body(f.text, name))
}

/// A class's head and the lines of its body.
struct ClassText<'a> {
    bases: &'a str,
    /// `struct`s start public, `class`es private.
    public_first: bool,
    lines: Vec<&'a str>,
}

/// Finds `class NAME ... {` at the start of a line and returns the body's lines (to the
/// matching `};`).
fn class_body<'a>(text: &'a str, name: &str) -> Option<ClassText<'a>> {
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        for (kw, public_first) in [("class ", false), ("struct ", true)] {
            let Some(rest) = line.strip_prefix(kw).and_then(|r| r.strip_prefix(name)) else { continue };
            // `class Player : ...`, not `class PlayerX`; a forward declaration has no `{`.
            if rest.starts_with([' ', '{', ':']) && line.contains('{') {
                return body_of(line, lines, public_first);
            }
        }
    }
    None
}

fn body_of<'a>(head: &'a str, rest: std::str::Lines<'a>, public_first: bool) -> Option<ClassText<'a>> {
    let bases = head.split_once(':').map(|(_, b)| b).unwrap_or("");
    let mut depth = braces(head);
    let mut lines = Vec::new();
    if depth <= 0 {
        // `class Action : public GridAction {};`: no members of its own.
        return Some(ClassText { bases, public_first, lines });
    }
    for line in rest {
        let after = depth + braces(line);
        if after <= 0 {
            break;
        }
        lines.push(line);
        depth = after;
    }
    Some(ClassText { bases, public_first, lines })
}

/// `{` minus `}` on a line, outside comments, strings and character literals.
fn braces(line: &str) -> i32 {
    let code = line.split("//").next().unwrap_or("");
    let mut n = 0;
    let (mut in_str, mut in_char, mut escaped) = (false, false, false);
    for c in code.chars() {
        if escaped {
            escaped = false;
            continue;
        }
        match c {
            '\\' if in_str || in_char => escaped = true,
            '"' if !in_char => in_str = !in_str,
            '\'' if !in_str => in_char = !in_char,
            '{' if !in_str && !in_char => n += 1,
            '}' if !in_str && !in_char => n -= 1,
            _ => {}
        }
    }
    n
}

/// The public member functions of a class body, with their comments.
fn methods(class: &ClassText, shown_as: &'static str, params: &[engine::params::ParamSpec]) -> Vec<ApiCall> {
    let mut out: Vec<ApiCall> = Vec::new();
    let mut public = class.public_first;
    let mut depth = 1;
    let mut doc: Vec<&str> = Vec::new();
    // The last declaration's name and doc, for an overload on the next line (`pos_ok(Pos p)`).
    let mut last: Option<(String, String)> = None;
    let mut pending = String::new();
    for line in &class.lines {
        let t = line.trim();
        if depth > 1 {
            depth += braces(line);
            continue;
        }
        match t {
            "public:" => public = true,
            "private:" | "protected:" => public = false,
            "" => {
                doc.clear();
                last = None;
            }
            _ if t.starts_with('#') => {}
            _ if t.starts_with("//") => {
                doc.push(t.trim_start_matches('/').trim());
                last = None;
            }
            _ => {
                pending.push_str(t);
                pending.push(' ');
                let d = braces(line);
                depth += d;
                if !(t.contains('{') || t.ends_with(';')) {
                    continue;
                }
                let decl = std::mem::take(&mut pending);
                let text = doc.join(" ");
                doc.clear();
                if !public {
                    last = None;
                    continue;
                }
                match function(&decl) {
                    Some((name, signature)) if !hidden(&name, shown_as) => {
                        let text = match (&last, text.is_empty()) {
                            (Some((prev, prev_doc)), true) if *prev == name => prev_doc.clone(),
                            (_, true) => param_doc(&name, params),
                            _ => text,
                        };
                        last = Some((name.clone(), text.clone()));
                        out.push(ApiCall { class: shown_as, name, signature, doc: text });
                    }
                    _ => last = None,
                }
            }
        }
    }
    out
}

/// Not for players: the SDK's own plumbing, constructors and operators.
fn hidden(name: &str, class: &str) -> bool {
    name.starts_with("arena_") || name.ends_with('_') || name == class || name.starts_with('~')
}

/// `(name, signature)` of a member function declaration (up to its body), if it is one.
fn function(decl: &str) -> Option<(String, String)> {
    let head = decl.split('{').next().unwrap_or(decl).trim().trim_end_matches(';').trim();
    if ["typedef ", "friend ", "using ", "template "].iter().any(|k| head.starts_with(k)) || head.contains("operator") {
        return None;
    }
    let open = head.find('(')?;
    let close = head.rfind(')')?;
    let name = head[..open].trim_end().rsplit([' ', '*', '&']).next()?.to_string();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    // Return type and name, then the parameters; `virtual`, `const` and `override` dropped.
    let before = head[..open].trim().trim_start_matches("virtual ").trim();
    if before == name {
        return None; // a constructor
    }
    let signature = format!("{}{}", before, &head[open..=close]);
    Some((name, signature))
}

/// For an accessor named like a parameter: the parameter's description.
fn param_doc(name: &str, params: &[engine::params::ParamSpec]) -> String {
    params.iter().find(|p| p.name == name).map(|p| capitalised(p.doc)).unwrap_or_default()
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect::<String>() + ".",
        None => String::new(),
    }
}
