//! The tournament core against simulated matches: the format's invariants, ties, the final's
//! points and reproducibility.

use proptest::prelude::*;
use std::collections::BTreeSet;
use tournament::*;

fn entrants(n: usize) -> Vec<Entrant> {
    (0..n).map(|i| Entrant::new(format!("bot{i}"), format!("{:064x}", i * 7919 % 1000))).collect()
}

/// A simulated match: a seat's score is a function of the seed and the player (Dummies: `dummy`).
type Sim = dyn Fn(&PendingMatch, &[Entrant]) -> MatchResult;

/// Plays the tournament to the end, in the order `order` picks within each batch; returns the
/// number of matches played.
fn play(t: &mut Tournament, sim: &Sim, reverse: bool) -> usize {
    let mut played = 0;
    while !t.is_done() {
        let mut batch = t.next_matches();
        assert!(!batch.is_empty(), "not done but nothing to play: {:?}", t.status());
        if reverse {
            batch.reverse();
        }
        for m in batch {
            let r = sim(&m, t.entrants());
            t.record(m.key, r).unwrap();
            played += 1;
        }
    }
    played
}

/// Scores: a hash of (seed, name), so ties are rare but possible; Dummies score by seed too.
fn hashed(m: &PendingMatch, e: &[Entrant]) -> MatchResult {
    MatchResult::new(std::array::from_fn(|s| {
        let name = m.seats[s].entrant().map_or("Dummy", |i| e[i].name.as_str());
        let h = name.bytes().fold(m.seed ^ 0xABCD, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        (h % 5) as i64
    }))
}

fn check_invariants(t: &Tournament, n: usize, finalists: usize) {
    let f = finalists.min(n);
    let rounds = t.rounds();
    assert_eq!(rounds.len(), n - f, "one round per eliminated player");
    let mut outs = BTreeSet::new();
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(r.round, i as u32 + 1);
        assert!(outs.insert(r.out), "{} out twice", r.out);
        let alive_before = n - i;
        // The first turn seats everybody still in, in groups of four with at most 3 fillers.
        let first = &r.turns[0];
        let seated: Vec<usize> = first
            .matches
            .iter()
            .filter(|m| m.key.attempt == 0)
            .flat_map(|m| m.seats.iter().filter_map(|s| s.entrant()))
            .collect();
        if first.alone.is_none() {
            assert_eq!(seated.len(), alive_before);
            let dummies: usize = first
                .matches
                .iter()
                .filter(|m| m.key.attempt == 0)
                .map(|m| m.seats.iter().filter(|s| **s == Seat::Dummy).count())
                .sum();
            assert!(dummies < SEATS, "{dummies} fillers");
            assert_eq!((seated.len() + dummies) % SEATS, 0);
        }
        let mut pool: BTreeSet<usize> = seated.into_iter().collect();
        for (k, turn) in r.turns.iter().enumerate() {
            let last = k + 1 == r.turns.len();
            if let Some(a) = turn.alone {
                assert!(last && a == r.out);
                continue;
            }
            let firsts: Vec<&PlayedMatch> = turn.matches.iter().filter(|m| m.key.attempt == 0).collect();
            let in_turn: BTreeSet<usize> =
                firsts.iter().flat_map(|m| m.seats.iter().filter_map(|s| s.entrant())).collect();
            assert_eq!(in_turn, pool, "round {} turn {}: the pool plays", r.round, k + 1);
            if pool.len() > SEATS {
                assert!(!last);
                for m in &turn.matches {
                    match &m.outcome {
                        Outcome::Replayed => {}
                        Outcome::Saved(s) => {
                            assert!(s.len() <= 2);
                            for e in s {
                                assert!(pool.remove(e));
                            }
                        }
                        o => panic!("cascade match with {o:?}"),
                    }
                }
            } else {
                assert!(last, "at most four remain: the round's last match");
                let outs: Vec<usize> = turn
                    .matches
                    .iter()
                    .filter_map(|m| if let Outcome::Out(e) = m.outcome { Some(e) } else { None })
                    .collect();
                assert_eq!(outs, vec![r.out]);
                let m = turn.matches.last().unwrap();
                // Out: behind all real rivals (strictly, unless the tiebreak decided).
                let seat = m.seats.iter().position(|s| *s == Seat::Entrant(r.out)).unwrap();
                for (s, other) in m.seats.iter().enumerate() {
                    if other.entrant().is_some() && s != seat {
                        let mine = (!m.result.frozen[seat], m.result.scores[seat]);
                        let theirs = (!m.result.frozen[s], m.result.scores[s]);
                        assert!(mine < theirs || (m.tiebreak && mine == theirs && s < seat), "{m:?}");
                    }
                }
            }
        }
    }
    // Finalists: the ones never out; the standings place everybody once.
    let st = t.standings();
    assert_eq!(st.len(), n);
    let places: Vec<u32> = st.iter().map(|s| s.place).collect();
    assert!(places.iter().all(|&p| p >= 1 && p as usize <= n));
    let finals: Vec<&SeriesLog> = t.series().iter().filter(|s| s.stage == Stage::Final).collect();
    assert_eq!(finals.len(), 1);
    let in_final: BTreeSet<usize> = finals[0].standings.iter().map(|s| s.entrant).collect();
    assert_eq!(in_final.len(), f.min(SEATS));
    assert!(in_final.iter().all(|e| !outs.contains(e)));
    for s in &st {
        match s.eliminated_in_round {
            Some(r) => assert_eq!(s.place as usize, n - r as usize + 1),
            None => assert!(s.place as usize <= f),
        }
    }
    // Final points: 4/3/2/1 by place, ties share the best place.
    for m in &finals[0].matches {
        let Outcome::Points(p) = m.outcome else { panic!() };
        let places = m.result.places();
        for s in 0..SEATS {
            assert_eq!(p[s], 5 - places[s]);
        }
    }
    for row in &finals[0].standings {
        let sum: u32 = finals[0]
            .matches
            .iter()
            .map(|m| {
                let Outcome::Points(p) = m.outcome else { panic!() };
                m.seats.iter().position(|s| *s == Seat::Entrant(row.entrant)).map_or(0, |s| p[s])
            })
            .sum();
        assert_eq!(sum, row.points);
    }
}

