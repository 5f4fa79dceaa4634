//! One scenario per clause of Mad Max's rules as implemented
//! (`docs/games/mad-max.md`, "Rules as implemented"), on small hand-drawn boards.

use engine::game::Game;
use engine::games::mad_max::board::Board;
use engine::games::mad_max::params::Params;
use engine::games::mad_max::{rules, CellType, Dir, MadMax, Order, State, UnitType};
use engine::grid::{Grid, Pos};
use engine::rng::{GameRng, Stream};

/// A state on a hand-drawn board: `.` desert, `R` road, `W` water, `S` station, `X` wall,
/// `0`..`3` a city cell of that player. No unit yet; round 0.
fn board(map: &[&str]) -> State {
    let (rows, cols) = (map.len(), map[0].len());
    let mut cells = Grid::new(rows, cols, CellType::Desert);
    let mut owners = Grid::new(rows, cols, -1i8);
    for (i, line) in map.iter().enumerate() {
        for (j, c) in line.chars().enumerate() {
            let p = Pos::new(i as i32, j as i32);
            cells[p] = match c {
                '.' => CellType::Desert,
                'R' => CellType::Road,
                'W' => CellType::Water,
                'S' => CellType::Station,
                'X' => CellType::Wall,
                '0'..='3' => {
                    owners[p] = c as i8 - b'0' as i8;
                    CellType::City
                }
                _ => panic!("cell {c}"),
            };
        }
    }
    let b = Board::new(cells);
    let city_owner = b.cities().iter().map(|c| owners[c[0]] as u8).collect();
    let params = Params { rows, cols, nb_cities: b.cities().len(), ..Params::defaults() };
    State::empty(params, b, city_owner)
}

fn at(i: i32, j: i32) -> Pos {
    Pos::new(i, j)
}

fn warrior(s: &mut State, player: usize, p: Pos) -> usize {
    s.add_unit(UnitType::Warrior, player, p);
    s.units.len() - 1
}

fn car(s: &mut State, player: usize, p: Pos) -> usize {
    s.add_unit(UnitType::Car, player, p);
    s.units.len() - 1
}

/// Plays the current round with these orders (the referee's filter: own units, first order).
fn play(s: &mut State, orders: &[(usize, Dir)], seed: u64) {
    let mut per: [Vec<Order>; 4] = Default::default();
    for &(unit, dir) in orders {
        let o = Order { unit, dir };
        assert!(MadMax::accepts(s, s.units[unit].player, &o));
        per[s.units[unit].player].push(o);
    }
    rules::play_round(s, &per, &mut GameRng::new(seed, Stream::Rules));
}

const OPEN: [&str; 12] = [
    "RRRRRRRRRRRRRRRRRRRR",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
];

// ---- who moves when ----

#[test]
fn a_players_units_move_only_in_its_rounds() {
    let mut s = board(&OPEN);
    let w = warrior(&mut s, 1, at(5, 5));
    let c = car(&mut s, 1, at(8, 8));
    for r in 0..4 {
        assert_eq!(s.round, r);
        let before = (s.units[w].pos, s.units[c].pos);
        play(&mut s, &[(w, Dir::Right), (c, Dir::Left)], r as u64);
        if r == 1 {
            assert_eq!((s.units[w].pos, s.units[c].pos), (at(5, 6), at(8, 7)), "round 1 = player 1's");
        } else {
            assert_eq!(
                (s.units[w].pos, s.units[c].pos),
                before,
                "round {r}: orders for units that may not move are dropped"
            );
        }
    }
}

#[test]
fn a_car_with_fuel_on_a_road_moves_every_round() {
    let mut s = board(&OPEN);
    let c = car(&mut s, 2, at(0, 3));
    for r in 0..4u32 {
        play(&mut s, &[(c, Dir::Right)], r.into());
        assert_eq!(s.units[c].pos, at(0, 4 + r as i32), "round {r}");
    }
    // Without fuel it keeps to its player's rounds, on roads too.
    s.units[c].food = 0;
    for r in 4..8u32 {
        let before = s.units[c].pos;
        play(&mut s, &[(c, Dir::Right)], r.into());
        assert_eq!(s.units[c].pos.j - before.j, i32::from(r % 4 == 2), "round {r}");
    }
}

