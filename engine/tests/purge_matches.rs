//! Whole matches of The Purge: the platform's checks (`common::conformance`), the game's
//! invariants on every state a bot is shown, FIXED boards and the Demo.

#[macro_use]
mod common;

use common::conformance::{play, setup, spied_match, three_wanderers, wanderers, TestGame};
use engine::cnf::BoardSource;
use engine::game::Game;
use engine::games::purge::params::Params;
use engine::games::purge::state::Citizen;
use engine::games::purge::{replay, Barricade, CitizenType, Item, Order, OrderKind, Purge, State};
use engine::grid::Dir;
use engine::referee::{play_match, Bot, BotFailure, FreezeReason, Turn};
use proptest::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    round: u32,
    citizens: Vec<Citizen>,
    item: Vec<Option<Item>>,
    barricade: Vec<Option<Barricade>>,
    scores: [i64; 4],
}

impl TestGame for Purge {
    type Snapshot = Snapshot;
    type Board = engine::games::purge::board::Board;
    const KIT_DEFAULTS: &'static [(&'static str, i64)] = &[
        ("num_players", 4),
        ("num_days", 5),
        ("num_rounds_per_day", 50),
        ("board_rows", 15),
        ("board_cols", 30),
        ("num_ini_builders", 4),
        ("num_ini_warriors", 2),
        ("num_ini_money", 10),
        ("num_ini_food", 5),
        ("num_ini_guns", 4),
        ("num_ini_bazookas", 2),
        ("builder_ini_life", 60),
        ("warrior_ini_life", 100),
        ("money_points", 5),
        ("kill_builder_points", 100),
        ("kill_warrior_points", 250),
        ("food_incr_life", 20),
        ("life_lost_in_attack", 20),
        ("builder_strength_attack", 1),
        ("hammer_strength_attack", 10),
        ("gun_strength_attack", 100),
        ("bazooka_strength_attack", 1000),
        ("builder_strength_demolish", 3),
        ("hammer_strength_demolish", 10),
        ("gun_strength_demolish", 10),
        ("bazooka_strength_demolish", 30),
        ("num_rounds_regen_builder", 50),
        ("num_rounds_regen_warrior", 50),
        ("num_rounds_regen_food", 10),
        ("num_rounds_regen_money", 5),
        ("num_rounds_regen_weapon", 40),
        ("barricade_resistance_step", 40),
        ("barricade_max_resistance", 320),
        ("max_num_barricades", 3),
    ];
    const KIT_ROUNDS: usize = 250;
    const SHORT: &'static [(&'static str, i64)] = &[("num_days", 1), ("num_rounds_per_day", 10)];
    const FIRST_ROUND: u32 = 0;

    fn rounds(p: &Params) -> usize {
        p.num_rounds() as usize
    }

    fn snapshot(s: &State) -> Snapshot {
        Snapshot {
            round: s.round,
            citizens: s.citizens.clone(),
            item: s.item.clone(),
            barricade: s.barricade.clone(),
            scores: s.scores(),
        }
    }

    fn replay_snapshots(bytes: &[u8]) -> (Self::Board, Vec<Snapshot>) {
        let d = replay::read(bytes).unwrap();
        let frames = d
            .frames
            .iter()
            .map(|f| Snapshot {
                round: f.round,
                citizens: f.citizens.clone(),
                item: f.item.clone(),
                barricade: f.barricade.clone(),
                scores: f.scores(),
            })
            .collect();
        (d.board, frames)
    }

    fn check_invariants(s: &State, _prev: Option<&Snapshot>) {
        check_invariants(s);
    }

    fn wander(t: &mut Turn<'_, Purge>) -> Result<(), BotFailure> {
        wander(t)
    }

    fn some_order(_: &State) -> Order {
        Order { citizen: 0, kind: OrderKind::Move, dir: Dir::Top }
    }
}

conformance!(Purge);

