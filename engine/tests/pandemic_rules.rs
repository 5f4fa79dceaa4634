//! One scenario per clause of the Pandemic statement, on the small board of `common`.

mod common;
mod scripted;

use common::*;
use engine::game::Game;
use engine::games::pandemic::board::CellType;
use engine::games::pandemic::params::Params;
use engine::games::pandemic::rules::{heal_probability, infection_probability};
use engine::games::pandemic::scoring::round_points;
use engine::games::pandemic::{setup, Pandemic};
use engine::grid::Dir;
use engine::rng::{GameRng, Stream};
use std::collections::BTreeSet;

fn on_ring(s: &engine::games::pandemic::State, id: usize) -> bool {
    let p = s.units[id].pos;
    let n = s.board.rows() as i32;
    p.i == 1 || p.j == 1 || p.i == n - 2 || p.j == n - 2
}

// --- Moves -------------------------------------------------------------------------------

#[test]
fn a_unit_moves_into_an_empty_cell_in_each_direction() {
    for (dir, (di, dj)) in [(Dir::Bottom, (1, 0)), (Dir::Right, (0, 1)), (Dir::Top, (-1, 0)), (Dir::Left, (0, -1))] {
        let mut s = state_with(&four_units(healthy(0, 8, 8)), &[], &[]);
        step(&mut s, &[(0, dir)], &mut rng(1));
        assert_eq!(s.units[0].pos, at(8 + di, 8 + dj), "{dir:?}");
        assert_eq!(s.unit_at[s.board.index(at(8, 8))], -1);
        check_invariants(&s);
    }
}

#[test]
fn moves_into_walls_and_own_units_do_nothing() {
    let units = vec![
        healthy(0, 14, 10),
        healthy(0, 13, 10),
        healthy(1, 1, 1),
        healthy(2, 17, 2),
        healthy(3, 2, 17),
        healthy(1, 16, 14),
        healthy(2, 15, 2),
        healthy(3, 5, 17),
    ];
    let mut s = state_with(&units, &[], &[]);
    // Unit 0 into the wall at (15, 10); unit 1 into its own unit 0; unit 2 into the outer wall.
    step(&mut s, &[(0, Dir::Bottom), (1, Dir::Bottom), (2, Dir::Left)], &mut rng(2));
    assert_eq!(s.units[0].pos, at(14, 10));
    assert_eq!(s.units[1].pos, at(13, 10));
    assert_eq!(s.units[2].pos, at(1, 1));
    assert_eq!(s.units[0].health, 100, "own units are never attacked");
    assert_eq!(s.units[0].player, 0);
    check_invariants(&s);
}

#[test]
fn a_stay_order_keeps_the_unit_in_place() {
    let mut s = state_with(&four_units(healthy(0, 8, 8)), &[], &[]);
    step(&mut s, &[(0, Dir::None)], &mut rng(1));
    assert_eq!(s.units[0].pos, at(8, 8));
    assert!(s.log.moves.is_empty(), "stays are not executed moves");
}

// --- Attacks -----------------------------------------------------------------------------

#[test]
fn an_attack_takes_25_to_40_health_and_nobody_moves_if_the_defender_survives() {
    let mut seen = BTreeSet::new();
    for seed in 0..600 {
        let mut units = four_units(healthy(0, 8, 8));
        units[1] = healthy(1, 8, 9);
        let mut s = state_with(&units, &[], &[]);
        step(&mut s, &[(0, Dir::Right)], &mut rng(seed));
        let lost = 100 - s.units[1].health;
        assert!((25..=40).contains(&lost), "lost {lost}");
        seen.insert(lost);
        assert_eq!(s.units[0].pos, at(8, 8));
        assert_eq!(s.units[1].pos, at(8, 9));
        assert_eq!(s.units[0].health, 100, "the attacker never loses health");
        assert_eq!(s.units[1].player, 1);
    }
    assert_eq!(seen.len(), 16, "every damage in 25..=40 occurs: {seen:?}");
}

#[test]
fn health_zero_is_alive() {
    // 40 health minus at most 40 damage is never negative.
    for seed in 0..300 {
        let mut units = four_units(healthy(0, 8, 8));
        units[1] = (1, 8, 9, 40, 0, 0, false, false);
        let mut s = state_with(&units, &[], &[]);
        step(&mut s, &[(0, Dir::Right)], &mut rng(seed));
        assert_eq!(s.units[1].player, 1);
        assert!(s.units[1].health >= 0);
        assert_eq!(s.units[1].pos, at(8, 9));
    }
}

