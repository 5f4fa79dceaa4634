//! Fuzzing the `.cnf` parser of every game: `AnyGame::parse_config` (`cnf::parse` against the
//! game's parameter table), then `AnyGame::check` on what it read (the game's cross-field rules,
//! and its FIXED board parser, or its generator).
//!
//! Inputs: arbitrary text; lines made of the files' own words (parameter names in any case, board
//! keywords, section names, extreme numbers, comments); valid files (every parameter at its
//! default, or at random values in range, in any order, with a version line, comments and blank
//! lines; GENERATOR or a FIXED board printed from a generated one, units and all) mutated by line
//! (deleted, repeated, swapped, replaced), by word (a number replaced by an extreme one, a word
//! by another) and by character.
//!
//! Asserted: parsing and checking never panic and return `Ok` or a typed error (`CnfError` with
//! its line, `SetupError`), and no case holds more than 64 MiB of heap at once (a counting global
//! allocator: an allocation sized by a count read from the file shows up); valid files read back
//! the values and board they were printed from; a value out of range is refused with an error
//! naming the parameter and its line.
//!
//! Cases per property: `ARENA_FUZZ_CASES` (default 4000; the property that runs the board
//! generators on random parameters gets a twentieth). A long run:
//! `ARENA_FUZZ_CASES=100000 cargo test -p engine --release --test fuzz_cnf_parser`, or
//! `scripts/fuzz.sh`.

use engine::catalog::{self, AnyGame};
use engine::cnf::{BoardSource, Config};
use engine::game::{Game, SetupError};
use engine::games::{mad_max, ork_island, pandemic, purge, walking_dead};
use engine::grid::Pos;
use engine::params::{ParamSpec, ParamValues};
use engine::referee::MatchSetup;
use engine::rng::{GameRng, Stream};
use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::OnceLock;

mod fuzz_support;

use fuzz_support::heap;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

/// Cases per property by default: about ten seconds for this file in the debug test profile on a
/// two-core machine.
const DEFAULT_CASES: u32 = 4000;

fn config(divisor: u32) -> ProptestConfig {
    fuzz_support::config(DEFAULT_CASES, divisor)
}

const HEAP_CAP: usize = 64 << 20;

const GAMES: [&str; 5] = ["pandemic", "ork-island", "walking-dead", "purge", "mad-max"];

fn game(k: usize) -> &'static dyn AnyGame {
    catalog::find(GAMES[k]).unwrap()
}

/// What `arena run --config` does with a file: parse it, then check parameters and board.
fn parse_and_check(g: &dyn AnyGame, text: &str) -> Result<Config, String> {
    let c = g.parse_config(text).map_err(|e| {
        assert!(
            e.line >= 1 && e.line <= text.lines().count().max(1),
            "line {} of {}: {e}",
            e.line,
            text.lines().count()
        );
        assert!(!e.message.is_empty());
        e.to_string()
    })?;
    let setup = MatchSetup { params: c.params.clone(), board: c.board.clone(), seed: 1 };
    g.check(&setup).map_err(|e| match e {
        SetupError::Params(p) => p.to_string(),
        SetupError::Board(b) => {
            assert!(b.line >= 1 && b.line <= text.lines().count(), "board error on line {}: {b}", b.line);
            b.to_string()
        }
        SetupError::Other(m) => {
            assert!(!m.is_empty());
            m
        }
    })?;
    Ok(c)
}

/// [`parse_and_check`] under the heap counter, for every outcome but a panic.
fn fuzz(g: &dyn AnyGame, text: &str) -> Result<(), TestCaseError> {
    let (_, peak) = heap::peak(|| parse_and_check(g, text));
    prop_assert!(peak <= HEAP_CAP, "{}: held {peak} bytes of heap for {} bytes of text", g.name(), text.len());
    Ok(())
}

// ---- printing valid files ----

/// The parameter lines of a file: `name value`.
fn param_lines(values: &ParamValues) -> Vec<String> {
    values.iter().map(|(n, v)| format!("{n} {v}")).collect()
}

/// A grid in the kits' layout: column labels, then each row with its label.
fn grid(rows: usize, cols: usize, labels: bool, cell: impl Fn(Pos) -> char) -> String {
    let mut t = String::new();
    if labels {
        t.push_str("   ");
        t.extend((0..cols).map(|j| char::from(b'0' + (j / 10 % 10) as u8)));
        t.push_str("\n   ");
        t.extend((0..cols).map(|j| char::from(b'0' + (j % 10) as u8)));
        t.push('\n');
    }
    for i in 0..rows {
        if labels {
            t.push_str(&format!("{i:02} "));
        }
        t.extend((0..cols).map(|j| cell(Pos::new(i as i32, j as i32))));
        t.push('\n');
    }
    t
}

