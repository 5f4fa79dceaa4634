//! The Purge: a scenario per clause of the statement and `docs/games/purge.md`, on hand-made
//! boards (default parameters unless a test changes them).

use engine::games::purge::board::Board;
use engine::games::purge::generator::generate;
use engine::games::purge::orders::{execute, Outcome};
use engine::games::purge::params::{Params, SPECS};
use engine::games::purge::placement::is_safe;
use engine::games::purge::rules::{play_round, regenerate};
use engine::games::purge::setup::initial_state;
use engine::games::purge::state::{Barricade, Fight, Pending, Regen};
use engine::games::purge::{CitizenType, Item, Order, OrderKind, State, Weapon};
use engine::grid::{Dir, Grid, Pos};
use engine::params::{ParamError, ParamValues};
use engine::rng::{GameRng, Stream};

use CitizenType::{Builder, Warrior};

fn rng(seed: u64) -> GameRng {
    GameRng::new(seed, Stream::Rules)
}

fn params(changes: &[(&str, i64)]) -> Result<Params, ParamError> {
    let mut v = ParamValues::defaults(SPECS);
    for &(name, value) in changes {
        v.set(SPECS, name, value)?;
    }
    Params::from_values(&v)
}

/// A 15 × 30 board, all street but the cells listed.
fn state_with(buildings: &[(i32, i32)], changes: &[(&str, i64)]) -> State {
    let mut g = Grid::new(15, 30, false);
    for &(i, j) in buildings {
        g[Pos::new(i, j)] = true;
    }
    State::empty(params(changes).expect("valid"), Board::new(g))
}

fn state() -> State {
    state_with(&[], &[])
}

/// Round 0 is day; round 25 (of 50 a day) is the first night round.
const NIGHT: u32 = 25;

fn at(i: i32, j: i32) -> Pos {
    Pos::new(i, j)
}

fn mv(citizen: usize, dir: Dir) -> Order {
    Order { citizen, kind: OrderKind::Move, dir }
}

fn build(citizen: usize, dir: Dir) -> Order {
    Order { citizen, kind: OrderKind::Build, dir }
}

fn put(s: &mut State, p: Pos, item: Item) {
    let k = s.board.index(p);
    s.item[k] = Some(item);
}

fn barricade(s: &mut State, p: Pos, player: usize, resistance: i64) {
    let k = s.board.index(p);
    s.barricade[k] = Some(Barricade { player, resistance });
}

fn barricade_at(s: &State, p: Pos) -> Option<Barricade> {
    s.barricade[s.board.index(p)]
}

#[test]
fn parameters_follow_the_statement_and_its_validation() {
    let p = Params::defaults();
    assert_eq!((p.num_days, p.rounds_per_day, p.rows, p.cols), (5, 50, 15, 30));
    assert_eq!((p.builders, p.warriors, p.money, p.food, p.guns, p.bazookas), (4, 2, 10, 5, 4, 2));
    assert_eq!((p.builder_life, p.warrior_life, p.money_points), (60, 100, 5));
    assert_eq!(
        (p.kill_builder_points, p.kill_warrior_points, p.food_incr_life, p.life_lost_in_attack),
        (100, 250, 20, 20)
    );
    assert_eq!((p.attack.builder, p.attack.hammer, p.attack.gun, p.attack.bazooka), (1, 10, 100, 1000));
    assert_eq!((p.demolish.builder, p.demolish.hammer, p.demolish.gun, p.demolish.bazooka), (3, 10, 10, 30));
    assert_eq!((p.regen_builder, p.regen_warrior, p.regen_food, p.regen_money, p.regen_weapon), (50, 50, 10, 5, 40));
    assert_eq!((p.resistance_step, p.max_resistance, p.max_barricades), (40, 320, 3));
    assert_eq!(p.num_rounds(), 250);
    // Ranges of Figure 5, and the cross-field rules.
    for bad in [
        ("num_rounds_per_day", 51),
        ("board_rows", 11),
        ("board_rows", 26),
        ("board_cols", 51),
        ("num_ini_builders", 7),
        ("num_ini_warriors", 0),
        ("num_ini_money", 11),
        ("num_ini_guns", 6),
        ("num_ini_bazookas", 5),
        ("gun_strength_attack", 5),
        ("hammer_strength_demolish", 2),
        ("barricade_resistance_step", 400),
        ("food_incr_life", 0),
    ] {
        assert!(params(&[bad]).is_err(), "{bad:?} must be refused");
    }
    assert!(params(&[("num_rounds_per_day", 2), ("num_ini_money", 0), ("board_rows", 25)]).is_ok());
}

