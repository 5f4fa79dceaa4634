//! One scenario per clause of the Ork Island statement (and its spec's clarifications), on a
//! small hand-made island.

use engine::game::NB_PLAYERS;
use engine::games::ork_island::board::{Board, CellType};
use engine::games::ork_island::params::{Params, SPECS};
use engine::games::ork_island::placement::spawn_cell;
use engine::games::ork_island::rules::{self, MoveOutcome};
use engine::games::ork_island::setup::initial_state;
use engine::games::ork_island::state::{Order, Ork, State};
use engine::grid::{Dir, Grid, Pos};
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};
use std::collections::{BTreeMap, BTreeSet};

mod ork_shore;
mod scripted;

use ork_shore::{check_placed_by_the_rule, on_row_end, row_ends};

/// 20x20: city 0 (rows 2-4, cols 3-5, 9 cells), city 1 (rows 2-3, cols 12-13, 4 cells), city 2
/// (rows 10-11, cols 3-4, 4 cells); path 0 joins cities 0 and 1 along row 3 (cols 6-11, 6
/// cells); path 1 joins cities 0 and 2 along col 4 (rows 5-9, 5 cells); forest at rows 5-6,
/// cols 7-9; sand at rows 5-6, cols 13-15; a lake at rows 8-9, cols 12-13. Its shore is columns
/// 1 and 18 of rows 1-18 (the ends of the rows), all GRASS.
const MAP: [&str; 20] = [
    "~~~~~~~~~~~~~~~~~~~~",
    "~..................~",
    "~..CCC......CC.....~",
    "~..CCCPPPPPPCC.....~",
    "~..CCC.............~",
    "~...P..FFF...SSS...~",
    "~...P..FFF...SSS...~",
    "~...P..............~",
    "~...P.......~~.....~",
    "~...P.......~~.....~",
    "~..CC..............~",
    "~..CC..............~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~~~~~~~~~~~~~~~~~~~~",
];

/// 20x20 with CITY and PATH row ends, a lake, an inlet and a one-cell row: city 0 (rows 1-2,
/// cols 1-2) and city 1 (rows 7-8, cols 1-2) joined by path 0 along col 1 (rows 3-6); a lake at
/// rows 4-7, cols 6-12; sea inlets at rows 9-11 on the left; row 11 has one land cell, (11, 9).
const MAP2: [&str; 20] = [
    "~~~~~~~~~~~~~~~~~~~~",
    "~CC..............~~~",
    "~CC...............~~",
    "~P................~~",
    "~P....~~~~~~~.....~~",
    "~P....~~~~~~~.....~~",
    "~P....~~~~~~~.....~~",
    "~CC...~~~~~~~......~",
    "~CC................~",
    "~~.................~",
    "~~~................~",
    "~~~~~~~~~.~~~~~~~~~~",
    "~.........SSS......~",
    "~..FFF.............~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~..................~",
    "~~~~~~~~~~~~~~~~~~~~",
];

fn board() -> Board {
    board_of(&MAP)
}

fn board_of(map: &[&str; 20]) -> Board {
    let mut cells = Grid::new(20, 20, CellType::Grass);
    for (i, row) in map.iter().enumerate() {
        for (j, c) in row.chars().enumerate() {
            cells[Pos::new(i as i32, j as i32)] = match c {
                '~' => CellType::Water,
                '.' => CellType::Grass,
                'F' => CellType::Forest,
                'S' => CellType::Sand,
                'C' => CellType::City,
                'P' => CellType::Path,
                other => panic!("unknown cell {other}"),
            };
        }
    }
    Board::from_cells(cells).expect("a valid board")
}

fn params(changes: &[(&str, i64)]) -> Params {
    let mut v = ParamValues::defaults(SPECS);
    v.set(SPECS, "rows", 20).unwrap();
    v.set(SPECS, "cols", 20).unwrap();
    v.set(SPECS, "nb_orks", 2).unwrap();
    for (n, x) in changes {
        v.set(SPECS, n, *x).unwrap();
    }
    Params::from_values(&v).unwrap()
}

fn at(i: i32, j: i32) -> Pos {
    Pos::new(i, j)
}

/// A state with the given orks (player, row, col, health), ids in list order.
fn state(orks: &[(usize, i32, i32, i32)], changes: &[(&str, i64)]) -> State {
    state_on(board(), orks, changes)
}