fn check_invariants(s: &State) {
    let p = &s.params;
    let cells = s.board.rows() * s.board.cols();
    for (id, c) in s.citizens.iter().enumerate() {
        assert_eq!(c.id, id);
        assert!(c.player < 4);
        if !c.alive {
            continue;
        }
        let k = s.board.index(c.pos);
        assert!(s.board.is_street(c.pos), "citizen {id} in a building");
        assert_eq!(s.citizen_at[k], id as i32, "citizen {id}");
        assert!(s.item[k].is_none(), "an item under citizen {id}");
        if let Some(b) = s.barricade[k] {
            assert_eq!(b.player, c.player, "citizen {id} inside a rival barricade");
        }
        let max = match c.kind {
            CitizenType::Builder => p.builder_life,
            CitizenType::Warrior => p.warrior_life,
        };
        assert!(c.life > 0 && c.life <= max, "citizen {id} life {}", c.life);
        assert_eq!(c.weapon.is_some(), c.kind == CitizenType::Warrior, "citizen {id}: {c:?}");
    }
    assert_eq!(s.citizen_at.iter().filter(|&&c| c >= 0).count(), s.citizens.iter().filter(|c| c.alive).count());
    // Every player keeps its numbers: alive citizens plus those waiting to come back.
    for pl in 0..4 {
        for (kind, n) in [(CitizenType::Builder, p.builders), (CitizenType::Warrior, p.warriors)] {
            let alive = s.citizens_of(pl, kind).len();
            let waiting = s
                .queue
                .iter()
                .filter(|q| q.what == engine::games::purge::state::Regen::Citizen { player: pl, kind })
                .count();
            assert_eq!(alive + waiting, n, "player {pl} {kind:?}");
        }
        assert!(s.barricades_of(pl).len() <= p.max_barricades);
    }
    // Items on the board plus those waiting: the initial counts.
    for (it, n) in [(Item::Money, p.money), (Item::Food, p.food), (Item::Gun, p.guns), (Item::Bazooka, p.bazookas)] {
        let on = s.item.iter().filter(|&&x| x == Some(it)).count();
        let waiting = s.queue.iter().filter(|q| q.what == engine::games::purge::state::Regen::Item(it)).count();
        assert_eq!(on + waiting, n, "{it:?}");
    }
    for k in 0..cells {
        let pos = s.board.pos(k);
        if s.item[k].is_some() || s.barricade[k].is_some() {
            assert!(s.board.is_street(pos));
        }
        if let Some(b) = s.barricade[k] {
            assert!(b.resistance > 0 && b.resistance <= p.max_resistance);
        }
    }
    if s.round.is_multiple_of(p.rounds_per_day) {
        assert!(s.barricade.iter().all(Option::is_none), "a day begins with no barricade");
    }
    assert!(s.money_points.iter().chain(&s.kill_points).all(|&x| x >= 0));
}

/// Random moves and builds for its citizens, with bad and repeated orders among them.
fn wander(t: &mut Turn<'_, Purge>) -> Result<(), BotFailure> {
    let s = t.state();
    let me = t.me();
    let ids: Vec<usize> = s.citizens.iter().filter(|c| c.alive && c.player == me).map(|c| c.id).collect();
    let n = s.citizens.len() as i32;
    for id in ids {
        for _ in 0..t.random(1, 2) {
            let kind = if t.random(0, 2) == 0 { OrderKind::Build } else { OrderKind::Move };
            let dir = Dir::ALL[t.random(0, 4) as usize];
            order(t, Order { citizen: id, kind, dir })?;
        }
    }
    // Someone else's citizen, or an unknown id: dropped.
    let other = t.random(0, n + 3) as usize;
    order(t, Order { citizen: other, kind: OrderKind::Move, dir: Dir::Top })
}

fn order(t: &mut Turn<'_, Purge>, o: Order) -> Result<(), BotFailure> {
    t.order(o).map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })
}

#[test]
fn default_matches_keep_the_invariants_and_replay_as_played() {
    let mut fights = 0;
    let mut barricades = 0;
    for seed in 1..=4 {
        let out = spied_match::<Purge>(&setup::<Purge>(seed, &[]), three_wanderers());
        let decoded = replay::read(out.replay.as_ref().unwrap()).unwrap();
        fights += decoded.frames.iter().map(|f| f.log.fights.len()).sum::<usize>();
        barricades += decoded.frames.iter().map(|f| f.barricade.iter().flatten().count()).sum::<usize>();
        let finals: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
        assert!(finals.iter().any(|&x| x > 0), "wanderers pick up money: {finals:?}");
        let bytes = out.replay.unwrap().len();
        assert!(bytes < 30_000, "a default match's replay is {bytes} bytes");
    }
    assert!(fights > 0 && barricades > 0, "{fights} fights, {barricades} barricade-rounds");
}