#[test]
fn whether_a_unit_may_move_is_judged_at_the_start_of_the_round() {
    // A car leaves the road for the desert outside its turn: it moved, and pays no fuel (it may
    // no longer move once off the road).
    let mut s = board(&OPEN);
    let c = car(&mut s, 3, at(0, 5));
    play(&mut s, &[(c, Dir::Bottom)], 1);
    assert_eq!(s.units[c].pos, at(1, 5));
    assert_eq!(s.units[c].food, 100, "off the road outside its turn: no fuel spent");
    // Now on the desert outside its turn: no move.
    play(&mut s, &[(c, Dir::Bottom)], 2);
    assert_eq!(s.units[c].pos, at(1, 5));
}

#[test]
fn only_the_first_order_of_a_unit_counts_even_none() {
    let mut s = board(&OPEN);
    let w = warrior(&mut s, 0, at(5, 5));
    let mut per: [Vec<Order>; 4] = Default::default();
    // The referee keeps a player's first order per unit; None is accepted and then dropped.
    let first = Order { unit: w, dir: Dir::None };
    assert!(MadMax::accepts(&s, 0, &first));
    assert!(!MadMax::accepts(&s, 1, &first), "another player's unit");
    per[0].push(first);
    rules::play_round(&mut s, &per, &mut GameRng::new(1, Stream::Rules));
    assert_eq!(s.units[w].pos, at(5, 5));
    assert!(s.log.moves.is_empty());
}

#[test]
fn units_keep_to_their_cells() {
    let mut s = board(&[
        "RRRRRRRRRR",
        "..........",
        "...X......",
        "...W......",
        "...S......",
        "...1......",
        "..........",
        "..........",
    ]);
    let w = warrior(&mut s, 0, at(2, 2));
    let c = car(&mut s, 0, at(5, 4));
    // A warrior enters no wall, water or station; it enters a city and walks roads.
    for (d, stays) in [(Dir::Right, true), (Dir::BR, true), (Dir::Top, false)] {
        let mut t = s.clone();
        play(&mut t, &[(w, d)], 1);
        assert_eq!(t.units[w].pos == at(2, 2), stays, "{d:?}");
    }
    let mut t = s.clone();
    t.units[w].pos = at(4, 2);
    t.unit_at[t.board.index(at(2, 2))] = -1;
    t.unit_at[t.board.index(at(4, 2))] = w as i32;
    play(&mut t, &[(w, Dir::BR)], 1);
    assert_eq!(t.units[w].pos, at(5, 3), "into a city");
    // A car enters no city, and nobody leaves the board.
    let mut t = s.clone();
    play(&mut t, &[(c, Dir::Left)], 1);
    assert_eq!(t.units[c].pos, at(5, 4), "a car stays out of cities");
    let mut t = s.clone();
    let e = car(&mut t, 0, at(0, 0));
    play(&mut t, &[(e, Dir::Top)], 1);
    assert_eq!(t.units[e].pos, at(0, 0));
}

// ---- collisions ----

/// Plays one move on a fresh copy with each seed; returns the states.
fn outcomes(s: &State, orders: &[(usize, Dir)], seeds: std::ops::Range<u64>) -> Vec<State> {
    seeds
        .map(|seed| {
            let mut t = s.clone();
            play(&mut t, orders, seed);
            t
        })
        .collect()
}

#[test]
fn two_cars_crash_and_go_to_the_two_other_teams() {
    let mut s = board(&OPEN);
    let a = car(&mut s, 0, at(5, 5));
    let b = car(&mut s, 1, at(5, 6));
    for t in outcomes(&s, &[(a, Dir::Right)], 0..40) {
        let (pa, pb) = (t.units[a].player, t.units[b].player);
        assert!(pa >= 2 && pb >= 2 && pa != pb, "captured by the two teams owning neither: {pa} {pb}");
        assert_eq!((t.units[a].food, t.units[b].food), (100, 100), "refilled");
        assert!(t.unit_on(at(5, 6)).is_none() && t.unit_on(at(5, 5)).is_none(), "both left the board");
        assert!(t.units[a].pos.i == 0 && t.units[b].pos.i == 0, "back on edge roads");
    }
    // Two cars of one team go to two distinct other teams.
    let mut s = board(&OPEN);
    let a = car(&mut s, 0, at(5, 5));
    let b = car(&mut s, 0, at(5, 6));
    let mut seen = std::collections::BTreeSet::new();
    for t in outcomes(&s, &[(a, Dir::Right)], 0..60) {
        let (pa, pb) = (t.units[a].player, t.units[b].player);
        assert!(pa != 0 && pb != 0 && pa != pb);
        seen.insert((pa, pb));
    }
    assert_eq!(seen.len(), 6, "uniformly among the ordered pairs of other teams: {seen:?}");
}