fn state_on(board: Board, orks: &[(usize, i32, i32, i32)], changes: &[(&str, i64)]) -> State {
    let mut s = State::empty(params(changes), board);
    for (id, &(player, i, j, health)) in orks.iter().enumerate() {
        s.orks.push(Ork { id, player, pos: Pos::new(-1, -1), health });
        s.place(id, at(i, j));
    }
    s
}

fn rng(seed: u64) -> GameRng {
    GameRng::new(seed, Stream::Rules)
}

/// Plays a round with these orders (ork, direction), each given by the ork's owner.
fn round(s: &mut State, orders: &[(usize, Dir)], seed: u64) {
    let mut by_player: [Vec<Order>; NB_PLAYERS] = Default::default();
    for &(unit, dir) in orders {
        by_player[s.orks[unit].player].push(Order { unit, dir });
    }
    rules::play_round(s, &by_player, &mut rng(seed));
    check_invariants(s);
}

/// One move on its own, with its outcome; `dead` tells who died and for whom it comes back.
fn one_move(s: &mut State, unit: usize, dir: Dir, seed: u64) -> (MoveOutcome, Vec<Option<usize>>) {
    let mut dead = vec![None; s.orks.len()];
    let outcome = rules::execute_move(s, Order { unit, dir }, &mut rng(seed), &mut dead);
    (outcome, dead)
}

fn check_invariants(s: &State) {
    let mut seen = BTreeSet::new();
    for u in &s.orks {
        assert!(seen.insert(u.pos), "two orks on {}", u.pos);
        assert_ne!(s.board.cell(u.pos), CellType::Water, "ork {} in the water", u.id);
        assert_eq!(s.unit_at[s.board.index(u.pos)], u.id as i32);
        assert!(u.health >= 0, "ork {} alive with health {}", u.id, u.health);
    }
    assert_eq!(s.unit_at.iter().filter(|&&u| u >= 0).count(), s.orks.len());
}

// --- Moves and their cost ----------------------------------------------------------------

#[test]
fn moving_costs_the_target_cells_price() {
    let costs = [("cost_grass", 4), ("cost_forest", 5), ("cost_sand", 6), ("cost_city", 7), ("cost_path", 8)];
    // From (x) into the cell below or to the right of it.
    let cases = [
        (at(12, 8), Dir::Bottom, CellType::Grass, 4),
        (at(4, 8), Dir::Bottom, CellType::Forest, 5),
        (at(4, 14), Dir::Bottom, CellType::Sand, 6),
        (at(1, 3), Dir::Bottom, CellType::City, 7),
        (at(2, 7), Dir::Bottom, CellType::Path, 8),
    ];
    for (from, dir, kind, cost) in cases {
        let mut s = state(&[(0, from.i, from.j, 50)], &costs);
        let to = from.step(dir);
        assert_eq!(s.board.cell(to), kind);
        assert_eq!(one_move(&mut s, 0, dir, 1).0, MoveOutcome::Moved, "{kind:?}");
        assert_eq!((s.orks[0].pos, s.orks[0].health), (to, 50 - cost), "{kind:?}");
    }
    // The defaults: 1, 2, 3, 0, 0.
    let p = Params::defaults();
    let defaults =
        [CellType::Grass, CellType::Forest, CellType::Sand, CellType::City, CellType::Path].map(|t| p.cost(t));
    assert_eq!(defaults, [Some(1), Some(2), Some(3), Some(0), Some(0)]);
    assert_eq!(p.cost(CellType::Water), None);
}

#[test]
fn water_the_edge_and_own_orks_block_for_free() {
    // Into the lake, into the sea ring, into an own ork.
    let mut s = state(&[(0, 8, 11, 30), (0, 1, 1, 30), (0, 12, 8, 30), (0, 13, 8, 30)], &[]);
    for (unit, dir) in [(0, Dir::Right), (1, Dir::Top), (1, Dir::Left), (2, Dir::Bottom)] {
        let before = s.orks[unit];
        assert_eq!(one_move(&mut s, unit, dir, 1).0, MoveOutcome::Blocked);
        assert_eq!(s.orks[unit], before, "nothing paid, nothing moved");
    }
    // A "stay" order does nothing either, within a round.
    round(&mut s, &[(2, Dir::None), (3, Dir::Top)], 3);
    assert_eq!((s.orks[2].pos, s.orks[2].health), (at(12, 8), 30));
    assert_eq!(s.orks[3].pos, at(13, 8), "blocked by its own ork");
}

