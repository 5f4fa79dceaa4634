//! The SDK's decoded Purge view equals the engine's state, field by field: the views are encoded
//! by the engine from real states, after rounds of random play so that there are fights, deaths,
//! rebirths with new ids, barricades, weapons taken and items regenerated.

use arena_bot::purge::{strongest_weapon, BonusType, CellType, CitizenType, Dir, Game, Pos, WeaponType};
use engine::cnf::BoardSource;
use engine::game::Game as _;
use engine::games::purge::{self as ep, Purge};
use engine::grid;
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};
use engine::wire::setup_view;

fn weapon(w: Option<ep::Weapon>) -> WeaponType {
    match w {
        None => WeaponType::NoWeapon,
        Some(ep::Weapon::Hammer) => WeaponType::Hammer,
        Some(ep::Weapon::Gun) => WeaponType::Gun,
        Some(ep::Weapon::Bazooka) => WeaponType::Bazooka,
    }
}

fn check(g: &Game, s: &ep::State, status: &[f64; 4], me: usize) {
    let p = &s.params;
    assert_eq!((g.me(), g.num_players()), (me, 4));
    assert_eq!((g.board_rows(), g.board_cols()), (p.rows as i32, p.cols as i32));
    assert_eq!((g.num_days(), g.num_rounds_per_day(), g.num_rounds()), (5, 50, 250));
    assert_eq!((g.num_ini_builders(), g.num_ini_warriors(), g.num_ini_money(), g.num_ini_food()), (4, 2, 10, 5));
    assert_eq!((g.num_ini_guns(), g.num_ini_bazookas(), g.money_points(), g.food_incr_life()), (4, 2, 5, 20));
    assert_eq!((g.kill_builder_points(), g.kill_warrior_points(), g.life_lost_in_attack()), (100, 250, 20));
    assert_eq!((g.citizen_ini_life(CitizenType::Builder), g.citizen_ini_life(CitizenType::Warrior)), (60, 100));
    assert_eq!(
        [WeaponType::Hammer, WeaponType::Gun, WeaponType::Bazooka, WeaponType::NoWeapon]
            .map(|w| g.weapon_strength_attack(w)),
        [10, 100, 1000, 1],
        "NoWeapon gives the builder's"
    );
    assert_eq!(
        [WeaponType::Hammer, WeaponType::Gun, WeaponType::Bazooka, WeaponType::NoWeapon]
            .map(|w| g.weapon_strength_demolish(w)),
        [10, 10, 30, 3]
    );
    assert_eq!((g.num_rounds_regen_citizen(CitizenType::Warrior), g.num_rounds_regen_food()), (50, 10));
    assert_eq!((g.num_rounds_regen_money(), g.num_rounds_regen_weapon()), (5, 40));
    assert_eq!((g.barricade_resistance_step(), g.barricade_max_resistance(), g.max_num_barricades()), (40, 320, 3));
    assert_eq!(g.round(), s.round as i32);
    assert_eq!(g.is_day(), s.is_day());
    assert_eq!(g.is_night(), !s.is_day());
    let scores = s.scores();
    for (pl, &st) in status.iter().enumerate() {
        assert!(g.player_ok(pl));
        assert_eq!((g.score(pl), g.status(pl)), (scores[pl], st));
        assert_eq!(g.builders(pl), s.citizens_of(pl, ep::CitizenType::Builder));
        assert_eq!(g.warriors(pl), s.citizens_of(pl, ep::CitizenType::Warrior));
        let bars: Vec<Pos> = s.barricades_of(pl).iter().map(|p| Pos::new(p.i, p.j)).collect();
        assert_eq!(g.barricades(pl), bars);
    }
    assert!(!g.player_ok(4));
    assert_eq!((g.score(9), g.builders(9), g.status(9)), (0, vec![], -1.0));
    for i in -1..=p.rows as i32 {
        for j in -1..=p.cols as i32 {
            let (ep_, sp) = (grid::Pos::new(i, j), Pos::new(i, j));
            let c = g.cell(sp);
            assert_eq!(c, g.cell((i, j)));
            assert_eq!(g.pos_ok(sp), s.board.contains(ep_));
            assert_eq!(c.kind == CellType::Street, s.board.is_street(ep_), "type at {sp}");
            if !s.board.contains(ep_) {
                continue;
            }
            let k = s.board.index(ep_);
            let (bonus, w) = match s.item[k] {
                None => (BonusType::NoBonus, WeaponType::NoWeapon),
                Some(ep::Item::Money) => (BonusType::Money, WeaponType::NoWeapon),
                Some(ep::Item::Food) => (BonusType::Food, WeaponType::NoWeapon),
                Some(ep::Item::Gun) => (BonusType::NoBonus, WeaponType::Gun),
                Some(ep::Item::Bazooka) => (BonusType::NoBonus, WeaponType::Bazooka),
            };
            assert_eq!((c.bonus, c.weapon), (bonus, w), "items at {sp}");
            assert_eq!(c.b_owner, s.barricade[k].map(|b| b.player));
            assert_eq!(c.resistance.map(i64::from), s.barricade[k].map(|b| b.resistance));
            assert_eq!(c.id, s.citizen_on(ep_).map(|c| c.id), "citizen at {sp}");
            assert_eq!(c.is_empty(), s.is_empty(ep_));
        }
    }
    assert_eq!(g.num_citizen_ids(), s.citizens.len());
    for c in &s.citizens {
        match g.citizen(c.id) {
            None => assert!(!c.alive, "citizen {} is alive", c.id),
            Some(v) => {
                assert!(c.alive);
                assert_eq!(
                    (v.id, v.player, v.pos, v.life),
                    (c.id, c.player, Pos::new(c.pos.i, c.pos.j), c.life as i32)
                );
                assert_eq!(v.kind == CitizenType::Warrior, c.kind == ep::CitizenType::Warrior);
                assert_eq!(v.weapon, weapon(c.weapon));
            }
        }
    }
    assert_eq!(g.citizen(s.citizens.len() + 5), None);
}

