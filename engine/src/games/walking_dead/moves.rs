//! The players' moves (steps 1-2 of a round): orders interleaved across players, each applied to
//! the board as it is now, with food, zombie kills and fights.

use super::state::{Fight, Order, State, UnitType};
use crate::game::NB_PLAYERS;
use crate::grid::Pos;
use crate::rng::GameRng;

pub use crate::games::shared::interleave::interleave;

/// The chance that the unit starting a fight wins it outright: 3 in 10 (the statement's 30%).
pub const SURPRISE: (u32, u32) = (3, 10);

/// How a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// The mover is not an alive unit any more (it died earlier this round): skipped.
    Skipped,
    /// Diagonal, off the board, into waste, a dead unit or a unit of its own clan.
    Ignored,
    /// Moved into an empty cell (and owns it).
    Moved,
    /// Moved into food: ate it and owns the cell.
    Ate,
    /// Killed the zombie there and stayed.
    KilledZombie { zombie: usize },
    /// Fought the unit there and stayed; `won` says who lost.
    Fought(Fight),
}

/// What the moves of a round accumulate for the end of the round.
#[derive(Clone, Debug, Default)]
pub struct MovePhase {
    /// Food eaten per clan.
    pub eaten: [i64; NB_PLAYERS],
    /// Food items gone (eaten or destroyed), to regenerate.
    pub food_gone: usize,
}

/// Executes one move with the clans' strengths at the start of the round.
pub fn execute_move(
    s: &mut State,
    o: Order,
    strength: &[i64; NB_PLAYERS],
    phase: &mut MovePhase,
    rng: &mut GameRng,
) -> MoveOutcome {
    let mover = s.units[o.unit];
    let Some(clan) = mover.alive_of() else { return MoveOutcome::Skipped };
    s.log.moves.push(o);
    if !o.dir.is_straight() {
        return MoveOutcome::Ignored;
    }
    let to: Pos = o.dir.from(mover.pos);
    if !s.board.is_street(to) {
        return MoveOutcome::Ignored;
    }
    let Some(other) = s.unit_on(to).copied() else {
        let k = s.board.index(to);
        let ate = std::mem::replace(&mut s.food[k], false);
        s.lift(mover.id);
        s.place(mover.id, to);
        s.owner[k] = clan as i8;
        if ate {
            phase.eaten[clan] += 1;
            phase.food_gone += 1;
            return MoveOutcome::Ate;
        }
        return MoveOutcome::Moved;
    };
    match other.kind {
        UnitType::Dead => MoveOutcome::Ignored,
        UnitType::Alive if other.player as usize == clan => MoveOutcome::Ignored,
        UnitType::Zombie => {
            s.lift(other.id);
            s.zombies_killed[clan] += 1;
            s.log.zombie_kills.push((other.id, clan));
            MoveOutcome::KilledZombie { zombie: other.id }
        }
        UnitType::Alive => {
            let enemy = other.player as usize;
            let surprise = rng.below(SURPRISE.1) < SURPRISE.0;
            let attacker_won = surprise || strength_draw(strength[clan], strength[enemy], rng);
            let (winner, loser) = if attacker_won { (clan, other.id) } else { (enemy, mover.id) };
            s.fights_won[winner] += 1;
            let r = s.params.rounds_before_becoming_zombie;
            let dead = &mut s.units[loser];
            dead.kind = UnitType::Dead;
            dead.rounds_for_zombie = r + 1;
            let fight = Fight { attacker: mover.id, defender: other.id, surprise, attacker_won };
            s.log.fights.push(fight);
            MoveOutcome::Fought(fight)
        }
    }
}

/// True with probability n / (n + m); a fair coin when both are 0.
fn strength_draw(n: i64, m: i64, rng: &mut GameRng) -> bool {
    let (n, m) = (n.max(0) as u64, m.max(0) as u64);
    match u32::try_from(n + m) {
        Ok(0) => rng.below(2) == 0,
        Ok(total) => u64::from(rng.below(total)) < n,
        // Beyond 32 bits (huge parameters only): 53-bit precision is plenty.
        Err(_) => rng.chance(n as f64 / (n + m) as f64),
    }
}