#[test]
fn health_zero_is_alive_and_negative_health_kills_after_the_move() {
    // Health 1 into grass (cost 1): 0, alive, moved.
    let mut s = state(&[(0, 12, 8, 1)], &[]);
    assert_eq!(one_move(&mut s, 0, Dir::Bottom, 1).0, MoveOutcome::Moved);
    assert_eq!((s.orks[0].pos, s.orks[0].health), (at(13, 8), 0));
    // Health 2 into sand (cost 3): dies where it stood, and comes back for the same player.
    let mut s = state(&[(2, 4, 14, 2), (1, 16, 16, 9)], &[]);
    round(&mut s, &[(0, Dir::Bottom)], 1);
    let u = s.orks[0];
    assert_eq!((u.player, u.health), (2, 100), "regenerated for its own player with full health");
    assert!(on_row_end(&s, u.pos), "regenerated on the shore, not at {}", u.pos);
    assert_eq!(s.unit_at[s.board.index(at(4, 14))], -1, "its cell is empty");
    assert_eq!(s.unit_at[s.board.index(at(5, 14))], -1, "it never entered the sand");
}

// --- Fights ------------------------------------------------------------------------------

#[test]
fn the_healthier_ork_after_the_moves_cost_wins() {
    // 50 - 1 (grass) = 49 > 40: the defender dies, joins the attacker's player; the attacker moves
    // in and keeps its 49.
    let mut s = state(&[(0, 12, 8, 50), (1, 12, 9, 40)], &[]);
    let (outcome, dead) = one_move(&mut s, 0, Dir::Right, 1);
    assert_eq!(outcome, MoveOutcome::Won { loser: 1 });
    assert_eq!(dead, [None, Some(0)]);
    assert_eq!((s.orks[0].pos, s.orks[0].health), (at(12, 9), 49));

    // 41 - 2 (forest) = 39 < 40: the attacker dies and joins the defender's player, who keeps
    // its place and health.
    let mut s = state(&[(0, 4, 8, 41), (1, 5, 8, 40)], &[]);
    let (outcome, dead) = one_move(&mut s, 0, Dir::Bottom, 1);
    assert_eq!(outcome, MoveOutcome::Lost { winner: 1 });
    assert_eq!(dead, [Some(1), None]);
    assert_eq!((s.orks[1].pos, s.orks[1].health), (at(5, 8), 40));
    assert_eq!(s.unit_at[s.board.index(at(4, 8))], -1, "the loser left the board at once");
}

#[test]
fn the_loser_comes_back_for_the_winner_with_full_health() {
    let mut s = state(&[(0, 12, 8, 50), (1, 12, 9, 40), (2, 16, 3, 10), (3, 16, 16, 10)], &[]);
    round(&mut s, &[(0, Dir::Right)], 7);
    let loser = s.orks[1];
    assert_eq!((loser.player, loser.health), (0, 100));
    assert!(on_row_end(&s, loser.pos));
    assert_eq!((s.orks[0].pos, s.orks[0].health), (at(12, 9), 49), "the winner keeps its health");
    assert_eq!(s.orks_of(0), [0, 1]);
    assert!(s.orks_of(1).is_empty());
}

#[test]
fn a_tie_is_a_fair_coin() {
    // 41 - 1 = 40 against 40.
    let trials = 2000;
    let mut wins = 0;
    for seed in 0..trials {
        let mut s = state(&[(0, 12, 8, 41), (1, 12, 9, 40)], &[]);
        match one_move(&mut s, 0, Dir::Right, seed).0 {
            MoveOutcome::Won { .. } => wins += 1,
            MoveOutcome::Lost { .. } => {}
            other => panic!("{other:?}"),
        }
    }
    // 50% ± 4 standard deviations.
    assert!((910..=1090).contains(&wins), "{wins} of {trials}");
}

#[test]
fn a_mover_with_negative_health_after_paying_always_loses() {
    // 2 - 3 (sand) = -1 against a defender with 0: the mover loses, whatever the coin.
    for seed in 0..50 {
        let mut s = state(&[(0, 4, 14, 2), (1, 5, 14, 0)], &[]);
        assert_eq!(one_move(&mut s, 0, Dir::Bottom, seed).0, MoveOutcome::Lost { winner: 1 });
        assert_eq!(s.orks[1].health, 0);
    }
}

