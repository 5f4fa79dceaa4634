//! One scenario per clause of The Walking Dead's statement and spec, on hand-made 60×60 boards.

use engine::game::{Game, NB_PLAYERS};
use engine::games::walking_dead::board::Board;
use engine::games::walking_dead::moves::{execute_move, interleave, MoveOutcome, MovePhase};
use engine::games::walking_dead::params::{Params, SPECS};
use engine::games::walking_dead::placement::is_safe;
use engine::games::walking_dead::rules::play_round;
use engine::games::walking_dead::state::{strength, State, Unit, UnitType};
use engine::games::walking_dead::zombies::{distances, FAR};
use engine::games::walking_dead::{view, Dir, Order, WalkingDead};
use engine::grid::{Grid, Pos};
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};

const R: i32 = 5;

fn params(changes: &[(&str, i64)]) -> Params {
    let mut v = ParamValues::defaults(SPECS);
    for (n, x) in changes {
        v.set(SPECS, n, *x).unwrap();
    }
    Params::from_values(&v).unwrap()
}

fn at(i: i32, j: i32) -> Pos {
    Pos::new(i, j)
}

fn rng(seed: u64) -> GameRng {
    GameRng::new(seed, Stream::Rules)
}

/// A 60×60 board, all street but the listed waste cells.
fn board(waste: &[(i32, i32)]) -> Board {
    let mut g = Grid::new(60, 60, false);
    for &(i, j) in waste {
        g[at(i, j)] = true;
    }
    Board::new(g)
}

/// What a scenario puts on the board: `a`live units (player), `z`ombies, `d`ead units (player).
enum U {
    A(usize, i32, i32),
    Z(i32, i32),
    D(usize, i32, i32),
}

/// A state with these units (ids in list order), food and no other food; each alive unit owns
/// its cell; parameters changed as listed (no food, so that nothing regenerates unless eaten).
fn state_on(b: Board, units: &[U], food: &[(i32, i32)], changes: &[(&str, i64)]) -> State {
    let mut s = State::empty(params(changes), b);
    for (id, u) in units.iter().enumerate() {
        let (kind, player, p, counter) = match *u {
            U::A(pl, i, j) => (UnitType::Alive, pl as i32, at(i, j), -1),
            U::Z(i, j) => (UnitType::Zombie, -1, at(i, j), -1),
            U::D(pl, i, j) => (UnitType::Dead, pl as i32, at(i, j), R + 1),
        };
        s.units.push(Unit { id, kind, player, pos: p, rounds_for_zombie: counter });
        s.place(id, p);
        if kind == UnitType::Alive {
            s.set_owner(p, player as i8);
        }
    }
    for &(i, j) in food {
        let k = s.board.index(at(i, j));
        s.food[k] = true;
    }
    s
}

fn state(units: &[U], food: &[(i32, i32)]) -> State {
    state_on(board(&[]), units, food, &[])
}

fn mv(unit: usize, dir: Dir) -> Order {
    Order { unit, dir }
}

/// Orders per player from (player, unit, dir).
fn orders(list: &[(usize, usize, Dir)]) -> [Vec<Order>; NB_PLAYERS] {
    let mut o: [Vec<Order>; NB_PLAYERS] = Default::default();
    for &(p, u, d) in list {
        o[p].push(mv(u, d));
    }
    o
}

/// Plays a round with the first seed from `seed` on that draws no clan switch (the switch can
/// happen in any round and would blur what a scenario looks at).
fn round_no_switch(s: &mut State, o: &[Vec<Order>; NB_PLAYERS], seed: u64) {
    for k in seed.. {
        let mut t = s.clone();
        play_round(&mut t, o, &mut rng(k));
        if t.log.switch.is_none() {
            *s = t;
            return;
        }
    }
}

/// Waste on rows 9 and 11: row 10 is a corridor between them.
fn corridor() -> Board {
    let waste: Vec<(i32, i32)> = (0..60).flat_map(|j| [(9, j), (11, j)]).collect();
    board(&waste)
}

fn one_move(s: &mut State, o: Order, seed: u64) -> MoveOutcome {
    let strength: [i64; NB_PLAYERS] = std::array::from_fn(|c| s.strength(c));
    execute_move(s, o, &strength, &mut MovePhase::default(), &mut rng(seed))
}

fn owner(s: &State, i: i32, j: i32) -> i8 {
    s.owner[s.board.index(at(i, j))]
}