#[test]
fn a_killed_defender_is_converted_and_the_attacker_moves_in() {
    let mut units = four_units(healthy(0, 8, 8));
    units[1] = (1, 8, 9, 10, 0, 0, false, true); // weak and masked
    let mut s = state_with(&units, &[], &[]);
    step(&mut s, &[(0, Dir::Right)], &mut rng(4));
    assert_eq!(s.units[0].pos, at(8, 9), "the attacker takes the cell");
    let b = s.units[1];
    assert_eq!(b.player, 0, "the victim regenerates for the attacker's player");
    assert_eq!(b.health, 100, "with full health");
    assert!(!b.mask, "its mask disappears");
    assert!(!b.immune);
    assert!(on_ring(&s, 1), "it respawns on the ring inside the wall, at {}", b.pos);
    assert!(s.mask.iter().all(|m| !m), "the mask is gone from the board too");
    check_invariants(&s);
}

#[test]
fn a_unit_killed_earlier_in_the_round_skips_its_order() {
    // Player 1's weak unit wants to move away; if player 0's attack comes first it dies and its
    // order is skipped; otherwise it escapes and the attack is a plain move.
    let (mut killed_first, mut escaped) = (0, 0);
    for seed in 0..200 {
        let mut units = four_units(healthy(0, 8, 8));
        units[1] = (1, 8, 9, 5, 0, 0, false, false);
        let mut s = state_with(&units, &[], &[]);
        step(&mut s, &[(0, Dir::Right), (1, Dir::Right)], &mut rng(seed));
        if s.units[1].player == 0 {
            killed_first += 1;
            assert!(on_ring(&s, 1));
            assert_eq!(s.log.moves.len(), 1, "the dead unit's move is not executed");
            assert_eq!(s.units[0].pos, at(8, 9));
        } else {
            escaped += 1;
            assert_eq!(s.units[1].pos, at(8, 10));
            assert_eq!(s.units[0].pos, at(8, 9));
        }
    }
    assert!(killed_first > 50 && escaped > 50, "orders run in a uniformly random order: {killed_first} / {escaped}");
}

// --- Masks -------------------------------------------------------------------------------

#[test]
fn a_unit_picks_up_a_mask_and_a_masked_unit_ignores_one() {
    let mut units = four_units(healthy(0, 8, 8));
    units[1] = (1, 10, 10, 100, 0, 0, false, true);
    let mut s = state_with(&units, &[(8, 9), (10, 11)], &[]);
    step(&mut s, &[(0, Dir::Right), (1, Dir::Right)], &mut rng(5));
    assert!(s.units[0].mask);
    assert!(!s.mask_at(at(8, 9)), "picked up");
    assert!(s.units[1].mask);
    assert!(s.mask_at(at(10, 11)), "a masked unit leaves the mask where it is");
}