#[test]
fn day_is_the_first_half_of_each_day() {
    let p = Params::defaults();
    let days: Vec<bool> = [0, 24, 25, 49, 50, 74, 75, 249].iter().map(|&r| p.is_day(r)).collect();
    assert_eq!(days, [true, true, false, false, true, true, false, false]);
    let p = params(&[("num_rounds_per_day", 2)]).unwrap();
    assert_eq!((p.is_day(0), p.is_day(1), p.is_day(2)), (true, false, true));
}

#[test]
fn food_gives_life_up_to_the_initial_life_and_is_queued() {
    let mut s = state();
    let w = s.add_citizen(0, Warrior, at(3, 3));
    let b = s.add_citizen(1, Builder, at(6, 6));
    s.citizens[w].life = 90;
    s.citizens[b].life = 30;
    put(&mut s, at(4, 3), Item::Food);
    put(&mut s, at(6, 7), Item::Food);
    assert_eq!(execute(&mut s, mv(w, Dir::Bottom), &mut rng(1)), Outcome::Moved(Some(Item::Food)));
    assert_eq!(execute(&mut s, mv(b, Dir::Right), &mut rng(1)), Outcome::Moved(Some(Item::Food)));
    assert_eq!(s.citizens[w].life, 100, "capped at a warrior's initial life");
    assert_eq!(s.citizens[b].life, 50);
    assert_eq!((s.citizens[w].pos, s.citizens[b].pos), (at(4, 3), at(6, 7)));
    assert_eq!(s.item[s.board.index(at(4, 3))], None);
    assert_eq!(s.queue, vec![Pending { what: Regen::Item(Item::Food), rounds: 10 }; 2]);
}

#[test]
fn money_gives_points_to_the_clan() {
    let mut s = state();
    let b = s.add_citizen(2, Builder, at(3, 3));
    put(&mut s, at(3, 2), Item::Money);
    assert_eq!(execute(&mut s, mv(b, Dir::Left), &mut rng(1)), Outcome::Moved(Some(Item::Money)));
    assert_eq!(s.money_points, [0, 0, 5, 0]);
    assert_eq!(s.scores(), [0, 0, 5, 0]);
    assert_eq!(s.queue, vec![Pending { what: Regen::Item(Item::Money), rounds: 5 }]);
}

#[test]
fn a_warrior_keeps_the_stronger_weapon_and_a_builder_destroys_it() {
    let mut s = state();
    let w = s.add_citizen(0, Warrior, at(3, 3));
    let b = s.add_citizen(0, Builder, at(8, 8));
    assert_eq!(s.citizens[w].weapon, Some(Weapon::Hammer));
    put(&mut s, at(3, 4), Item::Bazooka);
    put(&mut s, at(3, 5), Item::Gun);
    put(&mut s, at(8, 9), Item::Gun);
    execute(&mut s, mv(w, Dir::Right), &mut rng(1));
    assert_eq!(s.citizens[w].weapon, Some(Weapon::Bazooka));
    execute(&mut s, mv(w, Dir::Right), &mut rng(1));
    assert_eq!(s.citizens[w].weapon, Some(Weapon::Bazooka), "a gun is weaker than a bazooka: the gun is gone");
    assert_eq!(s.item[s.board.index(at(3, 5))], None);
    execute(&mut s, mv(b, Dir::Right), &mut rng(1));
    assert_eq!(s.citizens[b].weapon, None, "builders carry none");
    assert_eq!(s.item[s.board.index(at(8, 9))], None);
    // Each weapon comes back as the same type.
    let back: Vec<Regen> = s.queue.iter().map(|p| p.what).collect();
    assert_eq!(back, [Regen::Item(Item::Bazooka), Regen::Item(Item::Gun), Regen::Item(Item::Gun)]);
    assert!(s.queue.iter().all(|p| p.rounds == 40));
}