#[test]
fn a_car_runs_over_a_warrior_and_takes_its_place() {
    let mut s = board(&OPEN);
    let c = car(&mut s, 0, at(5, 5));
    let w = warrior(&mut s, 2, at(6, 6));
    s.units[w].food = 7;
    let t = &outcomes(&s, &[(c, Dir::BR)], 0..1)[0];
    assert_eq!(t.units[c].pos, at(6, 6));
    assert_eq!(t.units[w].player, 0, "captured by the car's team");
    assert_eq!((t.units[w].food, t.units[w].water), (40, 40), "refilled");
    assert!(t.board.on_edge(t.units[w].pos) && t.board.at(t.units[w].pos) == CellType::Desert);
    // Its own warrior goes to a random other team.
    s.units[w].player = 0;
    let teams: std::collections::BTreeSet<usize> =
        outcomes(&s, &[(c, Dir::BR)], 0..40).iter().map(|t| t.units[w].player).collect();
    assert_eq!(teams, [1, 2, 3].into());
}

#[test]
fn a_warrior_into_a_car_commits_suicide() {
    let mut s = board(&OPEN);
    let w = warrior(&mut s, 0, at(5, 5));
    let c = car(&mut s, 3, at(5, 6));
    let t = &outcomes(&s, &[(w, Dir::Right)], 0..1)[0];
    assert_eq!(t.units[w].player, 3, "given to the car's team");
    assert_eq!(t.units[c].pos, at(5, 6), "the car stays");
    s.units[c].player = 0;
    let teams: std::collections::BTreeSet<usize> =
        outcomes(&s, &[(w, Dir::Right)], 0..40).iter().map(|t| t.units[w].player).collect();
    assert_eq!(teams, [1, 2, 3].into(), "an own car: a random other team");
}

#[test]
fn a_raid_outside_cities_steals_food_and_water() {
    let mut s = board(&OPEN);
    let a = warrior(&mut s, 0, at(5, 5));
    let v = warrior(&mut s, 1, at(5, 6));
    s.units[a].food = 30;
    s.units[a].water = 39;
    let t = &outcomes(&s, &[(a, Dir::Right)], 0..1)[0];
    assert_eq!((t.units[v].food, t.units[v].water), (34, 34), "the attacked loses damage of each");
    // The mover's upkeep (round 0 is player 0's) comes after: +3 then -1.
    assert_eq!((t.units[a].food, t.units[a].water), (32, 39), "half of each, at most warriors_health");
    assert_eq!((t.units[a].pos, t.units[v].pos), (at(5, 5), at(5, 6)), "nobody moves");
    // With little left, the attacked is captured by the mover's team; half of what was taken.
    s.units[v].food = 5;
    let t = &outcomes(&s, &[(a, Dir::Right)], 0..1)[0];
    assert_eq!(t.units[v].player, 0);
    assert_eq!((t.units[v].food, t.units[v].water), (40, 40));
    assert_eq!(t.units[a].food, 30 + 2 - 1, "floor(5 / 2) food");
    // A road is not a city: a raid there too.
    let mut s = board(&OPEN);
    let a = warrior(&mut s, 0, at(0, 5));
    let v = warrior(&mut s, 1, at(0, 6));
    let t = &outcomes(&s, &[(a, Dir::Right)], 0..1)[0];
    assert_eq!(t.units[v].food, 34);
}