#[test]
fn an_ork_killed_earlier_in_the_round_skips_its_order() {
    // Ork 0 attacks ork 1, which wants to step away; whichever goes first decides.
    let (mut first_kill, mut first_escape) = (0, 0);
    for seed in 0..60 {
        let mut s = state(&[(0, 12, 8, 90), (1, 12, 9, 10)], &[]);
        round(&mut s, &[(0, Dir::Right), (1, Dir::Right)], seed);
        let moves: Vec<usize> = s.log.moves.iter().map(|o| o.unit).collect();
        if s.orks[1].player == 0 {
            // Killed before its turn: its order was skipped (not in the log), it never moved.
            first_kill += 1;
            assert_eq!(moves, [0]);
            assert_eq!(s.orks[0].pos, at(12, 9));
            assert!(on_row_end(&s, s.orks[1].pos));
        } else {
            first_escape += 1;
            assert_eq!(moves, [1, 0]);
            assert_eq!((s.orks[1].pos, s.orks[0].pos), (at(12, 10), at(12, 9)));
        }
    }
    assert!(first_kill > 10 && first_escape > 10, "{first_kill} / {first_escape}");
}

#[test]
fn orders_run_in_a_uniformly_random_order() {
    // Two orks of different players race for the same free cell: each wins about half the time.
    let mut first = [0; 2];
    for seed in 0..400 {
        let mut s = state(&[(0, 12, 7, 50), (1, 12, 9, 50)], &[]);
        round(&mut s, &[(0, Dir::Right), (1, Dir::Left)], seed);
        first[s.log.moves[0].unit] += 1;
    }
    assert!(first.iter().all(|&n| (150..=250).contains(&n)), "{first:?}");
}

// --- Regeneration ------------------------------------------------------------------------

/// Where `spawn_cell` puts an ork next to `orks` (row, col), over `draws` rule seeds, with how
/// often each cell came up.
fn spawn_counts(board: Board, orks: &[(i32, i32)], draws: u64) -> BTreeMap<Pos, usize> {
    let orks: Vec<(usize, i32, i32, i32)> = orks.iter().map(|&(i, j)| (0, i, j, 50)).collect();
    let s = state_on(board, &orks, &[]);
    let mut counts = BTreeMap::new();
    for seed in 0..draws {
        *counts.entry(spawn_cell(&s, &mut rng(seed)).unwrap()).or_insert(0) += 1;
    }
    counts
}

#[test]
fn the_shore_is_the_two_ends_of_every_row() {
    // MAP: columns 1 and 18 of rows 1-18, row by row, left end first; not the lake's banks, not
    // the rest of the coast.
    let b = board();
    let shore: Vec<Pos> = b.shore().iter().map(|&k| b.pos(k as usize)).collect();
    let expected: Vec<Pos> = (1..=18).flat_map(|i| [at(i, 1), at(i, 18)]).collect();
    assert_eq!(shore, expected);
    assert_eq!(shore, row_ends(&b));
    // MAP2: CITY and PATH ends are listed (they never qualify), inlets move the ends inward, and
    // the one-cell row 11 gives one cell.
    let b = board_of(&MAP2);
    let shore: Vec<Pos> = b.shore().iter().map(|&k| b.pos(k as usize)).collect();
    let mut expected = vec![at(1, 1), at(1, 16), at(2, 1), at(2, 17)];
    expected.extend((3..=6).flat_map(|i| [at(i, 1), at(i, 17)]));
    expected.extend([at(7, 1), at(7, 18), at(8, 1), at(8, 18), at(9, 2), at(9, 18), at(10, 3), at(10, 18), at(11, 9)]);
    expected.extend((12..=18).flat_map(|i| [at(i, 1), at(i, 18)]));
    assert_eq!(shore, expected);
    assert_eq!(shore, row_ends(&b));
}