#[test]
fn the_decoded_view_is_the_engine_state() {
    let specs = Purge::param_specs();
    let params = Purge::params(&ParamValues::defaults(specs)).unwrap();
    let mut state = Purge::setup(&params, &BoardSource::Generated, &mut GameRng::new(3, Stream::Board)).unwrap();
    let mut games: Vec<Game> =
        (0..4).map(|me| Game::from_setup_view(&setup_view::<Purge>(&state, me)).expect("setup view")).collect();
    let mut rules = GameRng::new(3, Stream::Rules);
    let mut bot = GameRng::new(3, Stream::Bot(0));
    let (mut reborn, mut barricades, mut night) = (false, false, false);
    for r in 0..250u32 {
        let status = [0.001 * r as f64, 0.5, -1.0, 1.0];
        let mut view = Vec::new();
        Purge::encode_round_view(&state, &status, &mut view);
        for (me, g) in games.iter_mut().enumerate() {
            g.read_round(&view).expect("round view");
            check(g, &state, &status, me);
        }
        reborn |= state.citizens.len() > 24;
        barricades |= state.barricade.iter().any(Option::is_some);
        night |= !state.is_day();
        let mut orders: [Vec<ep::Order>; 4] = Default::default();
        for c in state.citizens.iter().filter(|c| c.alive) {
            let kind = if bot.range(0, 3) == 0 { ep::OrderKind::Build } else { ep::OrderKind::Move };
            let dir = grid::Dir::MOVES[bot.range(0, 3) as usize];
            orders[c.player].push(ep::Order { citizen: c.id, kind, dir });
        }
        Purge::play_round(&mut state, &orders, &mut rules);
    }
    assert!(reborn && barricades && night, "views with reborn citizens, barricades and nights were checked");
}

#[test]
fn malformed_views_are_refused() {
    let params = ep::params::Params::defaults();
    let state = Purge::setup(&params, &BoardSource::Generated, &mut GameRng::new(1, Stream::Board)).unwrap();
    let setup = setup_view::<Purge>(&state, 2);
    assert!(Game::from_setup_view(&setup[..setup.len() - 3]).is_err());
    let mut g = Game::from_setup_view(&setup).unwrap();
    let mut view = Vec::new();
    Purge::encode_round_view(&state, &[0.0; 4], &mut view);
    assert!(g.read_round(&view).is_ok());
    assert!(g.read_round(&view[..view.len() - 1]).is_err());
    // A citizen's weapon out of range (the first citizen's sixth field).
    let mut bad = view.clone();
    let first = bad.len() - 4 - 28 * 24;
    bad[first + 20..first + 24].copy_from_slice(&9i32.to_le_bytes());
    assert!(g.read_round(&bad).is_err());
}

#[test]
fn orders_are_12_byte_records_and_weapons_compare_as_in_the_kit() {
    assert_eq!(arena_bot::purge::ORDER_SIZE, Purge::ORDER_SIZE);
    for d in Dir::ALL {
        let mut rec = Vec::new();
        for f in [7i32, 1, i32::from(d.code())] {
            rec.extend_from_slice(&f.to_le_bytes());
        }
        let o = Purge::decode_order(&rec).expect("a build order");
        assert_eq!((o.citizen, o.kind, o.dir.code()), (7, ep::OrderKind::Build, d.code()));
    }
    let rec: Vec<u8> = [1i32, 0, 4].iter().flat_map(|f| f.to_le_bytes()).collect();
    assert!(Purge::decode_order(&rec).is_none(), "no direction 4 (staying) in The Purge");
    assert_eq!(strongest_weapon(WeaponType::Gun, WeaponType::Hammer), WeaponType::Gun);
    assert_eq!(strongest_weapon(WeaponType::NoWeapon, WeaponType::Hammer), WeaponType::Hammer);
    assert_eq!(strongest_weapon(WeaponType::Bazooka, WeaponType::Gun), WeaponType::Bazooka);
    assert_eq!(Pos::new(3, 3) + Dir::Up, Pos::new(2, 3));
}