fn pandemic_board(s: &pandemic::State) -> String {
    use pandemic::board::CellType::*;
    let b = &s.board;
    let mut t = grid(b.rows(), b.cols(), true, |p| match b.cell(p) {
        Wall => 'X',
        Grass => '.',
        City => 'C',
        Path => 'P',
    });
    t.push_str(&format!("units {}\nid player row col health damage turns immune mask\n", s.units.len()));
    for u in &s.units {
        t.push_str(&format!(
            "{} {} {} {} {} {} {} {} {}\n",
            u.id, u.player, u.pos.i, u.pos.j, u.health, u.damage, u.turns, u.immune as u8, u.mask as u8
        ));
    }
    let masks: Vec<Pos> = (0..s.mask.len()).filter(|&k| s.mask[k]).map(|k| b.pos(k)).collect();
    t.push_str(&format!("masks {}\nrow col\n", masks.len()));
    for p in masks {
        t.push_str(&format!("{} {}\n", p.i, p.j));
    }
    t
}

fn ork_island_board(s: &ork_island::State) -> String {
    use ork_island::board::CellType::*;
    let b = &s.board;
    let mut t = grid(b.rows(), b.cols(), false, |p| match b.cell(p) {
        Water => 'W',
        Grass => '.',
        Forest => 'F',
        Sand => 'S',
        City => 'C',
        Path => 'P',
    });
    t.push_str(&format!("orks {}\nid player row col health\n", s.orks.len()));
    for o in &s.orks {
        t.push_str(&format!("{} {} {} {} {}\n", o.id, o.player, o.pos.i, o.pos.j, o.health));
    }
    t
}

fn walking_dead_board(s: &walking_dead::State) -> String {
    let b = &s.board;
    let mut t = grid(s.params.rows, s.params.cols, true, |p| {
        let k = b.index(p);
        if !b.is_street(p) {
            'W'
        } else if s.owner[k] >= 0 {
            char::from(b'0' + s.owner[k] as u8)
        } else {
            '.'
        }
    });
    t.push_str(&format!("units {}\ntype id player row column rounds\n", s.units.len()));
    for u in &s.units {
        let c = ['a', 'd', 'z'][u.kind.code() as usize];
        t.push_str(&format!("{c} {} {} {} {} {}\n", u.id, u.player, u.pos.i, u.pos.j, u.rounds_for_zombie));
    }
    let food: Vec<usize> = (0..s.food.len()).filter(|&k| s.food[k]).collect();
    t.push_str(&format!("food {}\nrow column\n", food.len()));
    for k in food {
        let p = b.pos(k);
        t.push_str(&format!("{} {}\n", p.i, p.j));
    }
    t
}

fn purge_board(s: &purge::State) -> String {
    use purge::{CitizenType, Item, Weapon};
    let b = &s.board;
    let mut t = grid(b.rows(), b.cols(), true, |p| match (b.is_street(p), s.item[b.index(p)]) {
        (false, _) => 'B',
        (true, None) => '.',
        (true, Some(Item::Money)) => 'M',
        (true, Some(Item::Food)) => 'F',
        (true, Some(Item::Gun)) => 'G',
        (true, Some(Item::Bazooka)) => 'Z',
    });
    t.push_str(&format!("citizens {}\ntype id player row column weapon life\n", s.citizens.len()));
    for c in &s.citizens {
        let kind = if c.kind == CitizenType::Builder { 'b' } else { 'w' };
        let weapon = match c.weapon {
            None => 'n',
            Some(Weapon::Hammer) => 'h',
            Some(Weapon::Gun) => 'g',
            Some(Weapon::Bazooka) => 'b',
        };
        t.push_str(&format!("{kind} {} {} {} {} {weapon} {}\n", c.id, c.player, c.pos.i, c.pos.j, c.life));
    }
    let bars: Vec<usize> = (0..s.barricade.len()).filter(|&k| s.barricade[k].is_some()).collect();
    t.push_str(&format!("barricades {}\nplayer row column resistance\n", bars.len()));
    for k in bars {
        let (bar, p) = (s.barricade[k].unwrap(), b.pos(k));
        t.push_str(&format!("{} {} {} {}\n", bar.player, p.i, p.j, bar.resistance));
    }
    t
}

