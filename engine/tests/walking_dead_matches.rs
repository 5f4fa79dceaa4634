//! Whole Walking Dead matches: the platform's checks (`common::conformance`), the game's
//! invariants on every state a bot is shown, the generator and FIXED boards.

#[macro_use]
mod common;

use common::conformance::{play, setup, spied_match, wanderers, TestGame, Wanderer};
use engine::cnf::{self, BoardSource};
use engine::game::Game;
use engine::games::walking_dead::house::Null;
use engine::games::walking_dead::params::Params;
use engine::games::walking_dead::placement::is_safe;
use engine::games::walking_dead::zombies::{distances, steps_from_distances, zombie_steps};
use engine::games::walking_dead::{board_stats, replay, Dir, Order, State, Unit, UnitType, WalkingDead};
use engine::grid::Pos;
use engine::referee::{BotFailure, FreezeReason, Turn};
use engine::rng::{GameRng, Stream};
use proptest::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    round: u32,
    units: Vec<Unit>,
    owner: Vec<i8>,
    food: Vec<usize>,
    strength_points: [i64; 4],
    scores: [i64; 4],
}

fn check_invariants(s: &State) {
    let p = &s.params;
    let r = p.rounds_before_becoming_zombie;
    assert_eq!(s.units.len(), p.total_units(), "the number of units never changes");
    for (id, u) in s.units.iter().enumerate() {
        assert_eq!(u.id, id);
        assert!(s.board.is_street(u.pos), "unit {id} on waste at {}", u.pos);
        assert_eq!(s.unit_at[s.board.index(u.pos)], id as i32, "unit {id}");
        assert!(!s.has_food(u.pos), "food under unit {id}");
        match u.kind {
            UnitType::Alive => {
                assert!((0..4).contains(&u.player));
                assert!(u.rounds_for_zombie == -1 || (1..=r).contains(&u.rounds_for_zombie), "unit {id}: {u:?}");
            }
            UnitType::Dead => {
                assert!((0..4).contains(&u.player));
                assert!((1..=r).contains(&u.rounds_for_zombie) || s.round == 0, "dead unit {id}: {u:?}");
            }
            UnitType::Zombie => assert_eq!((u.player, u.rounds_for_zombie), (-1, -1), "zombie {id}"),
        }
    }
    assert_eq!(s.unit_at.iter().filter(|&&u| u >= 0).count(), s.units.len());
    assert_eq!(s.food.iter().filter(|&&f| f).count(), p.food, "the food count is constant");
    for k in 0..s.owner.len() {
        assert!((-1..4).contains(&s.owner[k]));
        if s.owner[k] >= 0 || s.food[k] {
            assert!(s.board.is_street(s.board.pos(k)), "owned or food on waste");
        }
    }
    for u in &s.units {
        if let Some(c) = u.alive_of() {
            assert_eq!(s.owner[s.board.index(u.pos)], c as i8, "an alive unit owns its cell: {u:?}");
        }
    }
    assert!(s.strength_points.iter().all(|&x| x >= 0));
    // The zombies' bit-parallel search picks the steps the full distance map gives.
    assert_eq!(zombie_steps(s), steps_from_distances(s, &distances(s)), "round {}", s.round);
    if s.round == 0 {
        assert_eq!(s.scores, [0; 4]);
    } else {
        assert_eq!(s.scores, s.compute_scores());
    }
}