#[test]
fn a_mask_spawns_every_five_rounds_on_inner_grass_but_not_after_the_last_round() {
    let mut s = state_with(&four_units(healthy(0, 8, 8)), &[], &[("nb_rounds", 15)]);
    let mut r = rng(6);
    let mut counts = Vec::new();
    for _ in 0..15 {
        step(&mut s, &[], &mut r);
        counts.push(s.mask.iter().filter(|m| **m).count());
    }
    assert_eq!(counts, vec![0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    for k in (0..s.mask.len()).filter(|&k| s.mask[k]) {
        let p = s.board.pos(k);
        assert_eq!(s.board.cell(p), CellType::Grass);
        assert!(p.i >= 2 && p.j >= 2 && p.i <= 17 && p.j <= 17, "mask at {p} is on the border ring");
    }
}

// --- Ownership and scoring ---------------------------------------------------------------

#[test]
fn strict_majority_conquers_and_ties_keep_the_owner() {
    // City 1 is rows 3-4, cols 12-13.
    let units = vec![
        healthy(0, 3, 12),
        healthy(1, 17, 17),
        healthy(2, 17, 2),
        healthy(3, 2, 17),
        healthy(0, 16, 16),
        healthy(1, 16, 14),
        healthy(2, 15, 2),
        healthy(3, 9, 17),
    ];
    let mut s = state_with(&units, &[], &[]);
    let mut r = rng(7);
    step(&mut s, &[], &mut r);
    assert_eq!(s.city_owner[1], 0, "one unit against none conquers");
    // Player 1 enters: a tie, player 0 keeps it.
    s.units[5].pos = at(4, 13);
    rebuild(&mut s);
    step(&mut s, &[], &mut r);
    assert_eq!(s.city_owner[1], 0, "a tie keeps the owner");
    // Player 0 leaves: player 1 now has strictly more.
    s.units[0].pos = at(8, 8);
    rebuild(&mut s);
    step(&mut s, &[], &mut r);
    assert_eq!(s.city_owner[1], 1);
    // Everyone leaves: the owner keeps it and keeps scoring.
    s.units[5].pos = at(9, 9);
    rebuild(&mut s);
    let before = s.scores[1];
    step(&mut s, &[], &mut r);
    assert_eq!(s.city_owner[1], 1);
    assert_eq!(s.scores[1] - before, 4 + 4, "4 city cells plus 2 x 2^1 for a lone city");
}

/// Re-derives `unit_at` after a test moved units by hand.
fn rebuild(s: &mut engine::games::pandemic::State) {
    s.unit_at.iter_mut().for_each(|u| *u = -1);
    for u in &s.units {
        let k = s.board.index(u.pos);
        s.unit_at[k] = u.id as i32;
    }
}

#[test]
fn points_for_cities_paths_and_connected_components() {
    let mut s = state_with(&four_units(healthy(0, 8, 8)), &[], &[]);
    // Player 0 owns cities 0 (9 cells), 1 (4) and 2 (4) and path 0 (6 cells, joins 0 and 1).
    s.city_owner = vec![0, 0, 0];
    s.path_owner = vec![0, -1];
    // Components {0, 1} and {2}: 2 x 2^2 + 2 x 2^1.
    assert_eq!(round_points(&s), [9 + 4 + 4 + 6 + 8 + 4, 0, 0, 0]);
    // Path 1 (joins 0 and 2) owned too: one component of 3.
    s.path_owner = vec![0, 0];
    assert_eq!(round_points(&s), [9 + 4 + 4 + 12 + 2 * 8, 0, 0, 0]);
    // A path whose ends are not both the owner's gives its cells but no edge.
    s.city_owner = vec![0, 1, 0];
    s.path_owner = vec![0, 2];
    assert_eq!(round_points(&s), [9 + 4 + 6 + 2 * 2 + 2 * 2, 4 + 2 * 2, 6, 0]);
}

#[test]
fn bonuses_and_factor_are_parameters() {
    let mut s = state_with(
        &four_units(healthy(0, 8, 8)),
        &[],
        &[("bonus_per_city_cell", 3), ("bonus_per_path_cell", 5), ("factor_connected_component", 7)],
    );
    s.city_owner = vec![0, 0, -1];
    s.path_owner = vec![0, -1];
    assert_eq!(round_points(&s), [3 * 13 + 5 * 6 + 7 * 4, 0, 0, 0]);
}

#[test]
fn the_statement_example_components_give_32_points() {
    // 2 x (2^3 + 2^2 + 2 x 2^1) = 32, as in the statement's figure: check the formula on a
    // generated board by giving one player components of those sizes.
    let p = Params::defaults();
    let mut rng = GameRng::new(11, Stream::Board);
    for _ in 0..50 {
        let board = engine::games::pandemic::generator::generate(70, &mut rng);
        // Find a path chain a-b-c and another path d-e disjoint from it, plus two lone cities.
        let paths = board.paths();
        for x in paths {
            for y in paths {
                let shared = [x.ends.0, x.ends.1].into_iter().find(|c| *c == y.ends.0 || *c == y.ends.1);
                let Some(mid) = shared else { continue };
                if std::ptr::eq(x, y) {
                    continue;
                }
                let chain: BTreeSet<usize> = [x.ends.0, x.ends.1, y.ends.0, y.ends.1].into();
                if chain.len() != 3 {
                    continue;
                }
                let _ = mid;
                let Some(z) = paths.iter().find(|z| !chain.contains(&z.ends.0) && !chain.contains(&z.ends.1)) else {
                    continue;
                };
                let used: BTreeSet<usize> = chain.iter().copied().chain([z.ends.0, z.ends.1]).collect();
                let lone: Vec<usize> = (0..board.cities().len())
                    .filter(|c| !used.contains(c))
                    .filter(|c| {
                        !paths.iter().any(|q| {
                            (q.ends.0 == *c && used.contains(&q.ends.1)) || (q.ends.1 == *c && used.contains(&q.ends.0))
                        })
                    })
                    .collect();
                if lone.len() < 2 {
                    continue;
                }
                let mut s = setup::empty_state(p.clone(), board.clone());
                for c in used.iter().chain(&lone[..2]) {
                    s.city_owner[*c] = 0;
                }
                for (k, q) in paths.iter().enumerate() {
                    if std::ptr::eq(q, x) || std::ptr::eq(q, y) || std::ptr::eq(q, z) {
                        s.path_owner[k] = 0;
                    }
                }
                // Other owned paths between owned cities would merge components; skip such boards.
                let edges = paths.iter().filter(|q| s.city_owner[q.ends.0] == 0 && s.city_owner[q.ends.1] == 0).count();
                if edges != 3 {
                    continue;
                }
                let cells: i64 = used.iter().chain(&lone[..2]).map(|&c| board.cities()[c].len() as i64).sum::<i64>()
                    + [x, y, z].iter().map(|q| q.cells.len() as i64).sum::<i64>();
                assert_eq!(round_points(&s)[0], cells + 32);
                return;
            }
        }
    }
    panic!("no board with the example's shape in 50 boards");
}

// --- Virus -------------------------------------------------------------------------------

#[test]
fn an_unmasked_infected_unit_seeds_virus_that_spreads_within_its_region_up_to_the_caps() {
    // An infected unit on grass next to city 0 (at (6, 3), below the city's bottom-left cell).
    let mut units = four_units((0, 6, 3, 1_000_000, 2, 0, false, false));
    units[1] = (1, 4, 4, 1_000_000, 2, 0, false, false); // infected, inside city 0
    let mut s = state_with(&units, &[], &[]);
    let mut r = rng(8);
    step(&mut s, &[], &mut r);
    // Round 1: 0 + 3, minus 1, on the source and its same-region neighbours.
    assert_eq!(s.virus_at(at(6, 3)), 2);
    assert_eq!(s.virus_at(at(7, 3)), 2, "grass neighbour");
    assert_eq!(s.virus_at(at(6, 2)), 2);
    assert_eq!(s.virus_at(at(5, 4)), 2, "city neighbour of the city source");
    assert_eq!(s.virus_at(at(5, 3)), 0, "the grass source does not reach the city cell next to it");
    assert_eq!(s.virus_at(at(6, 4)), 0, "nor the path cell next to it");
    assert_eq!(s.virus_at(at(8, 3)), 0);
    for _ in 0..10 {
        step(&mut s, &[], &mut r);
    }
    assert!(s.units[0].infected() && s.units[1].infected(), "seed 8 keeps both infected");
    assert_eq!(s.virus_at(at(6, 3)), 4, "grass is capped at 4");
    assert_eq!(s.virus_at(at(4, 4)), 10, "cities are capped at 10");
    // The source holds 10 + 3 before spreading, so its neighbour (4, 5) is capped at 10 too;
    // then minus 1 per cell along the path: (4, 6) = 9, (4, 7) = 8.
    assert_eq!(s.virus_at(at(4, 5)), 10);
    assert_eq!(s.virus_at(at(4, 7)), 8, "city virus flows into the path, minus 1 per cell");
    assert_eq!(s.virus_at(at(2, 4)), 0, "grass above the city gets nothing from it");
    assert_eq!(s.virus_at(at(7, 3)), 4);
    // The source's neighbours sit at the cap 4, then minus 1 per cell: 5 cells away it is 0.
    assert_eq!(s.virus_at(at(10, 3)), 1);
    assert_eq!(s.virus_at(at(11, 3)), 0);
    check_invariants(&s);
}

#[test]
fn masked_infected_units_do_not_spread_and_virus_decays() {
    let mut s = state_with(&four_units((0, 8, 8, 1_000_000, 2, 0, false, true)), &[], &[]);
    let k = s.board.index(at(8, 9));
    s.virus[k] = 4;
    step(&mut s, &[], &mut rng(9));
    assert_eq!(s.virus_at(at(8, 8)), 3, "only the neighbour's 4 - 1");
    assert_eq!(s.virus_at(at(8, 9)), 3);
    for _ in 0..4 {
        step(&mut s, &[], &mut rng(10));
    }
    assert!(s.virus.iter().all(|&v| v == 0), "virus fades by one per round");
}

#[test]
fn infection_probabilities_follow_the_parameters() {
    assert_eq!(infection_probability(5, false, 50.0, 20.0), 0.1);
    assert_eq!(infection_probability(5, true, 50.0, 20.0), 0.005);
    // In play: every grass cell at 4 becomes 3 after spreading, so p = 3/50 unmasked and
    // 3/1000 masked.
    let trials = 6000;
    let infected = |mask: bool, factor: i64| -> (usize, BTreeSet<i32>) {
        let mut n = 0;
        let mut damages = BTreeSet::new();
        for seed in 0..trials {
            let mut s =
                state_with(&four_units((0, 8, 8, 100, 0, 0, false, mask)), &[], &[("infection_factor", factor)]);
            for (k, v) in s.virus.iter_mut().enumerate() {
                if s.board.regions()[k] == 1 {
                    *v = 4;
                }
            }
            step(&mut s, &[], &mut rng(seed));
            if s.units[0].infected() {
                n += 1;
                damages.insert(s.units[0].damage);
                assert_eq!(s.units[0].turns, 0);
            }
        }
        (n, damages)
    };
    let (n, damages) = infected(false, 50);
    assert!((300..420).contains(&n), "expected about 360 of 6000, got {n}"); // 3/50
    assert_eq!(damages, BTreeSet::from([2, 3, 4, 5]), "damage of a new infection is 2..=5");
    let (n, _) = infected(false, 100);
    assert!((130..230).contains(&n), "expected about 180 of 6000, got {n}"); // 3/100
    let (n, _) = infected(true, 50);
    assert!((5..36).contains(&n), "expected about 18 of 6000, got {n}"); // 3/1000
}

#[test]
fn immune_and_already_infected_units_are_not_infected_again() {
    for seed in 0..300 {
        let mut units = four_units((0, 8, 8, 100, 0, 0, true, false));
        units[1] = (1, 9, 9, 1000, 3, 0, false, false);
        let mut s = state_with(&units, &[], &[]);
        for v in s.virus.iter_mut() {
            *v = (*v).max(4);
        }
        step(&mut s, &[], &mut rng(seed));
        assert!(!s.units[0].infected() && s.units[0].immune);
        if s.units[1].infected() {
            assert_eq!(s.units[1].damage, 3, "an infected unit keeps its damage");
        }
    }
}

#[test]
fn healing_follows_the_formula() {
    assert_eq!(heal_probability(0), 0.001);
    assert!((heal_probability(4) - 0.002).abs() < 1e-12);
    assert_eq!(heal_probability(127), 1.0);
    assert!(heal_probability(126) < 1.0);
    // The statement: about half heal within 31 turns, about 90% within 47.
    let within = |t: i32| 1.0 - (1..=t).map(|k| 1.0 - heal_probability(k)).product::<f64>();
    assert!((0.45..0.55).contains(&within(31)), "{}", within(31));
    assert!((0.85..0.95).contains(&within(47)), "{}", within(47));
    // In play: a unit infected for 126 rounds heals for sure on the next and becomes immune.
    let mut s = state_with(&four_units((0, 8, 8, 1000, 4, 126, false, false)), &[], &[]);
    step(&mut s, &[], &mut rng(12));
    assert!(!s.units[0].infected());
    assert!(s.units[0].immune);
    assert_eq!(s.units[0].health, 1000, "a unit that heals takes no virus damage");
}

#[test]
fn the_infected_turn_counter_grows_and_heals_in_the_measured_proportion() {
    let mut healed = 0;
    for seed in 0..2000 {
        let mut s = state_with(&four_units((0, 8, 8, 1000, 2, 30, false, false)), &[], &[]);
        step(&mut s, &[], &mut rng(seed));
        if s.units[0].immune {
            healed += 1;
        } else {
            assert_eq!(s.units[0].turns, 31);
        }
    }
    // p(31) = 0.001 (961/16 + 1) = 0.0611.
    assert!((80..170).contains(&healed), "{healed}");
}

#[test]
fn infected_units_lose_their_damage_and_die_to_a_random_player() {
    let mut s = state_with(&four_units((0, 8, 8, 10, 4, 0, false, false)), &[], &[]);
    step(&mut s, &[], &mut rng(13));
    assert_eq!(s.units[0].health, 6);
    let mut owners = BTreeSet::new();
    for seed in 0..200 {
        let mut s = state_with(&four_units((0, 8, 8, 3, 4, 0, false, true)), &[], &[]);
        step(&mut s, &[], &mut rng(seed));
        let u = s.units[0];
        assert_eq!(u.health, 100);
        assert!(!u.mask && !u.immune);
        assert!(on_ring(&s, 0));
        owners.insert(u.player);
    }
    assert_eq!(owners, BTreeSet::from([0, 1, 2, 3]), "the new owner is any of the four");
}

#[test]
fn respawned_units_are_infected_one_time_in_five_with_damage_2_to_4() {
    let (mut infected, mut damages) = (0, BTreeSet::new());
    let trials = 2000;
    for seed in 0..trials {
        let mut units = four_units(healthy(0, 8, 8));
        units[1] = (1, 8, 9, 1, 0, 0, false, false);
        let mut s = state_with(&units, &[], &[("infection_factor", 1_000_000)]);
        step(&mut s, &[(0, Dir::Right)], &mut rng(seed));
        let u = s.units[1];
        assert!(on_ring(&s, 1));
        let p = u.pos;
        assert_eq!(s.board.cell(p), CellType::Grass);
        for d in Dir::MOVES {
            assert!(s.unit_on(p.step(d)).is_none(), "respawn next to a unit");
        }
        if u.infected() {
            infected += 1;
            damages.insert(u.damage);
        }
    }
    assert!((340..460).contains(&infected), "about 400 of 2000, got {infected}");
    assert_eq!(damages, BTreeSet::from([2, 3, 4]));
}

// --- Initial state -----------------------------------------------------------------------

#[test]
fn initial_units_are_on_the_ring_and_three_per_player_are_infected() {
    let values = params(4, &[]);
    let p = Pandemic::params(&values).unwrap();
    let mut r = GameRng::new(14, Stream::Board);
    let s = Pandemic::setup(&p, &board_source_generated(), &mut r).unwrap();
    assert_eq!(s.units.len(), 16);
    for (id, u) in s.units.iter().enumerate() {
        assert_eq!(u.id, id);
        assert_eq!(u.player, id / 4, "ids are player x nb_units + k");
        assert_eq!(u.health, 100);
        assert_eq!(u.damage, [2, 3, 4, 0][id % 4], "first three units of each player infected with 2, 3, 4");
        assert!(!u.mask && !u.immune);
        assert!(on_ring(&s, id));
    }
    check_invariants(&s);
    assert_eq!(s.round, 0);
    assert!(s.city_owner.iter().all(|&o| o == -1) && s.scores == [0; 4]);
}

// --- Orders (through the referee) ----------------------------------------------------------

mod referee {
    use super::common::*;
    use engine::cnf::BoardSource;
    use engine::games::pandemic::{Order, Pandemic};
    use engine::grid::Dir;
    use engine::referee::{play_match, Bot, BotFailure, FreezeReason, MatchSetup, Turn};

    use super::scripted::{idle, Scripted};

    fn setup(rounds: i64) -> MatchSetup {
        let units = four_units(healthy(0, 8, 8));
        MatchSetup {
            params: params(1, &[("nb_rounds", rounds)]),
            board: BoardSource::Fixed(fixed_lines(&units, &[])),
            seed: 3,
        }
    }

    #[test]
    fn more_than_1000_orders_freezes_the_bot_and_the_match_goes_on() {
        fn flood(t: &mut Turn<'_, Pandemic>) -> Result<(), BotFailure> {
            for _ in 0..1001 {
                if t.order(Order { unit: 0, dir: Dir::Right }).is_err() {
                    break;
                }
            }
            Ok(())
        }
        fn thousand(t: &mut Turn<'_, Pandemic>) -> Result<(), BotFailure> {
            for _ in 0..1000 {
                t.order(Order { unit: 1, dir: Dir::Top }).expect("1000 orders are allowed");
            }
            Ok(())
        }
        let mut bots: [Box<dyn Bot<Pandemic>>; 4] = [
            Box::new(Scripted("Flood", flood)),
            Box::new(Scripted("Thousand", thousand)),
            Box::new(Scripted("A", idle::<Pandemic>)),
            Box::new(Scripted("B", idle::<Pandemic>)),
        ];
        let out = play_match(&setup(10), &mut bots, true).unwrap();
        let s = &out.summary;
        assert_eq!(s.rounds, 10);
        let f = s.players[0].frozen.as_ref().expect("flood is frozen");
        assert_eq!(f.reason, FreezeReason::Orders);
        assert_eq!(f.round, 0);
        assert!(f.message.contains("1000"), "{}", f.message);
        assert_eq!(s.players[0].cpu, -1.0);
        assert!(s.players[1..].iter().all(|p| p.frozen.is_none()), "1000 orders are fine");
        // The aborted round's orders were dropped: unit 0 never moved.
        let replay = engine::games::pandemic::replay::read(out.replay.as_ref().unwrap()).unwrap();
        assert!(replay.frames.iter().all(|f| f.units[0].pos == at(8, 8)));
        assert_eq!(replay.frames[1].common.frozen.len(), 1);
        assert_eq!(replay.frames[1].common.cpu[0], -1.0);
        // Thousand's unit moved up once per round: its first order counted each time.
        assert_eq!(replay.frames[10].units[1].pos, at(7, 17));
    }

    #[test]
    fn only_the_first_order_for_a_unit_counts_and_orders_for_others_units_are_ignored() {
        fn twice(t: &mut Turn<'_, Pandemic>) -> Result<(), BotFailure> {
            t.order(Order { unit: 1, dir: Dir::Bottom }).unwrap(); // not ours: ignored
            t.order(Order { unit: 0, dir: Dir::Right }).unwrap();
            t.order(Order { unit: 0, dir: Dir::Bottom }).unwrap(); // second for unit 0: ignored
            Ok(())
        }
        let mut bots: [Box<dyn Bot<Pandemic>>; 4] = [
            Box::new(Scripted("Twice", twice)),
            Box::new(Scripted("A", idle::<Pandemic>)),
            Box::new(Scripted("B", idle::<Pandemic>)),
            Box::new(Scripted("C", idle::<Pandemic>)),
        ];
        let out = play_match(&setup(3), &mut bots, true).unwrap();
        let replay = engine::games::pandemic::replay::read(out.replay.as_ref().unwrap()).unwrap();
        assert_eq!(replay.frames[3].units[0].pos, at(8, 11));
        assert_eq!(replay.frames[3].units[1].pos, at(17, 17));
        assert!(replay.frames[1].moves == vec![Order { unit: 0, dir: Dir::Right }]);
    }

    #[test]
    fn a_failing_bot_is_frozen_with_its_reason_and_its_units_stay() {
        fn crash(t: &mut Turn<'_, Pandemic>) -> Result<(), BotFailure> {
            if t.state().round == 2 {
                return Err(BotFailure { reason: FreezeReason::Trap, message: "unreachable executed".into() });
            }
            t.order(Order { unit: 0, dir: Dir::Bottom }).unwrap();
            Ok(())
        }
        let mut bots: [Box<dyn Bot<Pandemic>>; 4] = [
            Box::new(Scripted("Crash", crash)),
            Box::new(Scripted("A", idle::<Pandemic>)),
            Box::new(Scripted("B", idle::<Pandemic>)),
            Box::new(Scripted("C", idle::<Pandemic>)),
        ];
        let out = play_match(&setup(6), &mut bots, true).unwrap();
        let f = out.summary.players[0].frozen.clone().unwrap();
        assert_eq!((f.round, f.reason, f.message.as_str()), (2, FreezeReason::Trap, "unreachable executed"));
        let replay = engine::games::pandemic::replay::read(out.replay.as_ref().unwrap()).unwrap();
        assert_eq!(replay.frames[6].units[0].pos, at(10, 8), "moved twice, then frozen in place");
        assert_eq!(replay.frames[6].units[0].player, 0, "a frozen bot keeps its units");
    }
}

#[test]
fn a_fixed_board_without_room_for_the_units_is_refused() {
    // Only a 3x3 city is open: 9 cells for 16 units.
    let mut lines: Vec<(usize, String)> = Vec::new();
    for i in 0..20 {
        let row: String = (0..20).map(|j| if (5..8).contains(&i) && (5..8).contains(&j) { 'C' } else { 'X' }).collect();
        lines.push((i + 1, row));
    }
    let p = Pandemic::params(&params(4, &[])).unwrap();
    let mut r = GameRng::new(1, Stream::Board);
    let err = match Pandemic::setup(&p, &engine::cnf::BoardSource::Fixed(lines), &mut r) {
        Ok(_) => panic!("16 units cannot fit in 9 cells"),
        Err(e) => e.to_string(),
    };
    assert_eq!(err, "the board has room for only 9 units; nb_players x nb_units is 16");
}