#[test]
fn groups_of_four_with_fillers_and_seeds_derive_from_the_tournament_seed() {
    let t = Tournament::new(Config { seed: 5, ..Config::default() }, entrants(10)).unwrap();
    let m = t.next_matches();
    assert_eq!(m.len(), 3);
    let dummies: Vec<usize> = m.iter().map(|m| m.seats.iter().filter(|s| **s == Seat::Dummy).count()).collect();
    assert_eq!(dummies, vec![0, 1, 1], "fillers one per group from the last");
    let seeds: BTreeSet<u64> = m.iter().map(|m| m.seed).collect();
    assert_eq!(seeds.len(), 3);
    assert!(m.iter().all(|m| m.seed < 1 << 53));
    let again = Tournament::new(Config { seed: 5, ..Config::default() }, entrants(10)).unwrap();
    assert_eq!(again.next_matches(), m);
    let other = Tournament::new(Config { seed: 6, ..Config::default() }, entrants(10)).unwrap();
    assert_ne!(other.next_matches(), m);
}

#[test]
fn entrant_order_does_not_matter() {
    let mut rev = entrants(9);
    rev.reverse();
    let mut a = Tournament::new(Config::default(), entrants(9)).unwrap();
    let mut b = Tournament::new(Config::default(), rev).unwrap();
    play(&mut a, &hashed, false);
    play(&mut b, &hashed, true);
    assert_eq!(a.rounds(), b.rounds());
    assert_eq!(a.standings(), b.standings());
}

#[test]
fn top_two_saved_and_the_cascade_down_to_four() {
    // Scores = the entrant's index: deterministic, no ties; Dummies score -1.
    let sim = |m: &PendingMatch, _: &[Entrant]| {
        MatchResult::new(std::array::from_fn(|s| m.seats[s].entrant().map_or(-1, |e| e as i64)))
    };
    let mut t = Tournament::new(Config::default(), entrants(13)).unwrap();
    play(&mut t, &sim, false);
    check_invariants(&t, 13, 4);
    // The strongest four are never out (a weak player may be saved by sharing a match with two
    // Dummies, so the weakest is not always the one out).
    let outs: Vec<usize> = t.rounds().iter().map(|r| r.out).collect();
    assert!(outs.iter().all(|&e| e < 9), "{outs:?}");
    // Round 1: 13 → 4 matches (3 fillers) → saved; then the pool shrinks to at most four.
    let r1 = &t.rounds()[0];
    assert_eq!(r1.turns[0].matches.len(), 4);
    for m in &r1.turns[0].matches {
        let Outcome::Saved(s) = &m.outcome else { panic!() };
        let mut real: Vec<usize> = m.seats.iter().filter_map(|s| s.entrant()).collect();
        real.sort_unstable_by(|a, b| b.cmp(a));
        real.truncate(2);
        let mut s = s.clone();
        s.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(s, real);
    }
    let st = t.standings();
    assert_eq!(st[0].entrant, 12, "the strongest wins the final");
    assert_eq!(st[0].place, 1);
}

