//! Who goes where. Masks first, each to the nearest unit that needs one; then regions, greedily
//! by value per step, each region getting only the units it needs to be taken or kept.

use crate::map::{Map, FAR};
use crate::search::Search;
use crate::status::Status;
use arena_bot::pandemic::Game;

/// A unit's job this round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// Stay (or fight where it stands).
    Hold,
    /// Go to (or stay in) this region.
    Region(usize),
    /// Pick up the mask on this cell.
    Mask(usize),
}

/// A mask at most this many steps away is worth the detour.
pub const MASK_RANGE: u16 = 6;
/// Enemies this close to a region of ours are a threat to it.
const THREAT_RANGE: u16 = 3;

pub fn assign(g: &Game, map: &Map, st: &Status, search: &mut Search) -> Vec<Goal> {
    let me = st.me;
    let mut goals = vec![Goal::Hold; g.total_units()];
    let mut free: Vec<usize> = g.units_of(me).map(|u| u.id).collect();
    let cell = |id: usize| g.cell_index(g.unit(id).pos).unwrap_or(0);

    // Masks: the nearest unit without one (and not immune) within range gets it.
    for &m in g.mask_cells() {
        search.run(map, &[m], MASK_RANGE, |_| true);
        // Units that can still catch the virus first, then infected ones (a mask stops spreading).
        let best = free
            .iter()
            .enumerate()
            .filter(|&(_, &id)| {
                let u = g.unit(id);
                !u.mask && !u.immune && st.unit_region[id].is_none_or(|r| st.enemies[r] == 0)
            })
            .map(|(i, &id)| (search.get(cell(id)), i))
            .filter(|&(d, _)| d <= MASK_RANGE)
            .map(|(d, i)| (d + 3 * (g.unit(free[i]).damage > 0) as u16, i))
            .min();
        if let Some((_, i)) = best {
            goals[free.swap_remove(i)] = Goal::Mask(m);
        }
    }

    // How many units each region needs, and what one of them is worth there.
    let nr = map.regions.len();
    let mut threat = vec![[0u16; 4]; nr];
    for u in g.units().iter().filter(|u| u.player != me) {
        let k = g.cell_index(u.pos).unwrap_or(0);
        for (r, t) in threat.iter_mut().enumerate() {
            if map.dist(r, k) <= THREAT_RANGE {
                t[u.player] += 1;
            }
        }
    }
    let mut need = vec![0u16; nr];
    let mut worth = vec![0.0; nr];
    for r in 0..nr {
        let near = threat[r].iter().copied().max().unwrap_or(0);
        // Not ours, or ours and contested: outnumber the enemies there.
        let (n, w) = if !st.mine(r) || st.enemies[r] > 0 {
            (st.enemies[r] + 1, st.value[r])
        } else if near > 0 {
            (near, st.value[r])
        } else {
            // Nothing threatens it: a guard is worth nothing (taken only by units with no job).
            (1, 0.0)
        };
        need[r] = n;
        worth[r] = w / n as f64;
    }

    // Greedy: the best (unit, region) pair by worth per step, until needs or units run out.
    let left = (g.nb_rounds() - g.round()).max(1) as u16;
    loop {
        let mut best: Option<(f64, usize, usize)> = None;
        for (i, &id) in free.iter().enumerate() {
            let k = cell(id);
            for r in (0..nr).filter(|&r| need[r] > 0) {
                let d = map.dist(r, k);
                if d == FAR || d >= left {
                    continue;
                }
                let s = worth[r] / (d as f64 + 2.0);
                if best.is_none_or(|b| s > b.0) {
                    best = Some((s, i, r));
                }
            }
        }
        let Some((_, i, r)) = best else { break };
        goals[free.swap_remove(i)] = Goal::Region(r);
        need[r] -= 1;
    }
    // Spare units reinforce the best region that is not ours yet.
    for id in free {
        let k = cell(id);
        let best = (0..nr)
            .filter(|&r| !st.mine(r) && map.dist(r, k) < left)
            .map(|r| (st.value[r] / (map.dist(r, k) as f64 + 2.0), r))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, r)) = best {
            goals[id] = Goal::Region(r);
        }
    }
    goals
}