#[test]
fn the_thunderdome_in_cities_kills_one_with_odds_by_water() {
    let mut s = board(&["R.......", "..1111..", "..1111..", "........"]);
    let a = warrior(&mut s, 0, at(1, 2));
    let v = warrior(&mut s, 2, at(1, 3));
    s.units[a].water = 30;
    s.units[v].water = 10;
    s.units[v].food = 17;
    let runs = outcomes(&s, &[(a, Dir::Right)], 0..400);
    let mut mover_won = 0;
    for t in &runs {
        if t.units[v].player == 0 {
            mover_won += 1;
            assert_eq!(t.units[a].pos, at(1, 2), "the winner stays");
            // Upkeep -1 each, then the City cell refills the food (round 0 is player 0's).
            assert_eq!((t.units[a].food, t.units[a].water), (40, 29), "unchanged but for upkeep and recharge");
        } else {
            assert_eq!(t.units[a].player, 2, "the mover lost: captured by the attacked's team");
            assert_eq!(t.units[v].pos, at(1, 3));
            assert_eq!((t.units[v].food, t.units[v].water), (17, 10), "unchanged");
        }
    }
    // 3 / 4 expected: 300 of 400, a few standard deviations (8.7) either way.
    assert!((270..=330).contains(&mover_won), "{mover_won} of 400");
    // Both cells must be City: from a road onto a city cell it is a raid.
    let mut s = board(&["........", ".R1111..", "..1111..", "........"]);
    let a = warrior(&mut s, 0, at(1, 1));
    let v = warrior(&mut s, 2, at(1, 2));
    let t = &outcomes(&s, &[(a, Dir::Right)], 0..1)[0];
    assert_eq!((t.units[v].player, t.units[v].food), (2, 34));
}

#[test]
fn moves_run_in_one_random_order_and_a_captured_unit_skips_its_order() {
    // Two enemy cars on the road (so both may move in round 0) go for one warrior: the first
    // takes it and steps in, then the second crashes into it.
    let mut s = board(&OPEN);
    let w = warrior(&mut s, 2, at(0, 5));
    let a = car(&mut s, 0, at(0, 4));
    let b = car(&mut s, 1, at(0, 6));
    let mut who = [0; 2];
    for t in outcomes(&s, &[(a, Dir::Right), (b, Dir::Left)], 0..200) {
        let taker = t.units[w].player;
        assert!(taker == 0 || taker == 1);
        who[taker] += 1;
        // The second car crashed into the first: both captured by the teams owning neither.
        assert!(t.units[a].player >= 2 && t.units[b].player >= 2, "both by the teams owning neither");
        assert_ne!(t.units[a].player, t.units[b].player, "two distinct teams");
        assert_eq!(t.log.moves.len(), 2);
    }
    assert!(who[0] > 60 && who[1] > 60, "either car may move first: {who:?}");
    // A warrior ordered into its own car that moves away: suicide or both move, by the order.
    let mut s = board(&OPEN);
    let w = warrior(&mut s, 0, at(5, 5));
    let c = car(&mut s, 0, at(5, 6));
    let mut kinds = std::collections::BTreeSet::new();
    for t in outcomes(&s, &[(w, Dir::Right), (c, Dir::Right)], 0..60) {
        kinds.insert(t.units[w].player == 0);
        if t.units[w].player == 0 {
            assert_eq!((t.units[w].pos, t.units[c].pos), (at(5, 6), at(5, 7)));
        }
    }
    assert_eq!(kinds.len(), 2, "both orders happen");
}

// ---- upkeep ----

#[test]
fn upkeep_after_the_moves_for_the_units_that_may_move() {
    let mut s = board(&OPEN);
    let mine = warrior(&mut s, 0, at(5, 5));
    let idle = warrior(&mut s, 0, at(7, 7));
    let other = warrior(&mut s, 1, at(9, 9));
    let road_car = car(&mut s, 2, at(0, 10));
    let desert_car = car(&mut s, 2, at(10, 1));
    let own_car = car(&mut s, 0, at(10, 15));
    play(&mut s, &[(mine, Dir::Right)], 1);
    assert_eq!((s.units[mine].food, s.units[mine].water), (39, 39));
    assert_eq!((s.units[idle].food, s.units[idle].water), (39, 39), "moved or not");
    assert_eq!((s.units[other].food, s.units[other].water), (40, 40), "not its round");
    assert_eq!(s.units[road_car].food, 99, "on a road with fuel: may move every round");
    assert_eq!(s.units[desert_car].food, 100, "off the road outside its round");
    assert_eq!(s.units[own_car].food, 99, "its round");
    // A car with no fuel stays at 0.
    s.units[own_car].food = 0;
    for r in 1..=4 {
        play(&mut s, &[], r);
    }
    assert_eq!(s.units[own_car].food, 0);
}

#[test]
fn a_warrior_out_of_food_or_water_goes_to_another_team() {
    let mut s = board(&OPEN);
    let w = warrior(&mut s, 0, at(5, 5));
    s.units[w].water = 1;
    let teams: std::collections::BTreeSet<usize> = outcomes(&s, &[], 0..40)
        .iter()
        .map(|t| {
            assert_eq!((t.units[w].food, t.units[w].water), (40, 40));
            assert!(t.board.on_edge(t.units[w].pos));
            t.units[w].player
        })
        .collect();
    assert_eq!(teams, [1, 2, 3].into());
}

