//! Views read in place (`arena_bot`'s `lazy` module): what a bot reads after a new round view
//! arrives is the new round's, whether the view was copied in (`read_round`) or written by the
//! host into the game's own buffer (`view_buffer` + `read_round_in_place`, what a WebAssembly
//! bot does), and the indexes built on first use (the unit on each cell, the units, the masks)
//! are built again for each round, also after a round in which nobody asked for them.

use arena_bot::pandemic::{Game, Pos};
use arena_bot::runner::View;
use engine::cnf::BoardSource;
use engine::game::Game as _;
use engine::games::ork_island::OrkIsland;
use engine::games::pandemic::{self as ep, Pandemic};
use engine::grid;
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};
use engine::wire::setup_view;

fn state() -> ep::State {
    let mut v = ParamValues::defaults(Pandemic::param_specs());
    v.set(Pandemic::param_specs(), "rows", 30).unwrap();
    v.set(Pandemic::param_specs(), "cols", 30).unwrap();
    v.set(Pandemic::param_specs(), "nb_units", 3).unwrap();
    let p = Pandemic::params(&v).unwrap();
    Pandemic::setup(&p, &BoardSource::Generated, &mut GameRng::new(7, Stream::Board)).unwrap()
}

fn view(s: &ep::State) -> Vec<u8> {
    let mut v = Vec::new();
    Pandemic::encode_round_view(s, &[0.0; 4], &mut v);
    v
}

/// A free grass cell of the board.
fn free_grass(s: &ep::State) -> grid::Pos {
    let b = &s.board;
    (0..b.rows() as i32)
        .flat_map(|i| (0..b.cols() as i32).map(move |j| grid::Pos::new(i, j)))
        .find(|&p| b.cell(p) == ep::board::CellType::Grass && s.unit_on(p).is_none() && !s.mask_at(p))
        .expect("a free grass cell")
}

fn sdk(p: grid::Pos) -> Pos {
    Pos::new(p.i, p.j)
}

/// Gives `view` to `g` the way the sandbox does: written into the game's own buffer.
fn in_place(g: &mut Game, view: &[u8]) {
    let buf = g.view_buffer().expect("the game keeps its view buffer");
    if buf.len() < view.len() {
        buf.resize(view.len(), 0);
    }
    buf[..view.len()].copy_from_slice(view);
    g.read_round_in_place(view.len()).expect("round view");
}

#[test]
fn a_cell_read_after_a_new_round_is_the_new_rounds_and_indexes_are_rebuilt() {
    for through_buffer in [false, true] {
        let mut s = state();
        let mut g = Game::from_setup_view(&setup_view::<Pandemic>(&s, 0)).unwrap();
        let give = |g: &mut Game, v: &[u8]| {
            if through_buffer {
                in_place(g, v)
            } else {
                g.read_round(v).unwrap()
            }
        };
        // Before the first round: no units, no virus, no mask.
        assert_eq!((g.total_units(), g.units().len(), g.mask_cells().len()), (0, 0, 0));

        give(&mut g, &view(&s));
        let old = s.units[0].pos;
        assert_eq!(g.cell(sdk(old)).unit_id, Some(0), "builds the index this round");
        assert_eq!(g.unit(0).pos, sdk(old));
        assert!(g.mask_cells().is_empty());

        // The unit moves, a cell gets virus and a mask: the next view says so.
        let new = free_grass(&s);
        s.units[0].pos = new;
        let k = s.cell_index(new);
        s.virus[k] = 3;
        let m = s.cell_index(free_grass(&s));
        s.mask[m] = true;
        s.round += 1;
        give(&mut g, &view(&s));
        assert_eq!(g.round(), s.round as i32);
        assert_eq!(g.cell(sdk(old)).unit_id, None, "last round's index is not reused");
        assert_eq!(g.cell(sdk(new)).unit_id, Some(0));
        assert_eq!(g.unit_at(sdk(new)), Some(0));
        assert_eq!((g.cell(sdk(new)).virus, g.virus(sdk(new)), g.virus_levels()[k]), (3, 3, 3));
        assert_eq!(g.unit(0).pos, sdk(new), "the units are decoded again");
        assert_eq!(g.mask_cells(), [m]);
        assert!(g.masks()[m]);

        // A round in which the bot reads nothing, then one in which it does.
        s.units[0].pos = old;
        s.round += 1;
        give(&mut g, &view(&s));
        s.units[0].pos = new;
        s.mask[m] = false;
        s.round += 1;
        give(&mut g, &view(&s));
        assert_eq!((g.unit_at(sdk(old)), g.unit_at(sdk(new))), (None, Some(0)));
        assert!(g.mask_cells().is_empty() && !g.masks()[m]);
        for u in &s.units {
            assert_eq!(g.cell(sdk(u.pos)).unit_id, Some(u.id));
            assert_eq!(g.unit(u.id).pos, sdk(u.pos));
        }
    }
}

#[test]
fn a_view_that_does_not_check_keeps_the_last_round_or_reads_as_empty() {
    let s = state();
    let mut g = Game::from_setup_view(&setup_view::<Pandemic>(&s, 0)).unwrap();
    let good = view(&s);
    in_place(&mut g, &good);
    let before = g.cell(sdk(s.units[1].pos));
    let mut bad = good.clone();
    let last = bad.len() - 28;
    bad[last..last + 4].copy_from_slice(&9i32.to_le_bytes());
    assert!(g.read_round(&bad).is_err());
    assert_eq!(g.cell(sdk(s.units[1].pos)), before);
    // In place, the view is the host's, trusted: only its layout is checked. A view of the
    // wrong length is refused, and the bytes that were overwritten read as an empty round.
    let buf = g.view_buffer().unwrap();
    buf[..good.len()].copy_from_slice(&good);
    assert!(g.read_round_in_place(good.len() - 1).is_err());
    assert_eq!((g.total_units(), g.unit_at(sdk(s.units[1].pos))), (0, None));
    in_place(&mut g, &good);
    assert_eq!(g.cell(sdk(s.units[1].pos)), before);
}

#[test]
fn ork_island_orks_are_read_again_each_round() {
    use arena_bot::ork_island::Game as OrkGame;
    let p = OrkIsland::params(&ParamValues::defaults(OrkIsland::param_specs())).unwrap();
    let mut s = OrkIsland::setup(&p, &BoardSource::Generated, &mut GameRng::new(3, Stream::Board)).unwrap();
    let mut g = OrkGame::from_setup_view(&setup_view::<OrkIsland>(&s, 1)).unwrap();
    let mut v = Vec::new();
    OrkIsland::encode_round_view(&s, &[0.0; 4], &mut v);
    let buf = g.view_buffer().unwrap();
    buf.resize(v.len().max(buf.len()), 0);
    buf[..v.len()].copy_from_slice(&v);
    g.read_round_in_place(v.len()).unwrap();
    let first = s.orks[0].pos;
    assert_eq!(g.cell(sdk(first)).unit_id, Some(0));
    assert_eq!(g.orks(s.orks[0].player).first(), Some(&0));
    s.orks[0].health -= 7;
    let h = s.orks[0].health;
    let moved = s.orks[1].pos;
    s.orks[0].pos = grid::Pos::new(moved.i, moved.j);
    s.orks[1].pos = first;
    v.clear();
    OrkIsland::encode_round_view(&s, &[0.0; 4], &mut v);
    g.read_round(&v).unwrap();
    assert_eq!(g.cell(sdk(first)).unit_id, Some(1));
    assert_eq!(g.cell(sdk(moved)).unit_id, Some(0));
    assert_eq!(g.unit(0).health, h);
}
