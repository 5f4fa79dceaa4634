//! An example Pandemic bot for Arena: copy this crate and make it yours.
//!
//! The kit's API is on `g: &mut Game` (see the `arena_bot::pandemic` docs for the full list):
//! `g.me()`, `g.round()`, `g.unit(id)`, `g.my_units(pl)`, `g.cell(pos)`, `g.city_owner(id)`,
//! `g.move_unit(id, dir)`, `g.random(l, u)`, ... and `arena_bot::eprintln!` to debug.

use arena_bot::pandemic::{CellType, Dir, Game, Player};

/// Your player. It is made once, with `Default`, before the first round, and keeps its fields
/// for the whole match: store what you want to remember between rounds here.
#[derive(Default)]
pub struct MyBot {
    /// Example of state kept across rounds.
    rounds_seen: u32,
}

impl Player for MyBot {
    /// Called once per round. The orders given here are your orders for the round: at most one
    /// per unit counts, and more than 1000 orders in one round freeze your bot.
    fn play(&mut self, g: &mut Game) {
        self.rounds_seen += 1;
        let me = g.me();
        if g.round() == 0 {
            // Debug output goes to the bot's captured stderr (it costs fuel: keep it small).
            arena_bot::eprintln!("playing as player {me} on a {}x{} board", g.rows(), g.cols());
        }

        for id in g.my_units(me) {
            let pos = g.unit(id).pos;

            // Attack an adjacent enemy if there is one: attacks cost the attacker nothing.
            let enemy = Dir::MOVES
                .into_iter()
                .find(|&d| g.cell(pos + d).unit_id.is_some_and(|other| g.unit(other).player != me));
            if let Some(d) = enemy {
                g.move_unit(id, d);
                continue;
            }

            // Otherwise step into a city or path cell we do not own, if one is next to us...
            let wanted = Dir::MOVES.into_iter().find(|&d| {
                let c = g.cell(pos + d);
                let not_ours = match (c.city_id, c.path_id) {
                    (Some(city), _) => g.city_owner(city) != Some(me),
                    (_, Some(path)) => g.path_owner(path) != Some(me),
                    _ => false,
                };
                c.unit_id.is_none() && not_ours
            });
            if let Some(d) = wanted {
                g.move_unit(id, d);
                continue;
            }

            // ...or else wander: a random open neighbour.
            let d = Dir::MOVES[g.random(0, 3) as usize];
            if g.cell(pos + d).kind != CellType::Wall {
                g.move_unit(id, d);
            }
        }
    }
}

// Exports the bot to the platform (only in the WebAssembly build).
arena_bot::pandemic_bot!(MyBot);