#[test]
fn orks_appear_only_on_row_ends_never_on_lake_banks_or_the_inner_coast() {
    // With nobody around, every one of MAP's 36 row ends comes up, about equally often, and
    // nothing else: not the lake's banks (7, 12) or (8, 11), not the coast at (1, 5) or (18, 9).
    let counts = spawn_counts(board(), &[], 3600);
    let cells: Vec<Pos> = counts.keys().copied().collect();
    assert_eq!(cells, BTreeSet::from_iter(row_ends(&board())).into_iter().collect::<Vec<_>>());
    // 100 expected each; ±4 standard deviations.
    assert!(counts.values().all(|&n| (60..=140).contains(&n)), "{counts:?}");
    for p in [at(7, 12), at(8, 11), at(1, 5), at(18, 9)] {
        assert!(!counts.contains_key(&p), "{p}");
    }
}

#[test]
fn a_shore_cell_qualifies_if_not_city_or_path_and_clear_around() {
    // MAP2's 27 row ends that are not CITY or PATH, minus those with an ork on them or on a
    // 4-neighbour: (10, 3) itself; (12, 1) next to (12, 2); (13, 1), (14, 1), (15, 1) by (14, 1);
    // (5, 17) by (5, 16); (17, 18) by (17, 17). Diagonal orks do not count: (9, 2) next to
    // (10, 3), (16, 18) and (18, 18) next to (17, 17) stay.
    let orks = [(10, 3), (12, 2), (14, 1), (5, 16), (17, 17)];
    let counts = spawn_counts(board_of(&MAP2), &orks, 2000);
    let mut expected = vec![at(1, 16), at(2, 17), at(3, 17), at(4, 17), at(6, 17), at(7, 18), at(8, 18)];
    expected.extend([at(9, 2), at(9, 18), at(10, 18), at(11, 9)]);
    expected.extend([at(12, 18), at(13, 18), at(14, 18), at(15, 18), at(16, 1), at(16, 18)]);
    expected.extend([at(17, 1), at(18, 1), at(18, 18)]);
    expected.sort();
    assert_eq!(counts.keys().copied().collect::<Vec<_>>(), expected);
    // Uniform over the 20: 100 expected each.
    assert!(counts.values().all(|&n| (60..=140).contains(&n)), "{counts:?}");
}

#[test]
fn the_dead_come_back_on_free_shore_cells_in_id_order() {
    let mut spots = BTreeSet::new();
    for seed in 0..40 {
        // Two orks die in the same round (both exhausted in the sand).
        let mut s = state(&[(0, 4, 14, 0), (1, 4, 15, 0), (2, 16, 10, 10)], &[]);
        round(&mut s, &[(0, Dir::Bottom), (1, Dir::Bottom)], seed);
        for id in [0, 1] {
            let p = s.orks[id].pos;
            assert!(on_row_end(&s, p), "{p}");
            // No other ork on it or next to it (ork 1 came back after ork 0).
            for other in s.orks.iter().filter(|o| o.id != id) {
                assert!(other.pos.manhattan(p) > 1, "ork {id} at {p} next to ork {} at {}", other.id, other.pos);
            }
            spots.insert(p);
        }
    }
    assert!(spots.len() > 25, "spread over the 36 row ends: {} distinct cells", spots.len());
}

/// Orks on the row ends of `board`, in order, wherever one still qualifies: afterwards none does.
fn block_the_shore(board: &Board) -> Vec<(usize, i32, i32, i32)> {
    let mut taken: Vec<Pos> = Vec::new();
    for p in row_ends(board) {
        if ork_shore::plain(board, p) && ork_shore::clear(&taken, p) {
            taken.push(p);
        }
    }
    taken.iter().map(|p| (1, p.i, p.j, 10)).collect()
}

#[test]
fn with_no_qualifying_shore_cell_the_first_plain_free_cell_in_row_major_order_is_used() {
    // MAP: orks on both ends of the odd rows leave no row end clear; a dying ork comes back on
    // (1, 3), the first GRASS, FOREST or SAND cell with nobody on or beside it ((1, 2) is next
    // to the ork at (1, 1)).
    let blockers = block_the_shore(&board());
    assert_eq!(blockers.len(), 18);
    let mut orks = vec![(0, 4, 14, 0)];
    orks.extend(&blockers);
    let mut s = state(&orks, &[("nb_orks", 1)]);
    round(&mut s, &[(0, Dir::Bottom)], 1);
    assert_eq!((s.orks[0].pos, s.orks[0].player, s.orks[0].health), (at(1, 3), 0, 100));

    // MAP2: the fallback skips CITY and PATH. Row 1 starts with city cells (1, 1) and (1, 2);
    // (1, 3) is next to nobody (the blockers of rows 1-2 are on the right, at (1, 16) and
    // (2, 17)), so it is the one, whatever the seed.
    let b = board_of(&MAP2);
    let blockers = block_the_shore(&b);
    assert!(ork_shore::qualifying(&b, &blockers.iter().map(|o| at(o.1, o.2)).collect::<Vec<_>>()).is_empty());
    for seed in 0..5 {
        let s = state_on(board_of(&MAP2), &blockers, &[]);
        assert_eq!(spawn_cell(&s, &mut rng(seed)), Some(at(1, 3)));
    }
    // With an ork at (1, 4), (1, 3)-(1, 5) are out too: (1, 6) is next.
    let mut more = blockers.clone();
    more.push((2, 1, 4, 10));
    let s = state_on(board_of(&MAP2), &more, &[]);
    assert_eq!(spawn_cell(&s, &mut rng(1)), Some(at(1, 6)));
}