fn food_count(s: &State) -> usize {
    s.food.iter().filter(|&&f| f).count()
}

// ---- parameters ----

#[test]
fn parameters_default_and_validation() {
    let p = Params::defaults();
    assert_eq!((p.num_rounds, p.rows, p.cols, p.units_per_clan, p.zombies, p.food), (200, 60, 60, 20, 10, 15));
    assert_eq!((p.clan_ini_strength, p.points_for_killing_person, p.points_for_killing_zombie), (1000, 50, 10));
    assert_eq!((p.points_per_owned_cell, p.food_strength, p.rounds_before_becoming_zombie), (1, 50, 5));
    let mut v = ParamValues::defaults(SPECS);
    v.set(SPECS, "POINTS_FOR_KILLING_ZOMBIE", 50).unwrap();
    let e = Params::from_values(&v).unwrap_err().to_string();
    assert!(e.contains("points_for_killing_zombie (50) must be less than points_for_killing_person (50)"), "{e}");
    for (name, bad) in
        [("BOARD_ROWS", 61), ("NUM_PLAYERS", 3), ("NUM_ROUNDS", 0), ("NUM_INI_FOOD", 0), ("CLAN_INI_STRENGTH", 0)]
    {
        let e = ParamValues::defaults(SPECS).set(SPECS, name, bad).unwrap_err().to_string();
        assert!(e.contains("out of range"), "{name}: {e}");
    }
    let mut v = ParamValues::defaults(SPECS);
    v.set(SPECS, "num_ini_units_per_clan", 200).unwrap();
    v.set(SPECS, "num_ini_zombies", 100).unwrap();
    assert!(Params::from_values(&v).unwrap_err().to_string().contains("at most 900 fit"));
}

#[test]
fn rounds_are_numbered_from_one() {
    let s = state(&[U::A(0, 5, 5)], &[]);
    assert_eq!(WalkingDead::round(&s), 1, "the first round is round 1 (freezes, replays)");
    // Bots see the kit's round(): 0 in the first round, as kit players expect.
    let mut v = Vec::new();
    view::encode_round(&s, &[0.0; 4], &mut v);
    assert_eq!(i32::from_le_bytes(v[0..4].try_into().unwrap()), 0);
    let mut s = s;
    play_round(&mut s, &Default::default(), &mut rng(1));
    assert_eq!(s.round, 1);
    assert_eq!(WalkingDead::round(&s), 2);
}

// ---- orders ----

#[test]
fn orders_are_interleaved_keeping_each_players_order() {
    let o =
        orders(&[(0, 0, Dir::Up), (0, 1, Dir::Up), (0, 2, Dir::Up), (1, 3, Dir::Up), (1, 4, Dir::Up), (3, 5, Dir::Up)]);
    let mut first_seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let all = interleave(&o, &mut rng(seed));
        let units: Vec<usize> = all.iter().map(|o| o.unit).collect();
        assert_eq!(units.len(), 6);
        let pos = |u: usize| units.iter().position(|&x| x == u).unwrap();
        assert!(pos(0) < pos(1) && pos(1) < pos(2), "{units:?}");
        assert!(pos(3) < pos(4), "{units:?}");
        first_seen.insert(units[0]);
    }
    // The first order comes from any of the three players with orders.
    assert_eq!(first_seen.into_iter().collect::<Vec<_>>(), vec![0, 3, 5]);
}

#[test]
fn only_alive_units_of_the_player_take_orders() {
    let s = state(&[U::A(0, 5, 5), U::Z(7, 7), U::D(0, 9, 9), U::A(1, 11, 11)], &[]);
    assert!(WalkingDead::accepts(&s, 0, &mv(0, Dir::Up)));
    assert!(!WalkingDead::accepts(&s, 1, &mv(0, Dir::Up)), "another player's unit");
    assert!(!WalkingDead::accepts(&s, 0, &mv(1, Dir::Up)), "a zombie");
    assert!(!WalkingDead::accepts(&s, 0, &mv(2, Dir::Up)), "a dead unit of the player");
    assert!(!WalkingDead::accepts(&s, 0, &mv(99, Dir::Up)), "no such unit");
}