fn mad_max_board(s: &mad_max::State) -> String {
    use mad_max::CellType::*;
    let b = &s.board;
    grid(b.rows(), b.cols(), false, |p| match b.at(p) {
        Desert => '.',
        Road => 'R',
        Water => 'W',
        Station => 'S',
        Wall => 'X',
        City => char::from(b'0' + s.owner_at(p).unwrap() as u8),
    })
}

/// The FIXED text (after the `FIXED` line) of the board game `k` generates from `seed` with these
/// parameters, units and all.
fn fixed_board(k: usize, values: &ParamValues, seed: u64) -> String {
    fn state<G: Game>(values: &ParamValues, seed: u64) -> G::State {
        let p = G::params(values).unwrap();
        G::setup(&p, &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap()
    }
    match GAMES[k] {
        "pandemic" => pandemic_board(&state::<pandemic::Pandemic>(values, seed)),
        "ork-island" => ork_island_board(&state::<ork_island::OrkIsland>(values, seed)),
        "walking-dead" => walking_dead_board(&state::<walking_dead::WalkingDead>(values, seed)),
        "purge" => purge_board(&state::<purge::Purge>(values, seed)),
        _ => mad_max_board(&state::<mad_max::MadMax>(values, seed)),
    }
}

/// A valid file: version line, every parameter, then GENERATOR or FIXED and a board.
struct Sample {
    game: usize,
    text: String,
    params: ParamValues,
    fixed: bool,
}

fn samples() -> &'static [Sample] {
    static SAMPLES: OnceLock<Vec<Sample>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        let mut out = Vec::new();
        for k in 0..GAMES.len() {
            let g = game(k);
            let params = ParamValues::defaults(g.param_specs());
            let head = format!("{} v1\n\n{}\n", g.title(), param_lines(&params).join("\n"));
            out.push(Sample { game: k, text: format!("{head}\nGENERATOR\n"), params: params.clone(), fixed: false });
            let board = fixed_board(k, &params, 7 + k as u64);
            out.push(Sample { game: k, text: format!("{head}\nFIXED\n{board}"), params, fixed: true });
        }
        out
    })
}

#[test]
fn valid_samples_read_back() {
    for s in samples() {
        let g = game(s.game);
        let c = parse_and_check(g, &s.text).unwrap_or_else(|e| panic!("{}: {e}", g.name()));
        assert_eq!(c.params, s.params);
        assert_eq!(c.version, Some(format!("{} v1", g.title())));
        assert_eq!(matches!(c.board, BoardSource::Fixed(_)), s.fixed);
    }
}

/// A FIXED board printed from a generated one describes the same board.
#[test]
fn fixed_boards_read_back_the_board_they_were_printed_from() {
    for k in 0..GAMES.len() {
        let g = game(k);
        let params = ParamValues::defaults(g.param_specs());
        let generated = MatchSetup { params: params.clone(), board: BoardSource::Generated, seed: 7 + k as u64 };
        let text = format!("FIXED\n{}", fixed_board(k, &params, 7 + k as u64));
        let c = g.parse_config(&text).unwrap();
        let fixed = MatchSetup { params, board: c.board, seed: 1 };
        assert_eq!(g.board_stats(&fixed).unwrap(), g.board_stats(&generated).unwrap(), "{}", g.name());
    }
}

// ---- strategies ----

const EXTREME: &[&str] = &[
    "0",
    "-0",
    "+1",
    "1",
    "-1",
    "3",
    "4",
    "60",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967296",
    "4294967297",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1000000000",
    "1e3",
    "0x10",
    "٣",
    "",
];

const WORDS: &[&str] = &[
    "FIXED",
    "GENERATOR",
    "GENERATOR1",
    "GENERATOR2",
    "RANDOM",
    "units",
    "orks",
    "masks",
    "food",
    "citizens",
    "barricades",
    "#",
    "a",
    "d",
    "z",
    "b",
    "w",
    "n",
    "h",
    "g",
    "id",
    "X",
    "C",
    "P",
    ".",
    "W",
    "0",
    "3",
    "\t",
    "é",
];

/// A line of the files' own words.
fn line(k: usize) -> impl Strategy<Value = String> {
    let names: Vec<String> = game(k).param_specs().iter().map(|s| s.name.to_string()).collect();
    let word = prop_oneof![
        3 => prop::sample::select(names).prop_flat_map(|n| {
            prop_oneof![Just(n.clone()), Just(n.to_uppercase())]
        }),
        3 => prop::sample::select(EXTREME).prop_map(str::to_string),
        2 => prop::sample::select(WORDS).prop_map(str::to_string),
        2 => any::<i64>().prop_map(|v| v.to_string()),
        1 => "[XCP.WFSBRGZM0-3 ]{1,80}",
        1 => "\\PC{0,8}",
    ];
    prop::collection::vec(word, 0..5).prop_map(|w| w.join(" "))
}

