//! Dummy: Arena's The Purge house bot, the player a bot must beat to qualify, calibrated against
//! the kit's Dummy (`docs/games/purge.md`, "Fidelity to the kit").
//!
//! Every round, day and night, its warriors and then its builders, each in ascending id order:
//! 1. by night, a warrior next to a rival citizen attacks the first one (Down, Right, Up, Left
//!    order), whatever its weapon, [`ATTACK_PERCENT`]% of the time (`random(0, 99)`);
//! 2. by night, a builder on one of the clan's barricades stays there;
//! 3. by day, a builder that does not stand on a barricade, while the clan has fewer barricades
//!    than allowed (counting those ordered this round), builds on a neighbouring empty street
//!    cell drawn with `random`;
//! 4. otherwise the citizen steps onto a neighbouring street cell with no citizen, drawn with
//!    `random` (none: no order).
//!
//! It never reinforces a barricade and never steers toward items or rivals. Observed from the
//! kit's Dummy's orders (2024 kit, seeds 1..20): it moves every citizen, warriors first, nearly
//! every round in a random direction among the street cells around it, attacks more often than
//! chance by night, and builds only by day on empty cells until it has 3 barricades. Variants
//! measured on the way, against the reference players' kit rates (docs page): attacking on a
//! coin flip, or wandering into citizens (builders attacking by chance), left some player 10 to
//! 30 points off its kit rate, or let Demo beat three Dummies in 3 of 20 seeds; picking up
//! adjacent money made it too strong against PgCollector; without the shelter at night it was
//! first against three Demos in only 18 of seeds 1..20 (the kit's: 19).

use arena_bot::purge::{CellType, Dir, Game, Player, Pos};

/// How often (percent) a warrior next to a rival by night attacks it rather than wander.
pub const ATTACK_PERCENT: i32 = 95;

/// The house bot Dummy.
#[derive(Default)]
pub struct Dummy;

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        let night = g.is_night();
        let mut barricades = g.barricades(me).len();
        for id in g.warriors(me) {
            let Some(c) = g.citizen(id) else { continue };
            match rival_next_to(g, me, c.pos) {
                Some(d) if night && g.random(0, 99) < ATTACK_PERCENT => g.move_citizen(id, d),
                _ => wander(g, id, c.pos),
            }
        }
        for id in g.builders(me) {
            let Some(c) = g.citizen(id) else { continue };
            if night && g.cell(c.pos).b_owner == Some(me) {
                continue;
            }
            if !night && barricades < g.max_num_barricades() as usize && g.cell(c.pos).b_owner.is_none() {
                let empty: Vec<Dir> = Dir::ALL.into_iter().filter(|&d| g.cell(c.pos + d).is_empty()).collect();
                if !empty.is_empty() {
                    let d = empty[g.random(0, empty.len() as i32 - 1) as usize];
                    g.build(id, d);
                    barricades += 1;
                    continue;
                }
            }
            wander(g, id, c.pos);
        }
    }
}

/// The first direction (Down, Right, Up, Left) with a rival citizen on the next cell.
fn rival_next_to(g: &Game, me: usize, p: Pos) -> Option<Dir> {
    Dir::ALL.into_iter().find(|&d| g.cell(p + d).id.and_then(|o| g.citizen(o)).is_some_and(|o| o.player != me))
}

/// Steps onto a neighbouring street cell with no citizen, drawn with `random` (none: no order).
fn wander(g: &mut Game, id: usize, p: Pos) {
    let free: Vec<Dir> = Dir::ALL
        .into_iter()
        .filter(|&d| {
            let c = g.cell(p + d);
            c.kind == CellType::Street && c.id.is_none()
        })
        .collect();
    if !free.is_empty() {
        let d = free[g.random(0, free.len() as i32 - 1) as usize];
        g.move_citizen(id, d);
    }
}

arena_bot::purge_bot!(Dummy);