#[test]
fn order_records_decode_every_direction_and_refuse_bad_ones() {
    let rec = |u: i32, d: i32| [u.to_le_bytes(), d.to_le_bytes()].concat();
    assert_eq!(WalkingDead::decode_order(&rec(3, 4)), Some(mv(3, Dir::Up)));
    assert_eq!(WalkingDead::decode_order(&rec(3, 7)), Some(mv(3, Dir::LD)));
    assert_eq!(WalkingDead::decode_order(&rec(3, 8)), None);
    assert_eq!(WalkingDead::decode_order(&rec(-1, 0)), None);
    assert_eq!(WalkingDead::decode_order(&rec(3, 0)[..5]), None);
}

// ---- moves of alive units ----

#[test]
fn a_move_into_an_empty_cell_moves_and_owns_it_and_the_old_cell_stays_owned() {
    let mut s = state(&[U::A(2, 5, 5)], &[]);
    assert_eq!(one_move(&mut s, mv(0, Dir::Right), 1), MoveOutcome::Moved);
    assert_eq!(s.units[0].pos, at(5, 6));
    assert_eq!((owner(&s, 5, 6), owner(&s, 5, 5)), (2, 2));
    assert_eq!(s.unit_at[s.board.index(at(5, 5))], -1);
}

#[test]
fn ignored_moves_diagonal_off_board_waste_dead_and_own_clan() {
    let b = board(&[(5, 6)]);
    let units = [U::A(0, 5, 5), U::A(0, 4, 5), U::D(1, 6, 5), U::A(0, 0, 0)];
    let mut s = state_on(b, &units, &[], &[]);
    for (o, why) in [
        (mv(0, Dir::DR), "diagonal"),
        (mv(0, Dir::Right), "waste"),
        (mv(0, Dir::Up), "own clan"),
        (mv(0, Dir::Down), "dead unit"),
        (mv(3, Dir::Up), "off the board"),
        (mv(3, Dir::Left), "off the board"),
    ] {
        assert_eq!(one_move(&mut s, o, 1), MoveOutcome::Ignored, "{why}");
    }
    assert_eq!((s.units[0].pos, s.units[3].pos), (at(5, 5), at(0, 0)));
}

#[test]
fn a_move_into_food_eats_it_owns_the_cell_and_food_reappears() {
    let mut s = state_on(board(&[]), &[U::A(1, 5, 5)], &[(5, 4)], &[("num_ini_food", 1)]);
    play_round(&mut s, &orders(&[(1, 0, Dir::Left)]), &mut rng(3));
    assert_eq!(s.units[0].pos, at(5, 4));
    assert_eq!(owner(&s, 5, 4), 1);
    assert!(!s.has_food(at(5, 4)));
    assert_eq!(food_count(&s), 1, "one food item reappears");
    let k = s.food.iter().position(|&f| f).unwrap();
    assert!(s.board.pos(k).chebyshev(at(5, 4)) > 2, "on a safe cell");
    // Strength points: 1000 + 50 for the food - 1 alive unit.
    assert_eq!(s.strength_points[1], 1049);
    assert_eq!(s.strength_points[0], 1000, "a clan with no alive unit loses nothing");
}

#[test]
fn a_move_into_a_zombie_kills_it_and_it_comes_back_for_the_killer() {
    let mut s = state(&[U::A(3, 20, 20), U::Z(20, 21), U::A(0, 40, 40)], &[]);
    play_round(&mut s, &orders(&[(3, 0, Dir::Right)]), &mut rng(1));
    assert_eq!(s.units[0].pos, at(20, 20), "the killer stays");
    let z = s.units[1];
    assert_eq!((z.kind, z.player, z.rounds_for_zombie), (UnitType::Alive, 3, -1), "the same id, now of clan 3");
    assert_ne!(z.pos, at(20, 21));
    assert_eq!(owner(&s, z.pos.i, z.pos.j), 3, "it owns its new cell");
    assert_eq!(s.zombies_killed, [0, 0, 0, 1]);
    assert_eq!(s.log.zombie_kills, vec![(1, 3)]);
    // 10 for the zombie, and two owned cells.
    assert_eq!(s.scores[3], 10 + 2);
}

#[test]
fn a_killed_zombie_leaves_the_board_at_once() {
    let mut s = state(&[U::A(0, 20, 20), U::Z(20, 21), U::A(1, 20, 23)], &[]);
    one_move(&mut s, mv(0, Dir::Right), 1);
    assert_eq!(s.unit_at[s.board.index(at(20, 21))], -1);
    // Another clan can walk into the freed cell in the same round.
    assert_eq!(one_move(&mut s, mv(2, Dir::Left), 1), MoveOutcome::Moved);
    assert_eq!(one_move(&mut s, mv(2, Dir::Left), 1), MoveOutcome::Moved);
    assert_eq!(s.units[2].pos, at(20, 21));
    assert!(matches!(one_move(&mut s, mv(2, Dir::Left), 1), MoveOutcome::Fought(_)));
}