#[test]
fn a_dummy_in_the_top_two_saves_nobody_and_dummies_are_never_out() {
    // Dummies score 100: they take the top places whenever they sit in a match.
    let sim = |m: &PendingMatch, _: &[Entrant]| {
        MatchResult::new(std::array::from_fn(|s| m.seats[s].entrant().map_or(100, |e| e as i64)))
    };
    for n in 2..=11 {
        let mut t = Tournament::new(Config::default(), entrants(n)).unwrap();
        play(&mut t, &sim, false);
        check_invariants(&t, n, 4);
        for r in t.rounds() {
            for m in r.turns.iter().flat_map(|t| &t.matches) {
                if let Outcome::Saved(s) = &m.outcome {
                    let dummies = m.seats.iter().filter(|s| **s == Seat::Dummy).count();
                    assert_eq!(s.len(), 2usize.saturating_sub(dummies));
                }
            }
        }
    }
}

#[test]
fn frozen_bots_rank_below_everybody() {
    // Entrant 0 is frozen in every match but scores the most.
    let sim = |m: &PendingMatch, _: &[Entrant]| MatchResult {
        scores: std::array::from_fn(|s| m.seats[s].entrant().map_or(0, |e| if e == 0 { 1000 } else { e as i64 })),
        frozen: std::array::from_fn(|s| m.seats[s] == Seat::Entrant(0)),
    };
    let mut t = Tournament::new(Config::default(), entrants(8)).unwrap();
    play(&mut t, &sim, false);
    check_invariants(&t, 8, 4);
    assert_eq!(t.rounds()[0].out, 0, "the frozen bot goes out first");
}

#[test]
fn ties_at_the_boundary_replay_with_the_next_seed_then_the_earlier_seat_wins() {
    // Everybody always ties: every decision replays `tie_replays` times, then seat order decides.
    let sim = |_: &PendingMatch, _: &[Entrant]| MatchResult::new([0; 4]);
    let config = Config { tie_replays: 2, ..Config::default() };
    let mut t = Tournament::new(config, entrants(6)).unwrap();
    play(&mut t, &sim, false);
    check_invariants(&t, 6, 4);
    for r in t.rounds() {
        for turn in &r.turns {
            let mut by_index: std::collections::BTreeMap<u32, Vec<&PlayedMatch>> = Default::default();
            for m in &turn.matches {
                by_index.entry(m.key.index).or_default().push(m);
            }
            for attempts in by_index.values() {
                assert_eq!(attempts.len(), 3, "2 replays then the tiebreak");
                for (a, m) in attempts.iter().enumerate() {
                    assert_eq!(m.key.attempt, a as u32);
                    assert_eq!(m.seed, attempts[0].seed + a as u64, "the next seed");
                    assert_eq!(m.seats, attempts[0].seats);
                    assert_eq!(m.outcome == Outcome::Replayed, a < 2);
                }
                let last = attempts[2];
                assert!(last.tiebreak);
                match &last.outcome {
                    Outcome::Saved(s) => {
                        let expect: Vec<usize> = last.seats[..2].iter().filter_map(|s| s.entrant()).collect();
                        assert_eq!(s, &expect, "earlier seats are saved");
                    }
                    Outcome::Out(e) => {
                        let real: Vec<usize> = last.seats.iter().filter_map(|s| s.entrant()).collect();
                        assert_eq!(Some(e), real.last(), "the latest real seat is out");
                    }
                    o => panic!("{o:?}"),
                }
            }
        }
    }
}