// ---- respawn ----

#[test]
fn captured_units_come_back_on_the_edge_far_from_everyone() {
    let mut s = board(&OPEN);
    let c = car(&mut s, 0, at(5, 5));
    let w = warrior(&mut s, 1, at(5, 6));
    // The car runs over the warrior; the warrior comes back on an edge desert cell, not a
    // corner, with no unit in its 9 × 9 square.
    for t in outcomes(&s, &[(c, Dir::Right)], 0..50) {
        let p = t.units[w].pos;
        assert!(t.board.on_edge(p) && t.board.at(p) == CellType::Desert, "{p}");
        assert!(!(p.i == 11 && (p.j == 0 || p.j == 19)), "corners excluded: {p}");
        for u in &t.units {
            if u.id != w {
                assert!(u.pos.chebyshev(p) > 4, "{p} near unit {}", u.id);
            }
        }
    }
}

#[test]
fn respawn_falls_back_ring_by_ring_then_anywhere_but_cities() {
    // Edge rows fully watched: no safe edge desert, the next ring inward has one.
    let map = [
        "...........",
        "...........",
        "...........",
        "...........",
        "...........",
        "...........",
        "...........",
        "...........",
        "...........",
        "...........",
        "...........",
    ];
    let mut s = board(&map);
    // Units at (5, 0), (5, 10), (0, 5), (10, 5) watch every edge cell (Chebyshev <= 4 of one
    // of them covers rows/cols 1..9 of each side) except the corners' neighbours.
    for p in [at(5, 0), at(5, 10), at(0, 5), at(10, 5), at(0, 0), at(0, 10), at(10, 0), at(10, 10)] {
        warrior(&mut s, 3, p);
    }
    let a = warrior(&mut s, 0, at(5, 4));
    let v = warrior(&mut s, 1, at(5, 5));
    s.units[v].food = 1;
    for t in outcomes(&s, &[(a, Dir::Right)], 0..20) {
        let p = t.units[v].pos;
        // No cell of this small board is 5 away from every unit: the last fallback, any empty
        // desert or road cell, nearest ring to the edge first.
        assert!(t.board.on_edge(p), "ring 0 has empty cells: {p}");
        assert!(t.unit_at.iter().filter(|&&u| u >= 0).count() == t.units.len());
    }
    // A board whose edge is wall: ring 1.
    let mut s = board(&[
        "XXXXXXXXXXXXXXXXXXXX",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "X..................X",
        "XXXXXXXXXXXXXXXXXXXX",
    ]);
    let a = warrior(&mut s, 0, at(7, 9));
    let v = warrior(&mut s, 1, at(7, 10));
    s.units[v].food = 1;
    for t in outcomes(&s, &[(a, Dir::Right)], 0..20) {
        let p = t.units[v].pos;
        let ring = p.i.min(p.j).min(13 - p.i).min(19 - p.j);
        assert_eq!(ring, 1, "{p}");
        assert!(p.chebyshev(at(7, 9)) > 4);
    }
    // Only city cells and one desert cell left: the warrior goes there, never into a city.
    let mut s = board(&["XXXXX", "X111X", "X1.1X", "X111X", "XXXXX"]);
    let a = warrior(&mut s, 0, at(1, 1));
    let v = warrior(&mut s, 1, at(1, 2));
    s.units[v].food = 1;
    s.units[a].water = 1;
    s.units[v].water = 1000;
    for t in outcomes(&s, &[(a, Dir::Right)], 0..10) {
        assert_eq!(t.units[a].pos, at(2, 2), "the thunderdome's loser comes back off the city");
    }
}

// ---- cities and scores ----

#[test]
fn a_city_goes_to_the_team_with_strictly_most_warriors() {
    let map = ["R........", ".........", "..0000...", "..0000...", "........."];
    let mut s = board(&map);
    assert_eq!(s.total_score, [1, 0, 0, 0], "the starting city is scored once");
    warrior(&mut s, 1, at(2, 2));
    let b = warrior(&mut s, 1, at(2, 3));
    warrior(&mut s, 2, at(3, 2));
    // 2 against 1: team 1 conquers it, and scores it this round.
    play(&mut s, &[], 1);
    assert_eq!(s.city_owner, [1]);
    assert_eq!(s.total_score, [1, 1, 0, 0]);
    // Cars and warriors elsewhere do not count; team 2 now has 2 against 1.
    s.units[b].player = 2;
    car(&mut s, 1, at(1, 2));
    warrior(&mut s, 1, at(4, 2));
    play(&mut s, &[], 2);
    assert_eq!(s.city_owner, [2]);
    assert_eq!(s.total_score, [1, 1, 1, 0]);
}

