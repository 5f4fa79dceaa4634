//! Whole matches of Mad Max: the platform's checks (`common::conformance`), the game's
//! invariants on every state a bot is shown, FIXED boards and the generator.

#[macro_use]
mod common;

use common::conformance::{play, setup, spied_match, wanderers, TestGame, Wanderer};
use engine::cnf::BoardSource;
use engine::game::Game;
use engine::games::mad_max::params::Params;
use engine::games::mad_max::{replay, CellType, Dir, MadMax, Order, State, Unit, UnitType};
use engine::grid::Pos;
use engine::referee::{Bot, BotFailure, FreezeReason, MatchSetup, Turn};
use engine::rng::{GameRng, Stream};
use proptest::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    round: u32,
    units: Vec<Unit>,
    city_owner: Vec<u8>,
    scores: [i64; 4],
}

impl TestGame for MadMax {
    type Snapshot = Snapshot;
    type Board = engine::games::mad_max::board::Board;
    const KIT_DEFAULTS: &'static [(&'static str, i64)] = &[
        ("nb_players", 4),
        ("nb_rounds", 500),
        ("nb_cities", 8),
        ("nb_warriors", 20),
        ("nb_cars", 3),
        ("warriors_health", 40),
        ("cars_fuel", 100),
        ("damage", 6),
        ("rows", 60),
        ("cols", 60),
    ];
    const KIT_ROUNDS: usize = 500;
    const SHORT: &'static [(&'static str, i64)] = &[("nb_rounds", 10)];
    const FIRST_ROUND: u32 = 0;

    fn rounds(p: &Params) -> usize {
        p.nb_rounds as usize
    }

    fn snapshot(s: &State) -> Snapshot {
        Snapshot { round: s.round, units: s.units.clone(), city_owner: s.city_owner.clone(), scores: s.total_score }
    }

    fn replay_snapshots(bytes: &[u8]) -> (Self::Board, Vec<Snapshot>) {
        let d = replay::read(bytes).unwrap();
        let frames = d
            .frames
            .iter()
            .map(|f| Snapshot {
                round: f.round,
                units: f.units.clone(),
                city_owner: f.city_owner.clone(),
                scores: f.common.scores,
            })
            .collect();
        (d.board, frames)
    }

    fn check_invariants(s: &State, prev: Option<&Snapshot>) {
        check_invariants(s, prev);
    }

    fn wander(t: &mut Turn<'_, MadMax>) -> Result<(), BotFailure> {
        wander(t)
    }

    fn some_order(_: &State) -> Order {
        Order { unit: 0, dir: Dir::None }
    }
}

conformance!(MadMax);

/// The invariants of every state a bot is shown, beyond `State::check` (positions, counts,
/// levels): scores grow by the cities owned, which never exceed nb_cities.
fn check_invariants(s: &State, prev: Option<&Snapshot>) {
    s.check().unwrap_or_else(|e| panic!("round {}: {e}", s.round));
    let owned = s.num_cities();
    assert_eq!(owned.iter().sum::<usize>(), s.params.nb_cities);
    if let Some(prev) = prev {
        for (pl, n) in owned.iter().enumerate() {
            assert_eq!(s.total_score[pl] - prev.scores[pl], *n as i64, "round {} player {pl}", s.round);
        }
        // Types never change; a unit changes team only by capture, which refills it.
        for (a, b) in prev.units.iter().zip(&s.units) {
            assert_eq!(a.kind, b.kind);
            if a.player != b.player {
                let (food, water) = s.refill(b.kind);
                assert!(
                    b.food == food && b.water == water || b.kind == UnitType::Car,
                    "unit {} changed team: {b:?}",
                    b.id
                );
            }
        }
    } else {
        assert_eq!(s.total_score, [s.params.cities_per_player() as i64; 4], "the starting cities are scored once");
    }
}

/// Random moves for its units, with `None`, repeated, foreign and unknown orders among them.
fn wander(t: &mut Turn<'_, MadMax>) -> Result<(), BotFailure> {
    let s = t.state();
    let me = t.me();
    let ids: Vec<usize> = s.units.iter().filter(|u| u.player == me).map(|u| u.id).collect();
    for id in ids {
        for _ in 0..t.random(1, 2) {
            let dir = Dir::ALL[t.random(0, 8) as usize];
            order(t, Order { unit: id, dir })?;
        }
    }
    let other = t.random(0, s.units.len() as i32 + 3) as usize;
    order(t, Order { unit: other, dir: Dir::Top })
}