#[test]
fn initial_orks_are_placed_player_by_player_on_row_ends() {
    // MAP and MAP2, 2 to 4 orks each, many seeds: each ork (in id order, with the earlier ones
    // on the board) on a qualifying row end, or on the fallback when none qualified.
    let mut fallbacks = 0;
    for (map, nb_orks) in [(&MAP, 2), (&MAP, 4), (&MAP2, 2), (&MAP2, 4)] {
        for seed in 0..30 {
            let s = initial_state(params(&[("nb_orks", nb_orks)]), board_of(map), &mut rng(seed)).unwrap();
            assert_eq!(s.orks.len(), 4 * nb_orks as usize);
            for u in &s.orks {
                assert_eq!((u.player, u.health), (u.id / nb_orks as usize, 100));
            }
            check_invariants(&s);
            fallbacks += check_placed_by_the_rule(&s);
        }
    }
    // 16 orks on MAP2's 20 plain row ends, in clusters, do not always fit.
    assert!(fallbacks > 0, "the fallback was exercised");
}

// --- Ownership and points ----------------------------------------------------------------

#[test]
fn strict_majorities_own_cities_and_paths_and_owners_keep_scoring() {
    // Player 0 in city 0 (9 cells) and on path 0 (6 cells); player 1 on path 1 (5 cells).
    let mut s = state(&[(0, 3, 4, 50), (0, 3, 8, 50), (1, 7, 4, 50), (2, 15, 15, 50)], &[]);
    round(&mut s, &[], 1);
    assert_eq!(s.city_owner, [0, -1, -1]);
    assert_eq!(s.path_owner, [0, 1]);
    // Player 0: 9 + 6 cells, one component of one city: 2 × 2^1.
    assert_eq!(s.scores, [9 + 6 + 4, 5, 0, 0]);

    // Player 2 walks into city 0: one ork each, a tie: player 0 keeps it.
    let mut s2 = state(&[(0, 3, 4, 50), (2, 1, 3, 50)], &[]);
    round(&mut s2, &[], 1);
    round(&mut s2, &[(1, Dir::Bottom)], 2);
    assert_eq!(s2.orks[1].pos, at(2, 3));
    assert_eq!(s2.city_owner[0], 0, "a tie keeps the owner");

    // Player 0 leaves the city (two steps up): it still owns it and scores it every round.
    round(&mut s, &[(0, Dir::Top)], 3);
    round(&mut s, &[(0, Dir::Top)], 4);
    assert_eq!(s.orks[0].pos, at(1, 4));
    assert_eq!(s.board.city_at(at(1, 4)), None);
    let before = s.scores[0];
    round(&mut s, &[], 5);
    assert_eq!(s.city_owner[0], 0);
    assert_eq!(s.scores[0] - before, 9 + 6 + 4);
}

#[test]
fn owned_cities_joined_by_owned_paths_score_two_to_the_size() {
    // Player 0 holds cities 0, 1, 2 and both paths: one component of 3 cities.
    let orks = [(0, 3, 4, 50), (0, 2, 12, 50), (0, 10, 3, 50), (0, 3, 8, 50), (0, 7, 4, 50)];
    let mut s = state(&orks, &[("nb_orks", 4), ("factor_connected_component", 3)]);
    round(&mut s, &[], 1);
    assert_eq!(s.city_owner, [0, 0, 0]);
    assert_eq!(s.path_owner, [0, 0]);
    assert_eq!(s.scores[0], (9 + 4 + 4) + (6 + 5) + 3 * 8);
    assert_eq!(s.round, 1);
}