impl TestGame for WalkingDead {
    type Snapshot = Snapshot;
    type Board = engine::games::walking_dead::board::Board;
    const KIT_DEFAULTS: &'static [(&'static str, i64)] = &[
        ("NUM_PLAYERS", 4),
        ("NUM_ROUNDS", 200),
        ("BOARD_ROWS", 60),
        ("BOARD_COLS", 60),
        ("NUM_INI_UNITS_PER_CLAN", 20),
        ("NUM_INI_ZOMBIES", 10),
        ("NUM_INI_FOOD", 15),
        ("CLAN_INI_STRENGTH", 1000),
        ("POINTS_FOR_KILLING_PERSON", 50),
        ("POINTS_FOR_KILLING_ZOMBIE", 10),
        ("POINTS_PER_OWNED_CELL", 1),
        ("FOOD_STRENGTH", 50),
        ("ROUNDS_BEFORE_BECOMING_ZOMBIE", 5),
    ];
    const KIT_ROUNDS: usize = 200;
    const SHORT: &'static [(&'static str, i64)] = &[("num_rounds", 10)];
    const FIRST_ROUND: u32 = 1;

    fn rounds(p: &Params) -> usize {
        p.num_rounds as usize
    }

    fn snapshot(s: &State) -> Snapshot {
        Snapshot {
            round: s.round,
            units: s.units.clone(),
            owner: s.owner.clone(),
            food: (0..s.food.len()).filter(|&k| s.food[k]).collect(),
            strength_points: s.strength_points,
            scores: s.scores,
        }
    }

    fn replay_snapshots(bytes: &[u8]) -> (Self::Board, Vec<Snapshot>) {
        let d = replay::read(bytes).unwrap();
        let frames = d
            .frames
            .iter()
            .map(|f| Snapshot {
                round: f.round,
                units: f.units.clone(),
                owner: f.owner.clone(),
                food: f.food.clone(),
                strength_points: f.strength_points,
                scores: if f.round == 0 { [0; 4] } else { f.common.scores },
            })
            .collect();
        (d.board, frames)
    }

    fn check_invariants(s: &State, _prev: Option<&Snapshot>) {
        check_invariants(s);
    }

    fn wander(t: &mut Turn<'_, WalkingDead>) -> Result<(), BotFailure> {
        wander(t)
    }

    fn some_order(_: &State) -> Order {
        Order { unit: 0, dir: Dir::Up }
    }
}

conformance!(WalkingDead);

/// Moves its alive units in random directions (diagonal ones and repeated orders included).
fn wander(t: &mut Turn<'_, WalkingDead>) -> Result<(), BotFailure> {
    let s = t.state();
    let me = t.me();
    for id in s.alive_units(me) {
        let d = Dir::ALL[t.random(0, 7) as usize];
        for _ in 0..t.random(1, 2) {
            t.order(Order { unit: id, dir: d })
                .map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
        }
    }
    Ok(())
}

/// Two Wanderers and a Null beside the spy: the spy may die out, but it is still asked every
/// round.
fn beside_the_spy() -> [Box<dyn engine::referee::Bot<WalkingDead>>; 3] {
    [Box::new(Wanderer), Box::new(Wanderer), Box::new(Null)]
}

#[test]
fn default_matches_keep_the_invariants_and_replay_as_played() {
    for seed in 1..=4 {
        let out = spied_match(&setup::<WalkingDead>(seed, &[]), beside_the_spy());
        let finals: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
        assert!(finals[..3].iter().all(|&x| x > 0), "wanderers own cells: {finals:?}");
        let replay = out.replay.unwrap();
        assert!(replay.len() < 40_000, "a default match's replay is {} bytes", replay.len());
    }
}