#[test]
fn series_points_and_semifinals() {
    // 10 finalists from 12: two semifinal levels? 10 → 3 groups → 6 → 2 groups → 4 → final.
    let sim = |m: &PendingMatch, _: &[Entrant]| {
        MatchResult::new(std::array::from_fn(|s| m.seats[s].entrant().map_or(-1, |e| e as i64)))
    };
    let config = Config { finalists: 10, final_matches: 4, ..Config::default() };
    let mut t = Tournament::new(config, entrants(12)).unwrap();
    let played = play(&mut t, &sim, true);
    check_invariants(&t, 12, 10);
    let stages: Vec<Stage> = t.series().iter().map(|s| s.stage).collect();
    assert_eq!(
        stages,
        vec![
            Stage::Semifinal(1),
            Stage::Semifinal(1),
            Stage::Semifinal(1),
            Stage::Semifinal(2),
            Stage::Semifinal(2),
            Stage::Final
        ]
    );
    for s in t.series() {
        assert!(s.matches.len() == 4);
        let adv = s.standings.iter().filter(|r| r.advances).count();
        assert_eq!(adv, if s.stage == Stage::Final { 0 } else { 2 });
        // Points: each match hands 4+3+2+1 over the four seats (no ties here).
        let total: u32 = s.standings.iter().map(|r| r.points).sum();
        let dummies = s.matches[0].seats.iter().filter(|x| **x == Seat::Dummy).count();
        if dummies == 0 {
            assert_eq!(total, 10 * 4);
        }
    }
    let st = t.standings();
    assert_eq!((st[0].entrant, st[0].place), (11, 1), "the strongest wins");
    // Semifinal losers: level 2's (places 5, 6) before level 1's (7..10).
    let sf: Vec<(Option<u32>, u32)> = st.iter().map(|s| (s.eliminated_in_semifinal, s.place)).collect();
    for (level, place) in sf {
        match level {
            Some(2) => assert!((5..=6).contains(&place)),
            Some(1) => assert!((7..=10).contains(&place)),
            _ => {}
        }
    }
    // Rounds (6 + 5 matches: 12 → 3 matches, 6 → 2, 2 → 1; 11 → 3, 5 → 2, then 1 or 2..4 left)
    // plus three semifinal groups, two, and the final, four matches each.
    assert!(played >= 6 * 4 + 6 + 3);
}

#[test]
fn a_final_with_fewer_than_four_is_filled_with_dummies() {
    let sim = |m: &PendingMatch, _: &[Entrant]| {
        MatchResult::new(std::array::from_fn(|s| m.seats[s].entrant().map_or(50, |e| e as i64)))
    };
    let config = Config { finalists: 2, final_matches: 3, ..Config::default() };
    let mut t = Tournament::new(config, entrants(3)).unwrap();
    play(&mut t, &sim, false);
    check_invariants(&t, 3, 2);
    let f = t.series().last().unwrap();
    assert!(f.matches.iter().all(|m| m.seats.iter().filter(|s| **s == Seat::Dummy).count() == 2));
    // Dummies (50) beat both: entrant 2 takes third place, 2 points; entrant 1, 1 point.
    let pts: Vec<(usize, u32)> = f.standings.iter().map(|r| (r.entrant, r.points)).collect();
    assert_eq!(pts, vec![(2, 6), (1, 3)]);
}