#[test]
fn fights_surprise_wins_thirty_percent_then_strength_odds() {
    // Attacker of strength 0 against a defender of strength 1000: only the surprise wins.
    let rate = |att: i64, def: i64| {
        let mut wins = 0;
        for seed in 0..4000 {
            let mut s = state(&[U::A(0, 5, 5), U::A(1, 5, 6)], &[]);
            s.strength_points = [att, def, 0, 0];
            match one_move(&mut s, mv(0, Dir::Right), seed) {
                MoveOutcome::Fought(f) => wins += usize::from(f.attacker_won),
                o => panic!("{o:?}"),
            }
        }
        wins as f64 / 4000.0
    };
    let surprise = rate(0, 1000);
    assert!((0.27..0.33).contains(&surprise), "{surprise}");
    // Strengths 0 and 0: the remaining 70% is a fair coin.
    let even = rate(0, 0);
    assert!((0.62..0.68).contains(&even), "{even}");
    // N = 3M: 0.3 + 0.7 × 3/4.
    let strong = rate(300, 100);
    assert!((0.79..0.86).contains(&strong), "{strong}");
}

#[test]
fn a_fight_kills_the_loser_in_place_nobody_moves_and_the_winner_scores() {
    for seed in 0..50 {
        let mut s = state(&[U::A(0, 5, 5), U::A(1, 5, 6)], &[]);
        let MoveOutcome::Fought(f) = one_move(&mut s, mv(0, Dir::Right), seed) else { panic!() };
        let (winner, loser) = if f.attacker_won { (0, 1) } else { (1, 0) };
        assert_eq!(s.units[loser].kind, UnitType::Dead);
        assert_eq!(s.units[loser].rounds_for_zombie, R + 1);
        assert_eq!(s.units[loser].player, loser as i32, "a dead unit keeps its clan");
        assert_eq!(s.units[winner].kind, UnitType::Alive);
        assert_eq!((s.units[0].pos, s.units[1].pos), (at(5, 5), at(5, 6)));
        assert_eq!(s.fights_won[winner], 1);
        assert_eq!(s.compute_scores()[winner], 50 + 1);
    }
}

#[test]
fn a_unit_killed_earlier_in_the_round_skips_its_order() {
    // Unit 1 is attacked by a clan 0 unit with a huge strength; if it dies, its own order is
    // skipped and it is not listed among the moves tried.
    let mut skipped = 0;
    for seed in 0..40 {
        let mut s = state(&[U::A(0, 5, 5), U::A(1, 5, 6)], &[]);
        s.strength_points = [1_000_000, 0, 0, 0];
        play_round(&mut s, &orders(&[(0, 0, Dir::Right), (1, 1, Dir::Down)]), &mut rng(seed));
        let first = s.log.moves[0].unit;
        if first == 0 {
            assert_eq!(s.units[1].kind, UnitType::Dead);
            assert_eq!(s.units[1].pos, at(5, 6), "the dead unit did not move");
            assert_eq!(s.log.moves.len(), 1);
            skipped += 1;
        }
    }
    assert!(skipped > 5);
}

#[test]
fn a_bitten_unit_that_dies_in_a_fight_restarts_its_counter() {
    let mut s = state(&[U::A(0, 5, 5), U::A(1, 5, 6)], &[]);
    s.units[1].rounds_for_zombie = 2;
    s.strength_points = [1_000_000, 0, 0, 0];
    let mut seed = 0;
    loop {
        let mut t = s.clone();
        if let MoveOutcome::Fought(f) = one_move(&mut t, mv(0, Dir::Right), seed) {
            if f.attacker_won {
                assert_eq!(t.units[1].rounds_for_zombie, R + 1);
                break;
            }
        }
        seed += 1;
    }
}