/// Any parameters within their ranges.
fn any_params() -> impl Strategy<Value = (Vec<(&'static str, i64)>, u64)> {
    (
        (1i64..=3, 1i64..=10, 12i64..=25, 12i64..=50, 1i64..=6, 1i64..=4),
        (0i64..=10, 0i64..=10, 0i64..=5, 0i64..=4, 1i64..=120, 1i64..=60),
        (1i64..=30, 1i64..=30, 1i64..=60, 1i64..=5),
        0u64..1_000_000,
    )
        .prop_map(
            |(
                (days, half, rows, cols, b, w),
                (money, food, guns, bazookas, life, lost),
                (regen, rf, step, maxb),
                seed,
            )| {
                let changes = vec![
                    ("num_days", days),
                    ("num_rounds_per_day", 2 * half),
                    ("board_rows", rows),
                    ("board_cols", cols),
                    ("num_ini_builders", b),
                    ("num_ini_warriors", w),
                    ("num_ini_money", money),
                    ("num_ini_food", food),
                    ("num_ini_guns", guns),
                    ("num_ini_bazookas", bazookas),
                    ("builder_ini_life", life),
                    ("warrior_ini_life", life + 10),
                    ("life_lost_in_attack", lost),
                    ("num_rounds_regen_builder", regen),
                    ("num_rounds_regen_warrior", regen + 1),
                    ("num_rounds_regen_food", rf),
                    ("num_rounds_regen_weapon", rf + 2),
                    ("barricade_resistance_step", step),
                    ("max_num_barricades", maxb),
                ];
                (changes, seed)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn any_parameters_and_seed_keep_the_invariants((changes, seed) in any_params()) {
        spied_match::<Purge>(&setup::<Purge>(seed, &changes), three_wanderers());
    }
}

// ---- FIXED boards ----

fn generated(seed: u64) -> State {
    Purge::setup(
        &Params::defaults(),
        &BoardSource::Generated,
        &mut engine::rng::GameRng::new(seed, engine::rng::Stream::Board),
    )
    .unwrap()
}

/// The kit's FIXED layout of a state.
fn fixed_text(s: &State) -> String {
    let (rows, cols) = (s.board.rows() as i32, s.board.cols() as i32);
    let mut t = String::from("FIXED\n   ");
    t.push_str(&(0..cols).map(|j| char::from(b'0' + (j / 10) as u8)).collect::<String>());
    t.push_str("\n   ");
    t.push_str(&(0..cols).map(|j| char::from(b'0' + (j % 10) as u8)).collect::<String>());
    t.push('\n');
    for i in 0..rows {
        t.push_str(&format!("{i:02} "));
        for j in 0..cols {
            let p = engine::grid::Pos::new(i, j);
            t.push(match (s.board.is_street(p), s.item[s.board.index(p)]) {
                (false, _) => 'B',
                (true, None) => '.',
                (true, Some(Item::Money)) => 'M',
                (true, Some(Item::Food)) => 'F',
                (true, Some(Item::Gun)) => 'G',
                (true, Some(Item::Bazooka)) => 'Z',
            });
        }
        t.push('\n');
    }
    t.push_str(&format!("citizens {}\ntype id player row column weapon life\n", s.citizens.len()));
    for c in &s.citizens {
        let kind = if c.kind == CitizenType::Builder { 'b' } else { 'w' };
        let weapon = match c.weapon {
            None => 'n',
            Some(engine::games::purge::Weapon::Hammer) => 'h',
            Some(engine::games::purge::Weapon::Gun) => 'g',
            Some(engine::games::purge::Weapon::Bazooka) => 'b',
        };
        t.push_str(&format!("{kind} {} {} {} {} {weapon} {}\n", c.id, c.player, c.pos.i, c.pos.j, c.life));
    }
    let bars: Vec<usize> = (0..s.barricade.len()).filter(|&k| s.barricade[k].is_some()).collect();
    t.push_str(&format!("barricades {}\nplayer row column resistance\n", bars.len()));
    for k in bars {
        let (b, p) = (s.barricade[k].unwrap(), s.board.pos(k));
        t.push_str(&format!("{} {} {} {}\n", b.player, p.i, p.j, b.resistance));
    }
    t
}

fn parse_fixed(text: &str) -> Result<State, String> {
    let c = engine::cnf::parse(text, Purge::param_specs()).map_err(|e| e.to_string())?;
    let p = Purge::params(&c.params).map_err(|e| e.to_string())?;
    Purge::setup(&p, &c.board, &mut engine::rng::GameRng::new(1, engine::rng::Stream::Board)).map_err(|e| e.to_string())
}

#[test]
fn a_fixed_board_reads_back_the_state_it_describes() {
    let mut s = generated(5);
    // A barricade with its owner's warrior inside, and one alone.
    let w = s.citizens[4];
    let k = s.board.index(w.pos);
    s.barricade[k] = Some(Barricade { player: 0, resistance: 120 });
    let free = *s.board.streets().iter().find(|&&p| s.is_empty(p)).unwrap();
    let k = s.board.index(free);
    s.barricade[k] = Some(Barricade { player: 3, resistance: 1 });
    let back = parse_fixed(&format!("ThePurge\nNUM_DAYS 5\n{}", fixed_text(&s))).unwrap();
    assert_eq!(back.citizens, s.citizens);
    assert_eq!(back.item, s.item);
    assert_eq!(back.barricade, s.barricade);
    assert_eq!(*back.board, *s.board);
    // A fixed board plays like any other.
    let mut setup = setup::<Purge>(1, &[("num_days", 1)]);
    setup.board = engine::cnf::parse(&fixed_text(&s), Purge::param_specs()).unwrap().board;
    let out = play(&setup, wanderers::<Purge>());
    assert_eq!(out.summary.rounds, 50);
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
    let first = lines.iter().position(|l| l.starts_with("type id")).unwrap() + 1;
    let c = s.citizens[0];
    let w = s.citizens[4];
    let money = s.board.pos(s.item.iter().position(|&x| x == Some(Item::Money)).unwrap());
    let bar = lines.iter().position(|l| l.starts_with("barricades")).unwrap();
    let with_barricade = |line: &str| format!("{}\nbarricades 1\n{line}\n", lines[..bar].join("\n"));
    let cases = [
        (with(first, &format!("x 0 0 {} {} n 60", c.pos.i, c.pos.j)), "expected 7 integers"),
        (with(first, &format!("b 0 0 {} {} h 60", c.pos.i, c.pos.j)), "builder 0 must have weapon `n`"),
        (with(first, &format!("b 0 0 {} {} n 59", c.pos.i, c.pos.j)), "it starts at 60"),
        (with(first, &format!("b 0 0 {} {} n 60", money.i, money.j)), "shares its cell"),
        (with(first, &format!("b 0 1 {} {} n 60", c.pos.i, c.pos.j)), "player 0 has 3 builders"),
        (with(first + 4, &format!("w 4 0 {} {} n 100", w.pos.i, w.pos.j)), "must have weapon `h`, `g` or `b`"),
        (with(first + 1, &format!("b 0 0 {} {} n 60", c.pos.i, c.pos.j)), "shares its cell"),
        (with(3, &format!("00 {}", "Q".repeat(30))), "unknown cell `Q`"),
        (with(3, &format!("00 {}", "M".repeat(30))), "num_ini_money is 10"),
        (with_barricade(&format!("1 {} {} 40", w.pos.i, w.pos.j)), "holds a rival citizen"),
        (with_barricade(&format!("0 {} {} 400", w.pos.i, w.pos.j)), "resistance 400 is not in 1..=320"),
        (with_barricade(&format!("0 {} {} 40", money.i, money.j)), "shares its cell"),
    ];
    for (text, want) in cases {
        let e = parse_fixed(&text).unwrap_err();
        assert!(e.contains(want), "{want}: {e}");
        assert!(e.contains("line "), "{e}");
    }
}

#[test]
fn the_demo_builds_by_day_moves_warriors_by_night_and_stops_after_half_the_match() {
    use engine::games::purge::house::{house_bot, Demo};
    let mut bots: [Box<dyn Bot<Purge>>; 4] =
        [Box::new(Demo), house_bot("demo").unwrap(), house_bot("DEMO").unwrap(), house_bot("null").unwrap()];
    let out = play_match(&setup::<Purge>(11, &[]), &mut bots, true).unwrap();
    let d = replay::read(out.replay.as_ref().unwrap()).unwrap();
    let (mut builds, mut day_warrior_moves, mut night_builder_moves, mut late) = (0, 0, 0, 0);
    for f in &d.frames[1..] {
        let r = f.round - 1; // the round these orders were given in
        let day = r % 50 < 25;
        for o in &f.log.orders {
            let c = d.frames[r as usize].citizens[o.citizen];
            assert!(c.player < 3, "Null gives no order");
            builds += usize::from(o.kind == OrderKind::Build);
            day_warrior_moves += usize::from(day && c.kind == CitizenType::Warrior);
            night_builder_moves += usize::from(!day && c.kind == CitizenType::Builder);
            late += usize::from(r > 125);
        }
    }
    assert!(builds > 0);
    assert_eq!((day_warrior_moves, night_builder_moves, late), (0, 0, 0));
    assert!(d.frames.iter().any(|f| f.barricade.iter().flatten().count() > 0), "Demos build barricades");
}