#[test]
fn errors() {
    assert_eq!(Tournament::new(Config::default(), entrants(1)).unwrap_err(), Error::TooFewEntrants(1));
    let dup = vec![Entrant::new("a", "1"), Entrant::new("a", "2")];
    assert_eq!(Tournament::new(Config::default(), dup).unwrap_err(), Error::DuplicateName("a".into()));
    let mut t = Tournament::new(Config::default(), entrants(5)).unwrap();
    let m = t.next_matches()[0].clone();
    t.record(m.key, MatchResult::new([1, 2, 3, 4])).unwrap();
    assert_eq!(t.record(m.key, MatchResult::new([1, 2, 3, 4])), Err(Error::UnknownMatch(m.key)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn invariants_and_replay(n in 2usize..40, finalists in 2usize..9, seed in any::<u64>(), fm in 1usize..4,
                             reverse in any::<bool>()) {
        let config = Config { seed, finalists, final_matches: fm, tie_replays: 1 };
        let mut t = Tournament::new(config.clone(), entrants(n)).unwrap();
        let played = play(&mut t, &hashed, reverse);
        check_invariants(&t, n, finalists);
        prop_assert_eq!(t.recorded().len(), played);
        // Rebuilt from its results in order, or from serde: the same tournament.
        let rebuilt = Tournament::replay(config.clone(), entrants(n), t.recorded().to_vec()).unwrap();
        prop_assert_eq!(&rebuilt, &t);
        let json = serde_json::to_string(&t).unwrap();
        let back: Tournament = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &t);
        // Run again from the seed (results in the other order): the same tournament.
        let mut again = Tournament::new(config, entrants(n)).unwrap();
        play(&mut again, &hashed, !reverse);
        prop_assert_eq!(again.rounds(), t.rounds());
        prop_assert_eq!(again.standings(), t.standings());
    }

    #[test]
    fn interrupted_and_resumed_from_serde(n in 5usize..30, cut in 1usize..60, seed in any::<u64>()) {
        let config = Config { seed, ..Config::default() };
        let mut full = Tournament::new(config.clone(), entrants(n)).unwrap();
        play(&mut full, &hashed, false);
        let mut part = Tournament::new(config, entrants(n)).unwrap();
        for (k, r) in full.recorded().iter().take(cut) {
            part.record(*k, *r).unwrap();
        }
        let mut resumed: Tournament = serde_json::from_str(&serde_json::to_string(&part).unwrap()).unwrap();
        play(&mut resumed, &hashed, false);
        prop_assert_eq!(resumed.standings(), full.standings());
    }

    /// What a server does: keep who went out of each round, rebuild with `resume` and replay
    /// only the current stage's results. It reaches the state a full replay reaches (but for
    /// the logs of earlier rounds), and the settled matches `record` returns are exactly the
    /// logged ones.
    #[test]
    fn resumed_from_the_outs_and_the_current_round(n in 5usize..30, finalists in 2usize..7, cut in 0usize..80,
                                                  seed in any::<u64>()) {
        let config = Config { seed, finalists, ..Config::default() };
        let mut full = Tournament::new(config.clone(), entrants(n)).unwrap();
        play(&mut full, &hashed, false);
        let mut part = Tournament::new(config.clone(), entrants(n)).unwrap();
        let mut settled = Vec::new();
        for (k, r) in full.recorded().iter().take(cut) {
            settled.extend(part.record(*k, *r).unwrap());
        }
        let outs: Vec<usize> = part.rounds().iter().map(|r| r.out).collect();
        let done_rounds = outs.len() as u32;
        let mut resumed = Tournament::resume(config.clone(), entrants(n), &outs).unwrap();
        for (k, r) in part.recorded() {
            if !matches!(k.stage, Stage::Round(r) if r <= done_rounds) {
                resumed.record(*k, *r).unwrap();
            }
        }
        prop_assert_eq!(resumed.alive(), part.alive());
        prop_assert_eq!(resumed.status(), part.status());
        prop_assert_eq!(resumed.next_matches(), part.next_matches());
        prop_assert_eq!(resumed.standings(), part.standings());
        prop_assert_eq!(resumed.rounds().iter().map(|r| r.out).collect::<Vec<_>>(), outs);
        // Settled so far: every match of the finished rounds, turns and series groups.
        let mut logged: Vec<PlayedMatch> = part.rounds().iter().flat_map(|r| r.turns.iter())
            .flat_map(|t| t.matches.iter().cloned()).collect();
        logged.extend(part.series().iter().flat_map(|s| s.matches.iter().cloned()));
        let mut got = settled.clone();
        got.retain(|m| logged.contains(m));
        prop_assert_eq!(got.len(), logged.len());
        play(&mut resumed, &hashed, false);
        prop_assert_eq!(resumed.standings(), full.standings());
    }
}

#[test]
fn resume_refuses_outs_that_cannot_be() {
    let config = Config::default();
    // Entrant 0 out twice; an entrant that does not exist.
    assert_eq!(
        Tournament::resume(config.clone(), entrants(8), &[0, 0]).unwrap_err(),
        Error::BadResume { round: 2, entrant: 0 }
    );
    assert!(Tournament::resume(config.clone(), entrants(8), &[9]).is_err());
    // More outs than rounds.
    assert!(Tournament::resume(config, entrants(6), &[0, 1, 2]).is_err());
}