fn order(t: &mut Turn<'_, MadMax>, o: Order) -> Result<(), BotFailure> {
    t.order(o).map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })
}

fn house(name: &str) -> Box<dyn Bot<MadMax>> {
    engine::games::mad_max::house::house_bot(name).unwrap()
}

#[test]
fn default_matches_keep_the_invariants_and_replay_as_played() {
    let mut owner_changes = 0;
    let mut team_changes = 0;
    for seed in 1..=3 {
        let out = spied_match(&setup::<MadMax>(seed, &[]), [house("Demo"), Box::new(Wanderer), house("Demo")]);
        let d = replay::read(out.replay.as_ref().unwrap()).unwrap();
        for w in d.frames.windows(2) {
            owner_changes += w[0].city_owner.iter().zip(&w[1].city_owner).filter(|(a, b)| a != b).count();
            team_changes += w[0].units.iter().zip(&w[1].units).filter(|(a, b)| a.player != b.player).count();
        }
    }
    assert!(owner_changes > 0 && team_changes > 0, "{owner_changes} city conquests, {team_changes} captures");
}

/// A default match of four Demos writes a small replay (the kit's text is 2.6 MB).
#[test]
fn a_default_replay_is_small() {
    for seed in [1, 2] {
        let out = play(&setup::<MadMax>(seed, &[]), [house("Demo"), house("Demo"), house("Demo"), house("Demo")]);
        let bytes = out.replay.unwrap().len();
        assert!(bytes <= 60_000, "seed {seed}: a default match's replay is {bytes} bytes");
    }
}

/// The rows (columns) of a synthetic board's roads.
fn synthetic_roads(n: usize) -> Vec<usize> {
    (3..n - 3).step_by(10).collect()
}

/// How many cities a synthetic board has room for: one per block between roads.
fn synthetic_room(rows: usize, cols: usize) -> usize {
    (synthetic_roads(rows).len() - 1) * (synthetic_roads(cols).len() - 1)
}

/// A FIXED board of any size: roads every 10 rows and columns from 3, full length; a 5 × 5
/// city in the middle of the first `cities` blocks, dealt to the players in turn; a water
/// cell, a wall and a station here and there.
fn synthetic_board(rows: usize, cols: usize, cities: usize) -> String {
    let mut g = vec![vec!['.'; cols]; rows];
    let (rr, cc) = (synthetic_roads(rows), synthetic_roads(cols));
    for &i in &rr {
        g[i].iter_mut().for_each(|c| *c = 'R');
    }
    for &j in &cc {
        (0..rows).for_each(|i| g[i][j] = 'R');
    }
    let mut made = 0;
    for w in rr.windows(2) {
        for v in cc.windows(2) {
            let (top, left) = (w[0] + 1, v[0] + 1);
            if made < cities {
                for row in &mut g[top + 2..top + 7] {
                    row[left + 2..left + 7].fill(char::from(b'0' + (made % 4) as u8));
                }
                made += 1;
            } else {
                g[top + 4][left + 4] = 'X';
            }
            g[top][left] = 'W';
            g[w[0]][v[0]] = 'S';
        }
    }
    assert_eq!(made, cities, "room for {cities} cities");
    let mut t = String::from("FIXED\n");
    for row in g {
        t.extend(row);
        t.push('\n');
    }
    t
}

fn fixed_setup(seed: u64, changes: &[(&str, i64)], board: &str) -> MatchSetup {
    let mut s = setup::<MadMax>(seed, changes);
    s.board = engine::cnf::parse(board, MadMax::param_specs()).unwrap().board;
    s
}

