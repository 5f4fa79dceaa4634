//! Goals into orders. A unit next to enemies attacks the weakest one if it wins that fight,
//! else steps away if it can. Otherwise it steps toward its goal on a cell none of our units
//! holds or takes this round, where it would not start a losing fight, preferring low virus.

use crate::fight::Front;
use crate::map::{Map, FAR};
use crate::plan::{Goal, MASK_RANGE};
use crate::search::Search;
use crate::status::Status;
use arena_bot::pandemic::{Dir, Game};

/// The platform's cap on orders per round.
const MAX_ORDERS: usize = 1000;
/// Below this health a unit avoids stepping next to enemies when it has a choice.
const WEAK: i32 = 40;

pub fn orders(g: &mut Game, map: &Map, st: &Status, goals: &[Goal], search: &mut Search, taken: &mut Vec<bool>) {
    let me = st.me;
    let front = Front::new(g, map, me);
    taken.clear();
    taken.resize(map.len(), false);
    let ours: Vec<(usize, usize)> =
        g.units_of(me).filter_map(|u| g.cell_index(u.pos).map(|k| (u.id, k))).filter(|&(_, k)| map.open[k]).collect();
    for &(_, k) in &ours {
        taken[k] = true;
    }
    for &(id, k) in ours.iter().take(MAX_ORDERS) {
        let health = g.unit(id).health;
        let region = map.region_of[k];
        // Free cells next to no enemy: where a step is safe.
        let free = |q: usize| map.open[q] && !taken[q] && g.unit_at(g.cell_pos(q)).is_none();
        if let Some((_, s, _)) = front.weakest(g, map, me, k) {
            let flee = (!front.favourable(g, map, me, k, health, false))
                .then(|| {
                    (0..4)
                        .map(|s| (s, map.next(k, s)))
                        .filter(|&(_, q)| free(q) && front.foes[q] == 0)
                        .min_by_key(|&(_, q)| (map.region_of[q] != region, g.virus_levels()[q]))
                })
                .flatten();
            match flee {
                Some((s, q)) => {
                    taken[q] = true;
                    g.move_unit(id, Dir::MOVES[s]);
                }
                None => g.move_unit(id, Dir::MOVES[s]),
            }
            continue;
        }
        // Cells where this unit would start a losing fight are out; a weak unit also keeps two
        // steps from enemies when it can.
        let weak = health < WEAK;
        let safe = |q: usize| {
            if front.foes[q] > 0 {
                front.favourable(g, map, me, q, health, true)
            } else {
                !(weak && front.near[q] > 0)
            }
        };
        let step = match goals[id] {
            Goal::Hold => None,
            Goal::Mask(m) => {
                search.run(map, &[m], MASK_RANGE + 2, |_| true);
                downhill(g, map, k, taken, |q| if safe(q) { search.get(q) } else { FAR })
            }
            Goal::Region(r) if map.dist(r, k) > 0 => {
                downhill(g, map, k, taken, |q| if safe(q) { map.dist(r, q) } else { FAR })
            }
            Goal::Region(r) => {
                // Inside: go for the enemies on it, without leaving it.
                let foes: Vec<usize> = map.regions[r]
                    .cells
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| g.unit_at(g.cell_pos(c)).is_some_and(|u| g.unit(u).player != me))
                    .collect();
                if foes.is_empty() {
                    // Hold, on the cell with the least virus (a weak unit: away from enemies).
                    let v = g.virus_levels();
                    let cost = |q: usize| (weak as u8 * front.near[q], v[q]);
                    (0..4)
                        .map(|s| (s, map.next(k, s)))
                        .filter(|&(_, q)| map.region_of[q] == region && !taken[q] && front.foes[q] == 0)
                        .filter(|&(_, q)| cost(q) < cost(k))
                        .min_by_key(|&(_, q)| cost(q))
                } else {
                    let inside = |q: usize| map.region_of[q] == Some(r as u16);
                    search.run(map, &foes, FAR - 1, inside);
                    downhill(g, map, k, taken, |q| if inside(q) && safe(q) { search.get(q) } else { FAR })
                }
            }
        };
        if let Some((s, q)) = step {
            taken[q] = true;
            g.move_unit(id, Dir::MOVES[s]);
        }
    }
}

/// A free neighbour of `k` closer by `dist`, the one with the least virus.
fn downhill(g: &Game, map: &Map, k: usize, taken: &[bool], dist: impl Fn(usize) -> u16) -> Option<(usize, usize)> {
    let here = dist(k);
    (0..4)
        .map(|s| (s, map.next(k, s)))
        .filter(|&(_, q)| map.open[q] && !taken[q] && dist(q) < here)
        .min_by_key(|&(_, q)| g.virus_levels()[q])
}