// --- FIXED boards in .cnf files ----------------------------------------------------------

fn cnf(orks: &[(usize, usize, i32, i32, i32)]) -> String {
    cnf_of(&MAP, 2, orks)
}

fn cnf_of(map: &[&str; 20], nb_orks: usize, orks: &[(usize, usize, i32, i32, i32)]) -> String {
    let mut text = format!("OrkIsland v1\nnb_players 4\nrows 20\ncols 20\nnb_orks {nb_orks}\nFIXED\n");
    text.push_str("   00000000001111111111\n   01234567890123456789\n");
    for (i, row) in map.iter().enumerate() {
        text.push_str(&format!("{i:02} {}\n", row.replace('~', "W")));
    }
    if !orks.is_empty() {
        text.push_str(&format!("orks {}\nid player row col health\n", orks.len()));
        for (id, pl, i, j, h) in orks {
            text.push_str(&format!("{id} {pl} {i} {j} {h}\n"));
        }
    }
    text
}

fn fixed_setup(text: &str) -> Result<State, String> {
    fixed_setup_seeded(text, 1)
}

fn fixed_setup_seeded(text: &str, seed: u64) -> Result<State, String> {
    use engine::game::Game;
    use engine::games::ork_island::OrkIsland;
    let config = engine::cnf::parse(text, SPECS).map_err(|e| e.to_string())?;
    let p = OrkIsland::params(&config.params).map_err(|e| e.to_string())?;
    OrkIsland::setup(&p, &config.board, &mut GameRng::new(seed, Stream::Board)).map_err(|e| e.to_string())
}

#[test]
fn fixed_boards_give_the_island_and_optionally_the_orks() {
    let orks: Vec<(usize, usize, i32, i32, i32)> =
        (0..8).map(|id| (id, id / 2, 13 + (id as i32 / 4) * 2, 2 + 2 * (id as i32 % 4), 10 * id as i32)).collect();
    let s = fixed_setup(&cnf(&orks)).unwrap();
    assert_eq!(*s.board, board(), "the same island as the hand-made board");
    assert_eq!(s.orks.len(), 8);
    for &(id, pl, i, j, h) in &orks {
        assert_eq!(s.orks[id], Ork { id, player: pl, pos: at(i, j), health: h });
    }
    check_invariants(&s);

    // Without an `orks` section they are placed on the shore as in a random match.
    let s = fixed_setup(&cnf(&[])).unwrap();
    assert_eq!(s.orks.len(), 8);
    assert!(s.orks.iter().all(|u| on_row_end(&s, u.pos) && u.health == 100));
    check_placed_by_the_rule(&s);
}

#[test]
fn fixed_boards_without_orks_place_them_on_row_ends_not_on_lake_banks() {
    // MAP2 has a lake (rows 4-7, cols 6-12), sea inlets and CITY and PATH row ends: over many
    // seeds, orks land on its plain row ends only (the fallback aside, which needs a crowded
    // shore), never next to the lake nor on the coast between the ends.
    let row_ends_of_map2 = row_ends(&board_of(&MAP2));
    let mut seen = BTreeSet::new();
    for seed in 0..40 {
        let s = fixed_setup_seeded(&cnf_of(&MAP2, 2, &[]), seed).unwrap();
        assert_eq!(*s.board, board_of(&MAP2));
        assert_eq!(check_placed_by_the_rule(&s), 0, "8 orks fit on MAP2's shore");
        for u in &s.orks {
            assert!(on_row_end(&s, u.pos), "ork {} at {}", u.id, u.pos);
            seen.insert(u.pos);
        }
    }
    assert!(seen.iter().all(|p| row_ends_of_map2.contains(p)));
    assert!(seen.len() >= 20, "spread over the 27 plain row ends: {}", seen.len());
    // 16 orks: each still by the rule, with the fallback when the shore is full.
    for seed in 0..10 {
        check_placed_by_the_rule(&fixed_setup_seeded(&cnf_of(&MAP2, 4, &[]), seed).unwrap());
    }
}