#[derive(Clone, Debug)]
enum LineEdit {
    Delete(Index),
    Repeat(Index, Index),
    Swap(Index, Index),
    Replace(Index, String),
    Insert(Index, String),
    Word(Index, Index, String),
    /// The value of a `keyword value` line (a parameter, or a section's count).
    Value(Index, String),
    Char(Index, Index, char),
    DropChar(Index, Index),
    Truncate(Index),
}

fn line_edit(k: usize) -> impl Strategy<Value = LineEdit> {
    let extreme = prop_oneof![
        3 => prop::sample::select(EXTREME).prop_map(str::to_string),
        1 => any::<i64>().prop_map(|v| v.to_string()),
        1 => prop::sample::select(WORDS).prop_map(str::to_string),
    ];
    let ch = prop_oneof![
        prop::sample::select(
            &[
                'X', 'C', 'P', '.', 'W', 'F', 'S', 'B', 'R', 'G', 'Z', 'M', '0', '1', '3', '4', '9', ' ', '-', '\t',
                'é', '\r'
            ][..]
        ),
        any::<char>(),
    ];
    prop_oneof![
        2 => any::<Index>().prop_map(LineEdit::Delete),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| LineEdit::Repeat(a, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| LineEdit::Swap(a, b)),
        1 => (any::<Index>(), line(k)).prop_map(|(a, l)| LineEdit::Replace(a, l)),
        1 => (any::<Index>(), line(k)).prop_map(|(a, l)| LineEdit::Insert(a, l)),
        4 => (any::<Index>(), any::<Index>(), extreme.clone()).prop_map(|(a, b, w)| LineEdit::Word(a, b, w)),
        3 => (any::<Index>(), extreme).prop_map(|(a, w)| LineEdit::Value(a, w)),
        3 => (any::<Index>(), any::<Index>(), ch).prop_map(|(a, b, c)| LineEdit::Char(a, b, c)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| LineEdit::DropChar(a, b)),
        1 => any::<Index>().prop_map(LineEdit::Truncate),
    ]
}