#[test]
fn moves_off_the_board_into_buildings_or_citizens_by_day_are_ignored() {
    let mut s = state_with(&[(5, 6)], &[]);
    let a = s.add_citizen(0, Warrior, at(0, 0));
    let b = s.add_citizen(0, Builder, at(5, 5));
    let c = s.add_citizen(1, Warrior, at(5, 4));
    assert_eq!(execute(&mut s, mv(a, Dir::Top), &mut rng(1)), Outcome::Ignored);
    assert_eq!(execute(&mut s, mv(b, Dir::Right), &mut rng(1)), Outcome::Ignored, "a building");
    assert_eq!(execute(&mut s, mv(b, Dir::Left), &mut rng(1)), Outcome::Ignored, "a rival by day");
    assert_eq!(execute(&mut s, mv(c, Dir::Right), &mut rng(1)), Outcome::Ignored);
    assert_eq!(execute(&mut s, mv(a, Dir::None), &mut rng(1)), Outcome::Ignored);
    assert_eq!((s.citizens[a].pos, s.citizens[b].pos, s.citizens[c].pos), (at(0, 0), at(5, 5), at(5, 4)));
    assert!(s.log.fights.is_empty());
}

#[test]
fn own_barricades_are_entered_when_empty_rival_ones_block_by_day() {
    let mut s = state();
    let a = s.add_citizen(0, Warrior, at(3, 3));
    let b = s.add_citizen(0, Builder, at(3, 5));
    let r = s.add_citizen(1, Warrior, at(6, 3));
    barricade(&mut s, at(3, 4), 0, 40);
    barricade(&mut s, at(6, 4), 0, 40);
    assert_eq!(execute(&mut s, mv(a, Dir::Right), &mut rng(1)), Outcome::Entered);
    assert_eq!(execute(&mut s, mv(b, Dir::Left), &mut rng(1)), Outcome::Ignored, "someone is inside");
    assert_eq!(execute(&mut s, mv(r, Dir::Right), &mut rng(1)), Outcome::Ignored, "a rival barricade by day");
    assert_eq!(barricade_at(&s, at(3, 4)), Some(Barricade { player: 0, resistance: 40 }), "entering keeps it");
    assert_eq!(barricade_at(&s, at(6, 4)).unwrap().resistance, 40);
    // Leaving it leaves it standing.
    execute(&mut s, mv(a, Dir::Top), &mut rng(1));
    assert_eq!(s.citizens[a].pos, at(2, 4));
    assert!(barricade_at(&s, at(3, 4)).is_some());
}

#[test]
fn at_night_rival_barricades_lose_the_movers_demolition_strength() {
    let mut s = state();
    s.round = NIGHT;
    let b = s.add_citizen(1, Builder, at(3, 3));
    let w = s.add_citizen(1, Warrior, at(4, 4));
    let inside = s.add_citizen(0, Builder, at(3, 4));
    barricade(&mut s, at(3, 4), 0, 13);
    assert_eq!(execute(&mut s, mv(b, Dir::Right), &mut rng(1)), Outcome::Demolished { destroyed: false });
    assert_eq!(barricade_at(&s, at(3, 4)).unwrap().resistance, 10, "a builder demolishes 3");
    assert_eq!(execute(&mut s, mv(w, Dir::Top), &mut rng(1)), Outcome::Demolished { destroyed: true });
    assert_eq!(barricade_at(&s, at(3, 4)), None, "a hammer takes 10: at 0 or less it goes");
    assert_eq!((s.citizens[b].pos, s.citizens[w].pos), (at(3, 3), at(4, 4)), "the movers never move");
    assert_eq!(s.citizens[inside].life, 60, "the citizen inside is not hurt");
    assert!(s.citizens[inside].alive);
    // Unprotected now: the next attack is a fight.
    assert!(matches!(execute(&mut s, mv(w, Dir::Top), &mut rng(1)), Outcome::Fought(_)));
    // Gun 10, bazooka 30.
    let mut s = state();
    s.round = NIGHT;
    let g = s.add_citizen(2, Warrior, at(8, 8));
    s.citizens[g].weapon = Some(Weapon::Bazooka);
    barricade(&mut s, at(8, 9), 3, 31);
    execute(&mut s, mv(g, Dir::Right), &mut rng(1));
    assert_eq!(barricade_at(&s, at(8, 9)).unwrap().resistance, 1);
}

#[test]
fn fights_happen_at_night_between_rivals_only() {
    let mut s = state();
    let a = s.add_citizen(0, Warrior, at(3, 3));
    let mate = s.add_citizen(0, Builder, at(3, 4));
    let rival = s.add_citizen(1, Builder, at(4, 3));
    s.round = NIGHT;
    assert_eq!(execute(&mut s, mv(a, Dir::Right), &mut rng(1)), Outcome::Ignored, "same clan");
    assert!(matches!(execute(&mut s, mv(a, Dir::Bottom), &mut rng(1)), Outcome::Fought(_)));
    assert_eq!(s.citizens[mate].life, 60);
    assert!(s.citizens[rival].life == 40 || s.citizens[a].life == 80, "the loser loses 20");
    assert_eq!((s.citizens[a].pos, s.citizens[rival].pos), (at(3, 3), at(4, 3)), "nobody moves");
}