#[test]
fn strength_is_taken_at_the_start_of_the_round() {
    // Clan 0: two units, 1 point (strength 0). Clan 1: two units, 0 points (strength 0). Unit 2
    // attacks unit 0 first; if it kills it, clan 0's live strength would be 1 and unit 3's
    // attack on unit 1 could then only win by surprise (30%); with the strengths of the start
    // of the round it wins 65% of the time.
    let (mut wins, mut fights) = (0, 0);
    for seed in 0..3000 {
        let mut s = state(&[U::A(0, 5, 5), U::A(0, 9, 5), U::A(1, 5, 6), U::A(1, 9, 6)], &[]);
        s.strength_points = [1, 0, 0, 0];
        play_round(&mut s, &orders(&[(1, 2, Dir::Left), (1, 3, Dir::Left)]), &mut rng(seed));
        if s.log.fights.len() == 2 && s.log.fights[0].attacker_won {
            fights += 1;
            wins += usize::from(s.log.fights[1].attacker_won);
        }
    }
    let rate = wins as f64 / fights as f64;
    assert!(fights > 1000 && (0.6..0.7).contains(&rate), "{wins}/{fights}");
}

#[test]
fn strength_is_points_over_alive_units_floored() {
    assert_eq!(strength(1000, 20), 50);
    assert_eq!(strength(999, 20), 49);
    assert_eq!(strength(7, 0), 0);
    let mut s = state(&[U::A(0, 5, 5), U::A(0, 7, 7), U::A(0, 9, 9), U::D(0, 11, 11)], &[]);
    s.strength_points[0] = 100;
    assert_eq!(s.strength(0), 33, "dead units do not count");
    assert_eq!(s.strength(1), 0, "no alive unit");
}

#[test]
fn strength_points_grow_with_food_and_drop_by_alive_units_floored_at_zero() {
    let mut s =
        state_on(board(&[]), &[U::A(0, 5, 5), U::A(0, 30, 30), U::A(1, 50, 50)], &[(5, 6)], &[("num_ini_food", 1)]);
    s.strength_points = [10, 1, 0, 0];
    round_no_switch(&mut s, &orders(&[(0, 0, Dir::Right)]), 2);
    assert_eq!(s.strength_points, [10 + 50 - 2, 0, 0, 0]);
}

// ---- zombies ----

#[test]
fn zombies_move_diagonally_toward_the_nearest_alive_unit() {
    let mut s = state(&[U::A(0, 10, 10), U::Z(20, 20)], &[]);
    play_round(&mut s, &Default::default(), &mut rng(1));
    assert_eq!(s.units[1].pos, at(19, 19));
}

#[test]
fn zombie_distances_go_around_waste_dead_units_and_zombies() {
    // A wall of waste between the zombie and the unit, open at row 10.
    let wall: Vec<(i32, i32)> = (0..10).map(|i| (i, 5)).collect();
    let s = state_on(board(&wall), &[U::A(0, 0, 0), U::Z(0, 9), U::D(1, 11, 5)], &[], &[]);
    let d = distances(&s);
    let dist = |i, j| d[s.board.index(at(i, j))];
    assert_eq!(dist(0, 1), 1);
    assert_eq!(dist(0, 5), FAR, "waste");
    assert_eq!(dist(11, 5), FAR, "a dead unit");
    assert_eq!(dist(0, 9), FAR, "a zombie");
    assert_eq!(dist(10, 5), 10);
    assert_eq!(dist(0, 6), 20, "around the wall's end");
}

#[test]
fn zombie_ties_are_drawn_uniformly() {
    let mut left = 0;
    for seed in 0..1000 {
        let mut s = state(&[U::A(0, 20, 10), U::A(1, 20, 30), U::Z(20, 20)], &[]);
        play_round(&mut s, &Default::default(), &mut rng(seed));
        let p = s.units[2].pos;
        assert_eq!((p.j - 20).abs(), 1, "{p}");
        left += usize::from(p.j == 19);
    }
    assert!((430..570).contains(&left), "{left}");
}

#[test]
fn a_zombie_destroys_food_and_clears_ownership_where_it_steps() {
    let mut s = state_on(corridor(), &[U::A(0, 10, 10), U::Z(10, 13)], &[(10, 12)], &[("num_ini_food", 1)]);
    s.set_owner(at(10, 12), 2);
    play_round(&mut s, &Default::default(), &mut rng(1));
    assert_eq!(s.units[1].pos, at(10, 12));
    assert_eq!(owner(&s, 10, 12), -1);
    assert!(!s.has_food(at(10, 12)));
    assert_eq!(food_count(&s), 1, "the destroyed food reappears");
    let mut s = state_on(corridor(), &[U::A(0, 10, 10), U::Z(10, 13)], &[], &[]);
    s.set_owner(at(10, 12), 2);
    play_round(&mut s, &Default::default(), &mut rng(1));
    assert_eq!(owner(&s, 10, 12), -1, "an owned empty cell loses its owner");
}