/// Applies line edits to a text. Edits of the board part (after FIXED) and of the part before
/// are equally likely, whatever their sizes.
fn edit_text(text: &str, edits: &[LineEdit]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let split = lines.iter().position(|l| l == "FIXED").unwrap_or(lines.len());
    for (n, e) in edits.iter().enumerate() {
        let len = lines.len();
        if len == 0 {
            lines.push(String::new());
            continue;
        }
        // Alternate between the parameters and the board, when both exist.
        let pick = |i: &Index| {
            let (lo, hi) = if n % 2 == 0 || split >= len { (0, split.min(len)) } else { (split, len) };
            if hi > lo {
                lo + i.index(hi - lo)
            } else {
                i.index(len)
            }
        };
        match e {
            LineEdit::Delete(i) => {
                lines.remove(pick(i));
            }
            LineEdit::Repeat(i, j) => {
                let l = lines[pick(i)].clone();
                lines.insert(j.index(len + 1), l);
            }
            LineEdit::Swap(i, j) => {
                let (a, b) = (pick(i), j.index(len));
                lines.swap(a, b);
            }
            LineEdit::Replace(i, l) => {
                let k = pick(i);
                lines[k] = l.clone();
            }
            LineEdit::Insert(i, l) => lines.insert(i.index(len + 1), l.clone()),
            LineEdit::Word(i, j, w) => {
                let k = pick(i);
                let mut words: Vec<String> = lines[k].split_whitespace().map(str::to_string).collect();
                if words.is_empty() {
                    words.push(w.clone());
                } else {
                    let at = j.index(words.len());
                    words[at] = w.clone();
                }
                lines[k] = words.join(" ");
            }
            LineEdit::Value(i, w) => {
                let pairs: Vec<usize> = (0..len).filter(|&k| lines[k].split_whitespace().count() == 2).collect();
                if !pairs.is_empty() {
                    let k = pairs[i.index(pairs.len())];
                    let name = lines[k].split_whitespace().next().unwrap().to_string();
                    lines[k] = format!("{name} {w}");
                }
            }
            LineEdit::Char(i, j, c) => {
                let k = pick(i);
                let mut chars: Vec<char> = lines[k].chars().collect();
                let at = j.index(chars.len() + 1);
                if at < chars.len() {
                    chars[at] = *c;
                } else {
                    chars.push(*c);
                }
                lines[k] = chars.into_iter().collect();
            }
            LineEdit::DropChar(i, j) => {
                let k = pick(i);
                let mut chars: Vec<char> = lines[k].chars().collect();
                if !chars.is_empty() {
                    chars.remove(j.index(chars.len()));
                }
                lines[k] = chars.into_iter().collect();
            }
            LineEdit::Truncate(i) => lines.truncate(i.index(len + 1)),
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// In-range values for every parameter of a game (biased to the ends of the ranges).
fn in_range(specs: &'static [ParamSpec]) -> impl Strategy<Value = Vec<i64>> {
    specs
        .iter()
        .map(|s| {
            let (lo, hi) = (s.min, s.max);
            prop_oneof![Just(lo), Just(hi), Just(s.default), lo..=hi].boxed()
        })
        .collect::<Vec<_>>()
}

/// Small in-range values: what the generators can build in a few milliseconds.
fn in_range_small(specs: &'static [ParamSpec]) -> impl Strategy<Value = Vec<i64>> {
    specs
        .iter()
        .map(|s| {
            let (lo, hi) = (s.min, s.max);
            let near = (s.default.saturating_mul(2)).clamp(lo, hi).max(lo);
            prop_oneof![Just(lo), Just(s.default), lo..=near, Just(hi)].boxed()
        })
        .collect::<Vec<_>>()
}

// ---- properties ----

proptest! {
    #![proptest_config(config(1))]

    /// Any text at all.
    #[test]
    fn arbitrary_text(k in 0..GAMES.len(), text in "\\PC{0,300}") {
        fuzz(game(k), &text)?;
    }

    /// Lines of the files' own words: parameter names, keywords, sections and extreme numbers.
    #[test]
    fn lines_of_cnf_words(
        (k, lines) in (0..GAMES.len()).prop_flat_map(|k| (Just(k), prop::collection::vec(line(k), 0..24))),
    ) {
        fuzz(game(k), &lines.join("\n"))?;
    }

    /// Valid files (GENERATOR or a FIXED board with all its units), mutated.
    #[test]
    fn mutated_valid_files(
        (s, edits) in (0..10usize).prop_flat_map(|s| {
            (Just(s), prop::collection::vec(line_edit(samples()[s].game), 1..5))
        }),
    ) {
        let sample = &samples()[s];
        fuzz(game(sample.game), &edit_text(&sample.text, &edits))?;
    }

    /// Files of random in-range values, in any order, with any case, comments and blank lines,
    /// read back the values printed.
    #[test]
    fn valid_files_round_trip(
        (k, values, order, version, upper, comments) in (0..GAMES.len()).prop_flat_map(|k| {
            let specs = game(k).param_specs();
            (
                Just(k),
                in_range(specs),
                Just((0..specs.len()).collect::<Vec<_>>()).prop_shuffle(),
                any::<bool>(),
                prop::collection::vec(any::<bool>(), specs.len()),
                prop::collection::vec(prop::option::weighted(0.2, "#[^\n]{0,20}|[ \t]{0,3}"), specs.len()),
            )
        }),
        subset in prop::collection::vec(any::<bool>(), 64),
        board in prop::option::of(0u8..5),
    ) {
        let g = game(k);
        let specs = g.param_specs();
        let mut expected = ParamValues::defaults(specs);
        let mut text = String::new();
        if version {
            text.push_str(&format!("{} v1\n", g.title()));
        }
        for (n, &i) in order.iter().enumerate() {
            if let Some(c) = &comments[n] {
                text.push_str(c);
                text.push('\n');
            }
            if !subset[i % subset.len()] {
                continue;
            }
            let name = if upper[n] { specs[i].name.to_uppercase() } else { specs[i].name.to_string() };
            text.push_str(&format!("{name}  {}\n", values[i]));
            expected.set(specs, specs[i].name, values[i]).unwrap();
        }
        let keyword = board.map(|b| ["GENERATOR", "GENERATOR1", "GENERATOR2", "RANDOM", "FIXED"][b as usize]);
        let fixed = keyword == Some("FIXED");
        let lines_before = text.lines().count();
        if let Some(kw) = keyword {
            text.push_str(kw);
            text.push('\n');
            if fixed {
                text.push_str("a board\n  its second line\n");
            }
        }
        let c = g.parse_config(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(c.params, expected);
        prop_assert_eq!(c.version, version.then(|| format!("{} v1", g.title())));
        let board = if fixed {
            BoardSource::Fixed(vec![(lines_before + 2, "a board".into()), (lines_before + 3, "  its second line".into())])
        } else {
            BoardSource::Generated
        };
        prop_assert_eq!(c.board, board);
    }

    /// A value out of its range is refused, with an error that names the parameter and its line.
    #[test]
    fn out_of_range_values_name_the_parameter(
        k in 0..GAMES.len(),
        which in any::<Index>(),
        above in any::<bool>(),
        distance in prop_oneof![Just(1i64), 1i64..1000, Just(i64::MAX)],
        at in any::<Index>(),
    ) {
        let g = game(k);
        let specs = g.param_specs();
        let spec = &specs[which.index(specs.len())];
        let value = if above { spec.max.saturating_add(distance) } else { spec.min.saturating_sub(distance) };
        prop_assume!(value < spec.min || value > spec.max);
        let mut lines = param_lines(&ParamValues::defaults(specs));
        lines.retain(|l| l.split_whitespace().next() != Some(spec.name));
        let k = at.index(lines.len() + 1);
        lines.insert(k, format!("{} {value}", spec.name));
        let e = g.parse_config(&lines.join("\n")).unwrap_err();
        prop_assert_eq!(e.line, k + 1);
        prop_assert_eq!(
            e.message,
            format!("parameter `{}` = {value} is out of range: allowed {}..={}", spec.name, spec.min, spec.max)
        );
        // Not a number at all: named too.
        lines[k] = format!("{} {value}x", spec.name);
        let e = g.parse_config(&lines.join("\n")).unwrap_err();
        prop_assert_eq!(e.line, k + 1);
        prop_assert!(e.message.contains(&format!("`{}`", spec.name)), "{}", e.message);
    }
}

proptest! {
    #![proptest_config(config(20))]

    /// Any in-range parameters, checked on a generated board (the game's cross-field rules, then
    /// its generator) or on a FIXED board printed from the defaults: a board or a typed error.
    #[test]
    fn in_range_parameters_generate_or_are_refused(
        (k, values, big) in (0..GAMES.len()).prop_flat_map(|k| {
            let specs = game(k).param_specs();
            (Just(k), in_range_small(specs), any::<bool>())
        }),
        fixed in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let g = game(k);
        let specs = g.param_specs();
        let mut params = ParamValues::defaults(specs);
        for (s, v) in specs.iter().zip(&values) {
            // Sizes at their maximum only now and then: the largest boards take the longest.
            let v = if !big && ["rows", "cols", "board_rows", "board_cols"].contains(&s.name) { s.default } else { *v };
            params.set(specs, s.name, v).unwrap();
        }
        let board = if fixed {
            let defaults = ParamValues::defaults(specs);
            let text = format!("FIXED\n{}", fixed_board(k, &defaults, seed % 1000));
            g.parse_config(&text).unwrap().board
        } else {
            BoardSource::Generated
        };
        let setup = MatchSetup { params, board, seed };
        let (r, peak) = heap::peak(|| g.check(&setup));
        prop_assert!(peak <= 4 * HEAP_CAP, "{}: held {peak} bytes of heap", g.name());
        if let Err(e) = r {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}

// ---- regressions: inputs the properties found ----

/// A FIXED board's section count was used as the capacity of a vector: a huge count panicked
/// (capacity overflow) or aborted (a failed allocation of many gigabytes).
#[test]
fn a_huge_section_count_is_an_error() {
    for s in samples().iter().filter(|s| s.fixed) {
        let g = game(s.game);
        let section = s.text.lines().find(|l| ["units ", "orks ", "citizens "].iter().any(|k| l.starts_with(k)));
        let Some(section) = section else { continue };
        let name = section.split_whitespace().next().unwrap();
        for count in ["9223372036854775807", "18446744073709551615", "4294967296", "2147483648", "1000000000"] {
            let text = s.text.replace(section, &format!("{name} {count}"));
            let (r, peak) = heap::peak(|| parse_and_check(g, &text));
            let e = r.unwrap_err();
            // Refused, on a line: the count is more than the lines left (or the lines after it
            // are not rows of the section).
            assert!(e.starts_with("line ") && e.contains("expected "), "{}: {e}", g.name());
            assert!(peak <= HEAP_CAP, "{}: {peak} bytes", g.name());
        }
    }
}
