//! A bot that runs a plain function every round, for scenario tests through the referee (any
//! game).

use engine::game::Game;
use engine::referee::{Bot, BotFailure, Turn};

/// Gives scripted orders every round: `Scripted("Name", f)` calls `f` with the round's turn.
pub struct Scripted<G: Game>(pub &'static str, pub fn(&mut Turn<'_, G>) -> Result<(), BotFailure>);

impl<G: Game> Bot<G> for Scripted<G> {
    fn name(&self) -> &str {
        self.0
    }
    fn hash(&self) -> String {
        format!("test:{}", self.0)
    }
    fn play(&mut self, t: &mut Turn<'_, G>) -> Result<(), BotFailure> {
        (self.1)(t)
    }
}

/// Gives no orders.
pub fn idle<G: Game>(_: &mut Turn<'_, G>) -> Result<(), BotFailure> {
    Ok(())
}