#[test]
fn ties_and_empty_cities_keep_their_owner_and_every_team_scores_its_cities() {
    let map = ["R........", "..00.33..", "..00.33..", "........."];
    let mut s = board(&map);
    assert_eq!(s.total_score, [1, 0, 0, 1]);
    warrior(&mut s, 1, at(1, 2));
    warrior(&mut s, 2, at(1, 3));
    play(&mut s, &[], 1);
    assert_eq!(s.city_owner, [0, 3], "a tie and an empty city change nothing");
    assert_eq!(s.total_score, [2, 0, 0, 2]);
    warrior(&mut s, 2, at(2, 2));
    play(&mut s, &[], 2);
    assert_eq!(s.city_owner, [2, 3]);
    assert_eq!(s.total_score, [2, 0, 1, 3]);
    assert_eq!(MadMax::scores(&s), s.total_score);
}

// ---- recharge ----

#[test]
fn cities_water_and_stations_recharge_in_the_units_round() {
    let map = ["RRRRRSRRRR", "..........", "..22......", "..22....W.", "..........", ".........."];
    let mut s = board(&map);
    let in_city = warrior(&mut s, 0, at(2, 2));
    let by_water = warrior(&mut s, 0, at(4, 7));
    let other = warrior(&mut s, 1, at(3, 3));
    let c = car(&mut s, 3, at(0, 3));
    for id in [in_city, by_water, other] {
        s.units[id].food = 10;
        s.units[id].water = 10;
    }
    s.units[c].food = 10;
    // Round 0, player 0's: its warriors refill (on a city whatever its owner; next to water).
    // The car is on a road with fuel: it may move, and it moves next to the station.
    play(&mut s, &[(c, Dir::Right)], 1);
    assert_eq!((s.units[in_city].food, s.units[in_city].water), (40, 9));
    assert_eq!((s.units[by_water].food, s.units[by_water].water), (9, 40));
    assert_eq!((s.units[other].food, s.units[other].water), (10, 10), "not its round");
    assert_eq!((s.units[c].pos, s.units[c].food), (at(0, 4), 100), "after the upkeep, full");
    // In player 1's round its warrior on the city refills its food.
    play(&mut s, &[], 2);
    assert_eq!((s.units[other].food, s.units[other].water), (40, 9));
    // A car that may not move is not refilled.
    let mut s = board(&map);
    let c = car(&mut s, 3, at(1, 5));
    s.units[c].food = 10;
    play(&mut s, &[], 1);
    assert_eq!(s.units[c].food, 10, "on the desert outside its round");
}

// ---- the initial state ----

#[test]
fn the_initial_placement_follows_the_spec() {
    for seed in 1..=20 {
        let s = MadMax::setup(
            &Params::defaults(),
            &engine::cnf::BoardSource::Generated,
            &mut GameRng::new(seed, Stream::Board),
        )
        .unwrap();
        s.check().unwrap();
        // Ids: 8 first warriors, one per city of its owner, then each player's 18 others, then
        // the cars, 3 per player, player 0 first.
        for (c, cells) in s.board.cities().iter().enumerate() {
            let u = &s.units[c];
            assert_eq!((u.kind, Some(u.player)), (UnitType::Warrior, s.owner_at(u.pos)));
            assert!(cells.contains(&u.pos), "seed {seed}: warrior {c} in city {c}");
        }
        for pl in 0..4 {
            let ids: Vec<usize> = (8 + 18 * pl..8 + 18 * (pl + 1)).collect();
            assert!(ids.iter().all(|&id| s.units[id].player == pl && s.units[id].kind == UnitType::Warrior));
            let cars: Vec<usize> = (80 + 3 * pl..80 + 3 * (pl + 1)).collect();
            assert!(cars.iter().all(|&id| s.units[id].player == pl && s.units[id].kind == UnitType::Car));
        }
        assert_eq!(s.total_score, [2; 4]);
        assert_eq!(s.round, 0);
    }
}
