//! This round's picture of the regions: who stands where, who owns what, and what each region
//! is worth to us per round (what we gain by taking it, or lose by letting it go).

use crate::map::Map;
use arena_bot::pandemic::Game;

/// Weight of what an enemy loses when we take its region (we only need to beat each enemy).
const DENIAL: f64 = 0.5;

pub struct Status {
    pub me: usize,
    /// Per region, units of each player on it.
    pub counts: Vec<[u16; 4]>,
    pub owner: Vec<Option<usize>>,
    /// Per region, points per round at stake for us.
    pub value: Vec<f64>,
    /// Per region, the most units one enemy has on it.
    pub enemies: Vec<u16>,
    /// Region of each unit (by id), if it stands on one.
    pub unit_region: Vec<Option<usize>>,
}

impl Status {
    pub fn read(g: &Game, map: &Map) -> Status {
        let me = g.me();
        let nr = map.regions.len();
        let mut counts = vec![[0u16; 4]; nr];
        let mut unit_region = vec![None; g.total_units()];
        for u in g.units() {
            let r = g.cell_index(u.pos).and_then(|k| map.region_of[k]).map(usize::from);
            if let Some(r) = r {
                counts[r][u.player] += 1;
            }
            unit_region[u.id] = r;
        }
        let owner: Vec<Option<usize>> = (0..nr)
            .map(|r| if r < map.nb_cities { g.city_owner(r) } else { g.path_owner(r - map.nb_cities) })
            .collect();
        let enemies = counts.iter().map(|c| (0..4).filter(|&p| p != me).map(|p| c[p]).max().unwrap_or(0)).collect();
        let mut st = Status { me, counts, owner, value: vec![0.0; nr], enemies, unit_region };
        st.value = st.values(g, map);
        st
    }

    pub fn mine(&self, r: usize) -> bool {
        self.owner[r] == Some(self.me)
    }

    /// Per-round value of every region: its cells plus the change of our connected-component
    /// bonus, plus part of what its enemy owner loses.
    fn values(&self, g: &Game, map: &Map) -> Vec<f64> {
        let nc = map.nb_cities;
        let f = g.factor_connected_component() as f64;
        let (city_bonus, path_bonus) = (g.bonus_per_city_cell() as f64, g.bonus_per_path_cell() as f64);
        // Our components: union-find over our cities, joined by our paths between them.
        let mut parent: Vec<usize> = (0..nc).collect();
        for (r, reg) in map.regions.iter().enumerate().skip(nc) {
            if let (true, Some((a, b))) = (self.mine(r), reg.ends) {
                if self.mine(a) && self.mine(b) {
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    parent[ra] = rb;
                }
            }
        }
        let mut size = vec![0u32; nc];
        for c in 0..nc {
            if self.mine(c) {
                let root = find(&mut parent, c);
                size[root] += 1;
            }
        }
        let comp = |parent: &mut Vec<usize>, c: usize| -> (usize, u32) {
            let root = find(parent, c);
            (root, size[root])
        };
        let pow = |s: u32| -> f64 { 2f64.powi(s.min(60) as i32) };

        let mut value = vec![0.0; map.regions.len()];
        for (r, reg) in map.regions.iter().enumerate() {
            let cell_value = if r < nc { city_bonus } else { path_bonus };
            let mut v = cell_value * reg.cells.len() as f64;
            if r < nc {
                if self.mine(r) {
                    // Losing a city breaks its component: count half its bonus (all of a lone one's).
                    let s = comp(&mut parent, r).1;
                    v += f * if s <= 1 { 2.0 } else { pow(s - 1) };
                } else {
                    // Taking it joins the components our paths already lead it to.
                    let mut roots: Vec<(usize, u32)> = Vec::new();
                    for (q, path) in map.regions.iter().enumerate().skip(nc) {
                        let Some((a, b)) = path.ends else { continue };
                        let other = if a == r {
                            b
                        } else if b == r {
                            a
                        } else {
                            continue;
                        };
                        if self.mine(q) && self.mine(other) {
                            let c = comp(&mut parent, other);
                            if !roots.contains(&c) {
                                roots.push(c);
                            }
                        }
                    }
                    let joined: u32 = 1 + roots.iter().map(|c| c.1).sum::<u32>();
                    v += f * (pow(joined) - roots.iter().map(|c| pow(c.1)).sum::<f64>());
                }
            } else if let Some((a, b)) = reg.ends {
                if self.mine(a) && self.mine(b) {
                    let (ca, cb) = (comp(&mut parent, a), comp(&mut parent, b));
                    if self.mine(r) {
                        // Maybe a bridge of its component.
                        v += f * pow(ca.1.saturating_sub(2));
                    } else if ca.0 != cb.0 {
                        v += f * (pow(ca.1 + cb.1) - pow(ca.1) - pow(cb.1));
                    }
                }
            }
            if let Some(o) = self.owner[r] {
                if o != self.me {
                    v += DENIAL * cell_value * reg.cells.len() as f64;
                }
            }
            value[r] = v;
        }
        value
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}