#[test]
fn the_mover_wins_with_probability_s1_over_s1_plus_s2() {
    // A hammer (10) against a gun (100): 10 / 110.
    let mut wins = 0;
    let n = 20_000;
    let mut r = rng(7);
    for _ in 0..n {
        let mut s = state();
        s.round = NIGHT;
        let a = s.add_citizen(0, Warrior, at(3, 3));
        let d = s.add_citizen(1, Warrior, at(3, 4));
        s.citizens[d].weapon = Some(Weapon::Gun);
        if let Outcome::Fought(f) = execute(&mut s, mv(a, Dir::Right), &mut r) {
            wins += usize::from(f.attacker_won);
        }
    }
    let rate = wins as f64 / n as f64;
    let expected = 10.0 / 110.0;
    let sigma = (expected * (1.0 - expected) / n as f64).sqrt();
    assert!((rate - expected).abs() < 5.0 * sigma, "won {rate}, expected {expected}");
}

#[test]
fn a_death_gives_kill_points_by_type_and_queues_a_citizen_of_that_type() {
    for (kind, life, points, delay) in [(Builder, 20, 100, 50), (Warrior, 15, 250, 50)] {
        let mut s = state_with(&[], &[("num_rounds_regen_warrior", 50)]);
        s.round = NIGHT;
        let a = s.add_citizen(2, Warrior, at(3, 3));
        s.citizens[a].weapon = Some(Weapon::Bazooka);
        let d = s.add_citizen(3, kind, at(3, 4));
        s.citizens[d].life = life;
        // A bazooka (1000) against 1 or 10: this seed's draw gives the attacker the fight.
        let mut r = rng(3);
        let out = execute(&mut s, mv(a, Dir::Right), &mut r);
        let Outcome::Fought(Fight { attacker_won: true, killed: true, .. }) = out else { panic!("{out:?}") };
        assert!(!s.citizens[d].alive);
        assert_eq!(s.citizen_at[s.board.index(at(3, 4))], -1, "the dead leave the board at once");
        assert_eq!(s.kill_points, [0, 0, points, 0]);
        assert_eq!(s.queue, vec![Pending { what: Regen::Citizen { player: 3, kind }, rounds: delay }]);
        // A later order of the dead citizen is skipped.
        assert_eq!(execute(&mut s, mv(d, Dir::Left), &mut r), Outcome::Skipped);
    }
}

#[test]
fn a_citizen_may_attack_out_of_its_barricade_and_lose() {
    let mut s = state();
    s.round = NIGHT;
    let a = s.add_citizen(0, Builder, at(3, 3));
    barricade(&mut s, at(3, 3), 0, 40);
    let d = s.add_citizen(1, Warrior, at(3, 4));
    s.citizens[d].weapon = Some(Weapon::Bazooka);
    s.citizens[a].life = 20;
    let out = execute(&mut s, mv(a, Dir::Right), &mut rng(1));
    // 1 against 1000: the builder loses (with this seed) and dies on its barricade.
    assert_eq!(out, Outcome::Fought(Fight { attacker: a, defender: d, attacker_won: false, killed: true }));
    assert!(!s.citizens[a].alive);
    assert_eq!(s.kill_points, [0, 100, 0, 0], "a builder is worth 100 to the defender's clan");
    assert!(barricade_at(&s, at(3, 3)).is_some(), "the barricade stays");
}