/// Parameter changes, the size of a FIXED board (None: generated) and a seed.
type Case = (Vec<(&'static str, i64)>, Option<(usize, usize)>, u64);

/// Any parameters within their ranges, on generated boards or FIXED boards of other sizes.
fn any_params() -> impl Strategy<Value = Case> {
    (
        (1i64..=60, 1i64..=3, 2i64..=25, 1i64..=3),
        (1i64..=60, 1i64..=150, 1i64..=20),
        prop_oneof![Just(None), (40usize..=70, 40usize..=70).prop_map(Some)],
        0u64..1_000_000,
    )
        .prop_map(|((rounds, per_player, warriors, cars), (health, fuel, damage), size, seed)| {
            // A synthetic board of 40 to 46 rows or columns has room for 9 cities only.
            let cities = match size {
                Some((r, c)) => 4 * per_player.min((synthetic_room(r, c) / 4) as i64),
                None => 8,
            };
            let warriors = warriors.max(cities / 4);
            let mut changes = vec![
                ("nb_rounds", rounds),
                ("nb_cities", cities),
                ("nb_warriors", warriors),
                ("nb_cars", cars),
                ("warriors_health", health),
                ("cars_fuel", fuel),
                ("damage", damage),
            ];
            if let Some((r, c)) = size {
                changes.push(("rows", r as i64));
                changes.push(("cols", c as i64));
            }
            (changes, size, seed)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn any_parameters_and_seed_keep_the_invariants((changes, size, seed) in any_params()) {
        let s = match size {
            None => setup::<MadMax>(seed, &changes),
            Some((r, c)) => {
                let cities = changes.iter().find(|(n, _)| *n == "nb_cities").unwrap().1 as usize;
                fixed_setup(seed, &changes, &synthetic_board(r, c, cities))
            }
        };
        spied_match(&s, [Box::new(Wanderer), house("Demo"), Box::new(Wanderer)]);
    }
}

// ---- the generator ----

fn generated(seed: u64) -> State {
    MadMax::setup(&Params::defaults(), &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap()
}

/// Every rule of the spec's generator that shows on the board, over many seeds.
#[test]
fn generated_boards_follow_the_generator_rules() {
    for seed in 1..=60 {
        let s = generated(seed);
        let b = &s.board;
        let at = |i: i32, j: i32| b.get(Pos::new(i, j));
        assert_eq!((b.rows(), b.cols()), (60, 60));
        assert_eq!(b.cities().len(), 8, "seed {seed}");
        for (c, cells) in b.cities().iter().enumerate() {
            assert!((20..=40).contains(&cells.len()), "seed {seed}: city {c} has {} cells", cells.len());
            for p in cells {
                assert!(!b.on_edge(*p));
                for (di, dj) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                    let q = Pos::new(p.i + di, p.j + dj);
                    assert!(
                        matches!(b.at(q), CellType::Desert | CellType::City),
                        "seed {seed}: city next to {:?}",
                        b.at(q)
                    );
                }
            }
        }
        assert_eq!(s.num_cities(), [2; 4]);
        let stations: Vec<Pos> = b.cells().positions().filter(|&p| b.at(p) == CellType::Station).collect();
        assert!((6..=8).contains(&stations.len()), "seed {seed}: {} stations", stations.len());
        for p in stations {
            let road = |i, j| matches!(at(i, j), Some(CellType::Road | CellType::Station));
            assert!(!b.on_edge(p));
            assert!(road(p.i - 1, p.j) || road(p.i + 1, p.j), "seed {seed}: station {p} off a crossing");
            assert!(road(p.i, p.j - 1) || road(p.i, p.j + 1), "seed {seed}: station {p} off a crossing");
        }
        // Warriors cross a road between a city and water: no city cell within 8-reach of water.
        for k in 0..3600 {
            let p = b.pos(k);
            if b.at(p) == CellType::City {
                assert!(!b.near_water(p), "seed {seed}: city cell {p} next to water");
            }
        }
        let roads = engine::games::mad_max::setup::edge_roads(b).len();
        assert!(roads >= 12, "seed {seed}: {roads} edge roads");
        // Units: 20 warriors in each player's cities, cars on edge roads.
        for u in &s.units {
            match u.kind {
                UnitType::Warrior => assert_eq!(s.owner_at(u.pos), Some(u.player), "seed {seed}: warrior {}", u.id),
                UnitType::Car => assert!(b.on_edge(u.pos) && b.at(u.pos) == CellType::Road),
            }
        }
    }
}

// ---- FIXED boards ----

/// The kit's FIXED layout of a state's board.
fn fixed_text(s: &State) -> String {
    let mut t = String::from("FIXED\n");
    for i in 0..s.board.rows() as i32 {
        for j in 0..s.board.cols() as i32 {
            let p = Pos::new(i, j);
            t.push(match s.board.at(p) {
                CellType::Desert => '.',
                CellType::Road => 'R',
                CellType::Water => 'W',
                CellType::Station => 'S',
                CellType::Wall => 'X',
                CellType::City => char::from(b'0' + s.owner_at(p).unwrap() as u8),
            });
        }
        t.push('\n');
    }
    t
}

fn parse_fixed(header: &str, text: &str) -> Result<State, String> {
    let c = engine::cnf::parse(&format!("{header}{text}"), MadMax::param_specs()).map_err(|e| e.to_string())?;
    let p = MadMax::params(&c.params).map_err(|e| e.to_string())?;
    MadMax::setup(&p, &c.board, &mut GameRng::new(1, Stream::Board)).map_err(|e| e.to_string())
}

#[test]
fn a_fixed_board_reads_back_the_board_it_describes() {
    let s = generated(5);
    let back = parse_fixed("Mad_Max 1.6\nnb_rounds 20\n", &fixed_text(&s)).unwrap();
    assert_eq!(*back.board, *s.board);
    assert_eq!(back.city_owner, s.city_owner);
    back.check().unwrap();
    // The kit's own fixed1.cnf layout: the version line and every parameter, then the grid.
    let out = play(&fixed_setup(1, &[("nb_rounds", 30)], &fixed_text(&s)), wanderers::<MadMax>());
    assert_eq!(out.summary.rounds, 30);
}

#[test]
fn fixed_board_errors_say_which_rule() {
    let s = generated(6);
    let good = fixed_text(&s);
    let mut rows: Vec<Vec<char>> = good.lines().skip(1).map(|l| l.chars().collect()).collect();
    let city = s.board.cities()[0][0];
    let (ci, cj) = (city.i as usize, city.j as usize);
    let text = |rows: &Vec<Vec<char>>| {
        let mut t = String::from("FIXED\n");
        for r in rows {
            t.extend(r.iter());
            t.push('\n');
        }
        t
    };
    type Edit = Box<dyn Fn(&mut Vec<Vec<char>>)>;
    let cases: Vec<(Edit, &str)> = vec![
        (Box::new(move |r| r[ci - 1][cj] = 'R'), "surrounded by desert or its own cells"),
        (Box::new(move |r| r[ci - 1][cj] = char::from(b'0' + (r[ci][cj] as u8 - b'0' + 1) % 4)), "city cell of player"),
        (Box::new(|r| r[0][30] = '1'), "on the board's edge"),
        (Box::new(|r| r[30][30] = '?'), "`.` desert"),
        (
            Box::new(move |r| {
                let owner = r[ci][cj];
                for row in r.iter_mut() {
                    for c in row.iter_mut() {
                        if *c == owner {
                            *c = '.';
                        }
                    }
                }
            }),
            "cities; nb_cities is 8",
        ),
        (
            Box::new(|r| {
                for row in r.iter_mut() {
                    for j in [0, row.len() - 1] {
                        row[j] = '.';
                    }
                }
                for j in 0..r[0].len() {
                    r[0][j] = '.';
                    let last = r.len() - 1;
                    r[last][j] = '.';
                }
            }),
            "Road cells; the 12 cars",
        ),
    ];
    for (k, (edit, want)) in cases.iter().enumerate() {
        let mut r = rows.clone();
        edit(&mut r);
        let err = parse_fixed("", &text(&r)).map(|_| ()).unwrap_err();
        assert!(err.contains(want), "case {k}: {err}");
    }
    // Too few city cells for the warriors.
    rows.truncate(60);
    let err = parse_fixed("nb_warriors 200\n", &text(&rows)).map(|_| ()).unwrap_err();
    assert!(err.contains("warriors start inside"), "{err}");
    // A generated board needs the kit's size.
    let err = parse_fixed("rows 50\n", "").map(|_| ()).unwrap_err();
    assert!(err.contains("FIXED board"), "{err}");
}