#[test]
fn zombies_bite_and_bitten_units_become_zombies_after_r_rounds() {
    let mut s = state(&[U::A(1, 10, 10), U::Z(11, 11)], &[]);
    round_no_switch(&mut s, &Default::default(), 1);
    assert_eq!(s.units[1].pos, at(11, 11), "a biting zombie stays");
    assert_eq!(s.units[0].rounds_for_zombie, R, "bitten in round 1: counter R after it");
    assert_eq!(s.log.bites, vec![(1, 0)]);
    // The unit flees; later bites do not restart the counter. It still moves while converting.
    for round in 2..=R as u32 {
        round_no_switch(&mut s, &orders(&[(1, 0, Dir::Up)]), u64::from(round));
        assert_eq!(s.units[0].kind, UnitType::Alive, "round {round}");
        assert_eq!(s.units[0].rounds_for_zombie, R + 1 - round as i32);
    }
    let p = s.units[0].pos;
    assert_eq!(owner(&s, p.i, p.j), 1);
    play_round(&mut s, &Default::default(), &mut rng(9));
    let u = s.units[0];
    assert_eq!((u.kind, u.player, u.rounds_for_zombie), (UnitType::Zombie, -1, -1), "a zombie after round 1 + R");
    assert_eq!(owner(&s, p.i, p.j), -1, "its cell loses its owner");
}

#[test]
fn a_second_bite_does_not_restart_the_counter() {
    let mut s = state(&[U::A(1, 10, 10), U::Z(11, 11)], &[]);
    s.units[0].rounds_for_zombie = 3;
    play_round(&mut s, &Default::default(), &mut rng(1));
    assert_eq!(s.units[0].rounds_for_zombie, 2);
}

#[test]
fn dead_units_become_zombies_after_r_rounds() {
    let mut s = state(&[U::A(0, 5, 5), U::A(1, 5, 6), U::A(2, 50, 50)], &[]);
    s.strength_points = [1_000_000, 0, 0, 0];
    let mut seed = 0;
    loop {
        let mut t = s.clone();
        play_round(&mut t, &orders(&[(0, 0, Dir::Right)]), &mut rng(seed));
        if t.units[1].kind == UnitType::Dead {
            s = t;
            break;
        }
        seed += 1;
    }
    assert_eq!(s.units[1].rounds_for_zombie, R);
    for _ in 0..R - 1 {
        play_round(&mut s, &Default::default(), &mut rng(seed));
    }
    assert_eq!(s.units[1].kind, UnitType::Dead);
    assert_eq!(s.units[1].rounds_for_zombie, 1);
    play_round(&mut s, &Default::default(), &mut rng(seed));
    assert_eq!(s.units[1].kind, UnitType::Zombie);
    assert_eq!(owner(&s, 5, 6), -1);
}

// ---- end of the round ----

#[test]
fn reborn_units_appear_on_safe_cells() {
    for seed in 0..30 {
        let mut s = state(&[U::A(0, 20, 20), U::Z(20, 21), U::A(1, 30, 30)], &[(40, 40)]);
        play_round(&mut s, &orders(&[(0, 0, Dir::Right)]), &mut rng(seed));
        let p = s.units[1].pos;
        let mut t = s.clone();
        t.lift(1);
        assert!(is_safe(&t, p), "seed {seed}: {p}");
    }
}

#[test]
fn without_a_safe_cell_items_appear_on_an_empty_cell() {
    // Streets only on row 0, packed with units two apart: no safe cell is left.
    let waste: Vec<(i32, i32)> = (1..60).flat_map(|i| (0..60).map(move |j| (i, j))).collect();
    let units: Vec<U> = (0..4).map(|k| U::A(k, 0, 3 * k as i32)).collect();
    let mut s = state_on(board(&waste), &units, &[], &[("num_ini_food", 1)]);
    let p = engine::games::walking_dead::placement::regeneration_cell(&s, &mut rng(1)).unwrap();
    assert_eq!(p.i, 0);
    assert!(s.unit_on(p).is_none());
    s.food[s.board.index(p)] = true;
    assert!(!is_safe(&s, at(0, 1)));
}