#[test]
fn builders_build_by_day_on_free_street_or_their_own_barricades() {
    let mut s = state_with(&[(2, 5)], &[]);
    let b = s.add_citizen(0, Builder, at(3, 5));
    let w = s.add_citizen(0, Warrior, at(7, 7));
    // A warrior's build order is ignored; so is building into a building.
    assert_eq!(execute(&mut s, build(w, Dir::Right), &mut rng(1)), Outcome::Ignored);
    assert_eq!(execute(&mut s, build(b, Dir::Top), &mut rng(1)), Outcome::Ignored);
    assert_eq!(execute(&mut s, build(b, Dir::Right), &mut rng(1)), Outcome::Built);
    assert_eq!(barricade_at(&s, at(3, 6)), Some(Barricade { player: 0, resistance: 40 }));
    for want in [80, 120, 160, 200, 240, 280, 320, 320] {
        assert_eq!(execute(&mut s, build(b, Dir::Right), &mut rng(1)), Outcome::Reinforced);
        assert_eq!(barricade_at(&s, at(3, 6)).unwrap().resistance, want, "step 40, capped at 320");
    }
    // Not onto items, citizens or a rival barricade.
    put(&mut s, at(4, 5), Item::Money);
    assert_eq!(execute(&mut s, build(b, Dir::Bottom), &mut rng(1)), Outcome::Ignored);
    let r = s.add_citizen(1, Builder, at(3, 4));
    assert_eq!(execute(&mut s, build(b, Dir::Left), &mut rng(1)), Outcome::Ignored);
    barricade(&mut s, at(1, 1), 1, 40);
    let c = s.add_citizen(0, Builder, at(1, 2));
    assert_eq!(execute(&mut s, build(c, Dir::Left), &mut rng(1)), Outcome::Ignored);
    // By night: ignored.
    s.round = NIGHT;
    assert_eq!(execute(&mut s, build(r, Dir::Top), &mut rng(1)), Outcome::Ignored);
}

#[test]
fn at_most_max_num_barricades_and_never_from_inside_one() {
    let mut s = state();
    let b = s.add_citizen(0, Builder, at(5, 5));
    let other = s.add_citizen(1, Builder, at(9, 9));
    assert_eq!(execute(&mut s, build(b, Dir::Right), &mut rng(1)), Outcome::Built);
    assert_eq!(execute(&mut s, build(b, Dir::Left), &mut rng(1)), Outcome::Built);
    assert_eq!(execute(&mut s, build(b, Dir::Top), &mut rng(1)), Outcome::Built);
    assert_eq!(execute(&mut s, build(b, Dir::Bottom), &mut rng(1)), Outcome::Ignored, "a fourth");
    assert_eq!(s.barricades_of(0), vec![at(4, 5), at(5, 4), at(5, 6)]);
    assert_eq!(execute(&mut s, build(other, Dir::Top), &mut rng(1)), Outcome::Built, "per player");
    // From inside a barricade, no building (not even reinforcing).
    execute(&mut s, mv(b, Dir::Right), &mut rng(1));
    assert_eq!(s.citizens[b].pos, at(5, 6));
    assert_eq!(execute(&mut s, build(b, Dir::Top), &mut rng(1)), Outcome::Ignored);
    assert_eq!(execute(&mut s, build(b, Dir::Left), &mut rng(1)), Outcome::Ignored);
}

#[test]
fn barricades_vanish_after_the_last_night_round_of_each_day() {
    let mut s = state();
    let b = s.add_citizen(0, Builder, at(5, 5));
    barricade(&mut s, at(5, 6), 0, 40);
    s.relocate(b, at(5, 6));
    let none: [Vec<Order>; 4] = Default::default();
    s.round = 48;
    play_round(&mut s, &none, &mut rng(1));
    assert!(barricade_at(&s, at(5, 6)).is_some(), "after round 48");
    play_round(&mut s, &none, &mut rng(1));
    assert_eq!(s.round, 50);
    assert!(s.barricade.iter().all(Option::is_none), "after round 49 every barricade is gone");
    assert_eq!(s.citizens[b].pos, at(5, 6), "the citizen inside stays");
}

#[test]
fn regeneration_waits_its_delay_then_places_citizens_first_on_safe_cells() {
    let mut s = state();
    s.add_citizen(0, Warrior, at(0, 0));
    // Queued in round r with delay N: due at round r + N - 1.
    s.queue.push(Pending { what: Regen::Item(Item::Gun), rounds: 3 });
    s.queue.push(Pending { what: Regen::Item(Item::Money), rounds: 3 });
    s.queue.push(Pending { what: Regen::Citizen { player: 2, kind: Warrior }, rounds: 3 });
    let mut r = rng(5);
    regenerate(&mut s, &mut r);
    regenerate(&mut s, &mut r);
    assert_eq!(s.queue.len(), 3);
    regenerate(&mut s, &mut r);
    assert!(s.queue.is_empty());
    let reborn = &s.citizens[1];
    assert_eq!((reborn.id, reborn.player, reborn.kind), (1, 2, Warrior), "a fresh id");
    assert_eq!((reborn.life, reborn.weapon), (100, Some(Weapon::Hammer)));
    assert_eq!(s.log.reborn, vec![1]);
    let items: Vec<Item> = s.item.iter().flatten().copied().collect();
    assert_eq!(items.len(), 2);
}