#[test]
fn fixed_board_errors_say_where_and_what() {
    let ok: Vec<(usize, usize, i32, i32, i32)> = (0..8).map(|id| (id, id / 2, 13, 2 + 2 * id as i32, 50)).collect();
    let mut in_water = ok.clone();
    in_water[3] = (3, 1, 0, 0, 50);
    let err = fixed_setup(&cnf(&in_water)).unwrap_err();
    assert!(err.contains("ork 3 at (0, 0) is not on land"), "{err}");
    let err = fixed_setup(&cnf(&ok[..7])).unwrap_err();
    assert!(err.contains("7 orks listed; nb_players x nb_orks is 8"), "{err}");
    let mut unbalanced = ok.clone();
    unbalanced[0].1 = 3;
    let err = fixed_setup(&cnf(&unbalanced)).unwrap_err();
    assert!(err.contains("player 0 has 1 orks; nb_orks is 2"), "{err}");
    let err = fixed_setup(&cnf(&ok).replace("W..CCC......CC.....W", "W..CCC......CC..X..W")).unwrap_err();
    // Row 2 of the grid is line 11 of the file (6 header lines, 2 label lines).
    assert!(err.contains("unknown cell `X` at column 16") && err.contains("W water, . grass, F forest"), "{err}");
    assert!(err.contains("line 11:"), "the line of the bad row: {err}");
}

// --- The 1000-order cap, through the referee -----------------------------------------------

mod order_cap {
    use super::*;
    use engine::games::ork_island::OrkIsland;
    use engine::referee::{play_match, Bot, BotFailure, FreezeReason, MatchSetup, Turn};

    use super::scripted::{idle, Scripted};

    /// Ork `id` of player `id / 2` on the grass of rows 13 and 16: ork 0 at (13, 2), ork 2 at (13, 6).
    fn setup(rounds: i64) -> MatchSetup {
        let orks: Vec<(usize, usize, i32, i32, i32)> =
            (0..8).map(|id| (id, id / 2, 13 + 3 * (id as i32 % 2), 2 + 2 * id as i32, 100)).collect();
        let text = cnf(&orks).replace("nb_orks 2\n", &format!("nb_orks 2\nnb_rounds {rounds}\n"));
        let config = engine::cnf::parse(&text, SPECS).unwrap();
        MatchSetup { params: config.params, board: config.board, seed: 3 }
    }

    #[test]
    fn more_than_1000_orders_freezes_the_bot_and_the_match_goes_on() {
        fn flood(t: &mut Turn<'_, OrkIsland>) -> Result<(), BotFailure> {
            for _ in 0..1001 {
                if t.order(Order { unit: 0, dir: Dir::Right }).is_err() {
                    break;
                }
            }
            Ok(())
        }
        fn thousand(t: &mut Turn<'_, OrkIsland>) -> Result<(), BotFailure> {
            for _ in 0..1000 {
                t.order(Order { unit: 2, dir: Dir::Top }).expect("1000 orders are allowed");
            }
            Ok(())
        }
        let mut bots: [Box<dyn Bot<OrkIsland>>; 4] = [
            Box::new(Scripted("Flood", flood)),
            Box::new(Scripted("Thousand", thousand)),
            Box::new(Scripted("A", idle::<OrkIsland>)),
            Box::new(Scripted("B", idle::<OrkIsland>)),
        ];
        let out = play_match(&setup(5), &mut bots, true).unwrap();
        let s = &out.summary;
        assert_eq!(s.rounds, 5);
        let f = s.players[0].frozen.as_ref().expect("flood is frozen");
        assert_eq!(f.reason, FreezeReason::Orders);
        assert_eq!(f.round, 0);
        assert!(f.message.contains("1000"), "{}", f.message);
        assert_eq!(s.players[0].cpu, -1.0);
        assert!(s.players[1..].iter().all(|p| p.frozen.is_none()), "1000 orders are fine");
        let replay = engine::games::ork_island::replay::read(out.replay.as_ref().unwrap()).unwrap();
        // The aborted round's orders were dropped: ork 0 never moved and kept its health.
        assert!(replay.frames.iter().all(|f| f.orks[0].pos == at(13, 2) && f.orks[0].health == 100));
        assert_eq!(replay.frames[1].common.frozen.len(), 1);
        // Thousand's ork moved up once per round (grass, 1 health each): only its first order
        // counted each time.
        assert_eq!(replay.frames[5].orks[2].pos, at(8, 6));
        assert_eq!(replay.frames[5].orks[2].health, 95);
    }
}