#[test]
fn the_clan_switch_moves_a_unit_from_the_largest_clan_to_the_smallest() {
    // Alive units 3, 2, 2, 1.
    let units = [
        U::A(0, 5, 5),
        U::A(0, 5, 15),
        U::A(0, 5, 25),
        U::A(1, 15, 5),
        U::A(1, 15, 15),
        U::A(2, 25, 5),
        U::A(2, 25, 15),
        U::A(3, 35, 5),
    ];
    let mut switches = 0;
    for seed in 0..1000 {
        let mut s = state(&units, &[]);
        play_round(&mut s, &Default::default(), &mut rng(seed));
        if let Some((u, from, to)) = s.log.switch {
            switches += 1;
            assert_eq!((from, to), (0, 3));
            assert!(u < 3);
            assert_eq!(s.units[u].player, 3);
            let p = s.units[u].pos;
            assert_eq!(owner(&s, p.i, p.j), 3, "its cell changes owner");
        }
    }
    assert!((160..240).contains(&switches), "{switches}");
}

#[test]
fn clan_switch_ties_are_drawn_among_the_tied_clans() {
    let ties = [U::A(0, 5, 5), U::A(0, 5, 15), U::A(1, 15, 5), U::A(1, 15, 15), U::A(2, 25, 5), U::A(3, 35, 5)];
    let equal = [U::A(0, 5, 5), U::A(1, 15, 5), U::A(2, 25, 5), U::A(3, 35, 5)];
    let mut pairs = std::collections::BTreeSet::new();
    let mut equal_pairs = std::collections::BTreeSet::new();
    for seed in 0..2000 {
        let mut s = state(&ties, &[]);
        play_round(&mut s, &Default::default(), &mut rng(seed));
        if let Some((_, from, to)) = s.log.switch {
            pairs.insert((from, to));
        }
        let mut s = state(&equal, &[]);
        play_round(&mut s, &Default::default(), &mut rng(seed));
        if let Some((_, from, to)) = s.log.switch {
            assert_ne!(from, to);
            equal_pairs.insert((from, to));
        }
    }
    assert_eq!(pairs.into_iter().collect::<Vec<_>>(), vec![(0, 2), (0, 3), (1, 2), (1, 3)]);
    assert_eq!(equal_pairs.len(), 12, "every ordered pair of distinct clans");
}

#[test]
fn a_converting_unit_keeps_its_counter_when_it_switches_clans() {
    let units = [U::A(0, 5, 5), U::A(0, 5, 15), U::A(1, 35, 5)];
    for seed in 0..200 {
        let mut s = state(&units, &[]);
        s.units[0].rounds_for_zombie = 4;
        s.units[1].rounds_for_zombie = 4;
        play_round(&mut s, &Default::default(), &mut rng(seed));
        if let Some((u, _, to)) = s.log.switch {
            assert_eq!(s.units[u].rounds_for_zombie, 3);
            assert_eq!(s.units[u].player, to as i32);
            return;
        }
    }
    panic!("no switch in 200 rounds");
}

#[test]
fn scores_count_kills_and_owned_cells_and_can_fall() {
    let mut s = state_on(corridor(), &[U::A(0, 10, 10), U::Z(10, 14)], &[], &[]);
    assert_eq!(s.scores, [0; 4], "0 at round 0");
    for j in 11..14 {
        s.set_owner(at(10, j), 0);
    }
    round_no_switch(&mut s, &Default::default(), 1);
    // The zombie stepped onto (10, 13): 4 owned cells minus 1.
    assert_eq!(s.scores[0], 3);
    let before = s.scores[0];
    round_no_switch(&mut s, &Default::default(), 1);
    assert!(s.scores[0] < before, "scores can go down");
}

#[test]
fn the_total_number_of_units_never_changes() {
    let p = Params::defaults();
    let mut s =
        WalkingDead::setup(&p, &engine::cnf::BoardSource::Generated, &mut GameRng::new(4, Stream::Board)).unwrap();
    let mut r = rng(4);
    for round in 0..200u64 {
        let mut o: [Vec<Order>; 4] = Default::default();
        for u in &s.units {
            if let Some(c) = u.alive_of() {
                o[c].push(mv(u.id, Dir::STRAIGHT[((u.id as u64 + round) % 4) as usize]));
            }
        }
        play_round(&mut s, &o, &mut r);
        assert_eq!(s.units.len(), p.total_units());
        assert_eq!(s.unit_at.iter().filter(|&&u| u >= 0).count(), p.total_units());
    }
}