#[test]
fn with_no_safe_cell_the_lowest_priority_waits() {
    // A 12 × 12 board: a citizen every 4 cells leaves no cell with an empty 5 × 5 square...
    let board = Board::new(Grid::new(12, 12, false));
    let mut s = State::empty(params(&[("board_rows", 12), ("board_cols", 12)]).unwrap(), board);
    for i in (0..12).step_by(3) {
        for j in (0..12).step_by(3) {
            s.add_citizen(0, Builder, at(i, j));
        }
    }
    assert!(s.board.streets().iter().all(|&p| !is_safe(&s, p)));
    s.queue.push(Pending { what: Regen::Item(Item::Food), rounds: 1 });
    let mut r = rng(2);
    regenerate(&mut s, &mut r);
    assert_eq!(s.queue, vec![Pending { what: Regen::Item(Item::Food), rounds: 0 }], "it waits");
    // ...until one cell frees: the citizen (priority 0) takes it, the food keeps waiting.
    for id in 0..s.citizens.len() {
        let p = s.citizens[id].pos;
        if (p.i, p.j) != (0, 0) && p.i <= 6 && p.j <= 6 {
            s.remove(id);
        }
    }
    s.queue.insert(0, Pending { what: Regen::Item(Item::Gun), rounds: 1 });
    s.queue.push(Pending { what: Regen::Citizen { player: 1, kind: Builder }, rounds: 1 });
    regenerate(&mut s, &mut r);
    let placed: Vec<_> = s.log.reborn.clone();
    assert_eq!(placed.len(), 1, "the citizen came back first");
    let p = s.citizens[placed[0]].pos;
    assert!(p.i >= 3 && p.j >= 3 && p.i <= 5 && p.j <= 5, "the only safe cells then: {p}");
}

#[test]
fn scores_are_money_plus_kills() {
    let mut s = state();
    s.money_points = [5, 0, 10, 0];
    s.kill_points = [100, 250, 0, 0];
    assert_eq!(s.scores(), [105, 250, 10, 0]);
}

#[test]
fn the_generator_keeps_one_street_component_and_a_fifth_of_buildings() {
    for seed in 1..=30 {
        let p = Params::defaults();
        let b = generate(p.rows, p.cols, &mut GameRng::new(seed, Stream::Board));
        assert_eq!(b.street_components().len(), 1, "seed {seed}");
        let buildings = 450 - b.streets().len();
        assert!((60..=91).contains(&buildings), "seed {seed}: {buildings} buildings (budget 90, one more at most)");
        // Chains never touch the border.
        for p in b.buildings().positions().filter(|&p| b.buildings()[p]) {
            assert!(p.i > 0 && p.j > 0 && p.i < 14 && p.j < 29, "seed {seed}: building on the border at {p}");
        }
    }
}

#[test]
fn the_initial_state_places_everyone_on_distinct_empty_cells() {
    let p = Params::defaults();
    let mut board_rng = GameRng::new(4, Stream::Board);
    let b = generate(p.rows, p.cols, &mut board_rng);
    let s = initial_state(p.clone(), b, &mut board_rng).unwrap();
    assert_eq!(s.citizens.len(), 24);
    for (id, c) in s.citizens.iter().enumerate() {
        assert_eq!(c.player, id / 6, "ids p x 6 + k");
        assert_eq!(c.kind, if id % 6 < 4 { Builder } else { Warrior }, "builders first");
        assert_eq!(c.life, if c.kind == Builder { 60 } else { 100 });
        assert_eq!(c.weapon, (c.kind == Warrior).then_some(Weapon::Hammer));
        assert!(s.board.is_street(c.pos));
        assert_eq!(s.citizen_at[s.board.index(c.pos)], id as i32);
        assert!(s.item[s.board.index(c.pos)].is_none());
    }
    let count = |it: Item| s.item.iter().filter(|&&x| x == Some(it)).count();
    assert_eq!((count(Item::Money), count(Item::Food), count(Item::Gun), count(Item::Bazooka)), (10, 5, 4, 2));
    assert!(s.barricade.iter().all(Option::is_none));
    assert!(s.is_day());
}