/// Any parameters within their ranges that leave room on the board.
fn any_params() -> impl Strategy<Value = (Vec<(&'static str, i64)>, u64)> {
    (
        1i64..=25,
        1i64..=40,
        0i64..=60,
        1i64..=40,
        1i64..=3000,
        1i64..=100,
        0i64..=20,
        1i64..=5,
        1i64..=200,
        1i64..=12,
        0u64..1_000_000,
    )
        .prop_map(|(rounds, units, zombies, food, ini, person, zombie, cell, food_s, r, seed)| {
            let changes = vec![
                ("num_rounds", rounds),
                ("num_ini_units_per_clan", units),
                ("num_ini_zombies", zombies),
                ("num_ini_food", food),
                ("clan_ini_strength", ini),
                ("points_for_killing_person", person + zombie),
                ("points_for_killing_zombie", zombie),
                ("points_per_owned_cell", cell),
                ("food_strength", food_s),
                ("rounds_before_becoming_zombie", r),
            ];
            (changes, seed)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn any_parameters_and_seed_keep_the_invariants((changes, seed) in any_params()) {
        spied_match(&setup::<WalkingDead>(seed, &changes), beside_the_spy());
    }
}

// ---- generator ----

fn generated(seed: u64) -> State {
    WalkingDead::setup(&Params::defaults(), &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap()
}

fn stat(s: &State, name: &str) -> f64 {
    board_stats(&s.board).into_iter().find(|x| x.name == name).unwrap().value
}

#[test]
fn generated_boards_follow_the_generator() {
    for seed in 1..=30 {
        let s = generated(seed);
        let b = &s.board;
        assert_eq!(stat(&s, "street components"), 1.0, "seed {seed}");
        assert!(stat(&s, "waste chains") <= 8.0, "chains never touch: seed {seed}");
        let waste = stat(&s, "waste cells");
        assert!((300.0..1800.0).contains(&waste), "seed {seed}: {waste}");
        for k in 0..60 {
            for p in [Pos::new(0, k), Pos::new(59, k), Pos::new(k, 0), Pos::new(k, 59)] {
                assert!(b.is_street(p), "the border is street: {p}");
            }
        }
        // Chains are one cell wide: no 2×2 block of waste.
        for i in 0..59 {
            for j in 0..59 {
                let block = [(0, 0), (0, 1), (1, 0), (1, 1)].iter().all(|(a, c)| !b.is_street(Pos::new(i + a, j + c)));
                assert!(!block, "seed {seed}: a 2x2 block of waste at ({i}, {j})");
            }
        }
    }
}

#[test]
fn initial_units_and_food_are_placed_safely() {
    for seed in 1..=20 {
        let s = generated(seed);
        let p = &s.params;
        for (c, clan) in (0..4).map(|c| (c, s.alive_units(c))) {
            assert_eq!(clan, (c * p.units_per_clan..(c + 1) * p.units_per_clan).collect::<Vec<_>>());
        }
        assert_eq!(s.zombies(), (80..90).collect::<Vec<_>>());
        assert_eq!(s.owned_cells(), [20; 4], "each clan owns the cells under its units");
        assert_eq!(s.strength_points, [1000; 4]);
        // Every item was safe when placed: no two items within a 5x5 square of each other.
        let mut items: Vec<Pos> = s.units.iter().map(|u| u.pos).collect();
        items.extend((0..s.food.len()).filter(|&k| s.food[k]).map(|k| s.board.pos(k)));
        for (a, &x) in items.iter().enumerate() {
            for &y in &items[a + 1..] {
                assert!(x.chebyshev(y) > 2, "seed {seed}: {x} and {y}");
            }
        }
        let mut t = s.clone();
        let k = s.board.index(s.units[0].pos);
        t.unit_at[k] = -1;
        assert!(is_safe(&t, s.units[0].pos));
    }
}

// ---- FIXED boards ----

/// The kit's FIXED layout of a state.
fn fixed_text(s: &State) -> String {
    let mut t = String::from("FIXED\n   ");
    t.push_str(&(0..60).map(|j| char::from(b'0' + (j / 10) as u8)).collect::<String>());
    t.push_str("\n   ");
    t.push_str(&(0..60).map(|j| char::from(b'0' + (j % 10) as u8)).collect::<String>());
    t.push('\n');
    for i in 0..60 {
        t.push_str(&format!("{i:02} "));
        for j in 0..60 {
            let p = Pos::new(i, j);
            let k = s.board.index(p);
            t.push(if !s.board.is_street(p) {
                'W'
            } else if s.owner[k] >= 0 {
                char::from(b'0' + s.owner[k] as u8)
            } else {
                '.'
            });
        }
        t.push('\n');
    }
    t.push_str(&format!("units {}\ntype id player row column rounds\n", s.units.len()));
    for u in &s.units {
        let c = ['a', 'd', 'z'][u.kind.code() as usize];
        t.push_str(&format!("{c} {} {} {} {} {}\n", u.id, u.player, u.pos.i, u.pos.j, u.rounds_for_zombie));
    }
    let food: Vec<usize> = (0..s.food.len()).filter(|&k| s.food[k]).collect();
    t.push_str(&format!("food {}\nrow column\n", food.len()));
    for k in food {
        let p = s.board.pos(k);
        t.push_str(&format!("{} {}\n", p.i, p.j));
    }
    t
}

fn parse_fixed(text: &str) -> Result<State, String> {
    let c = cnf::parse(text, WalkingDead::param_specs()).map_err(|e| e.to_string())?;
    let p = WalkingDead::params(&c.params).map_err(|e| e.to_string())?;
    WalkingDead::setup(&p, &c.board, &mut GameRng::new(1, Stream::Board)).map_err(|e| e.to_string())
}

#[test]
fn a_fixed_board_reads_back_the_state_it_describes() {
    let s = generated(5);
    let back = parse_fixed(&format!("TheWalkingDead\nNUM_ROUNDS 200\n{}", fixed_text(&s))).unwrap();
    assert_eq!(back.units, s.units);
    assert_eq!(back.owner, s.owner);
    assert_eq!(back.food, s.food);
    assert_eq!(*back.board, *s.board);
    // A fixed board plays like any other.
    let mut setup = setup::<WalkingDead>(1, &[("num_rounds", 20)]);
    setup.board = cnf::parse(&fixed_text(&s), WalkingDead::param_specs()).unwrap().board;
    let out = play(&setup, wanderers::<WalkingDead>());
    assert_eq!(out.summary.rounds, 20);
}

#[test]
fn fixed_board_errors_name_the_line_and_the_rule() {
    let s = generated(6);
    let good = fixed_text(&s);
    let lines: Vec<&str> = good.lines().collect();
    let with = |n: usize, line: &str| {
        let mut l = lines.clone();
        l[n] = line;
        l.join("\n")
    };
    let unit_line = lines.iter().position(|l| l.starts_with("type id")).unwrap() + 1;
    let u = s.units[0];
    let cases = [
        (with(unit_line, &format!("d 0 0 {} {} 6", u.pos.i, u.pos.j)), "a FIXED board holds no dead unit"),
        (with(unit_line, &format!("x 0 0 {} {} -1", u.pos.i, u.pos.j)), "expected 6 integers"),
        (with(unit_line, &format!("a 0 1 {} {} -1", u.pos.i, u.pos.j)), "does not own"),
        (with(unit_line, &format!("a 0 0 {} {} 9", u.pos.i, u.pos.j)), "rounds 9 must be -1 or in 1..=5"),
        (with(unit_line + 1, &format!("a 1 0 {} {} -1", u.pos.i, u.pos.j)), "two units at"),
        (with(unit_line + 1, "z 0 -1 0 0 -1"), "listed twice"),
        (with(3, &format!("00 {}", "Q".repeat(60))), "unknown cell `Q`"),
    ];
    for (text, want) in cases {
        let e = parse_fixed(&text).unwrap_err();
        assert!(e.contains(want), "{want}: {e}");
        assert!(e.contains("line "), "{e}");
    }
    let food_line = lines.iter().position(|l| l.starts_with("row column")).unwrap() + 1;
    let e = parse_fixed(&with(food_line, &format!("{} {}", u.pos.i, u.pos.j))).unwrap_err();
    assert!(e.contains("shares its cell with a unit"), "{e}");
    let units_at = lines.iter().position(|l| l.starts_with("units")).unwrap();
    let e = parse_fixed(&lines[..units_at].join("\n")).map(|s| s.units.len());
    assert_eq!(e, Ok(90), "without sections, units and food are placed as on a random board");
}
