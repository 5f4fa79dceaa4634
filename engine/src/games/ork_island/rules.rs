//! One round of Ork Island, in the statement's order: orders in one random order, moves with
//! their health cost and fights, regeneration of the dead on the shore, ownership and points.

use super::placement::spawn_cell;
use super::state::{Order, State};
use crate::game::NB_PLAYERS;
use crate::games::shared::conquest;
use crate::grid::Dir;
use crate::rng::GameRng;

/// How a move ended (for tests and the replay's story of a round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// Off the board, into WATER or into an own ork: nothing happens, nothing is paid.
    Blocked,
    /// Moved into an empty cell, paying its cost.
    Moved,
    /// The cost left the ork with negative health: it died where it stood.
    Exhausted,
    /// Fought the ork there and won: the loser changes sides, the mover moves in.
    Won { loser: usize },
    /// Fought the ork there and lost: the mover changes sides.
    Lost { winner: usize },
}

/// Plays one round with each player's accepted orders (one per ork, orks it owned at the start
/// of the round).
pub fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
    s.log.moves.clear();
    // The player each ork that died this round comes back for.
    let mut dead: Vec<Option<usize>> = vec![None; s.orks.len()];

    // 1-2. Every order in one uniformly random order; an ork killed earlier skips its own.
    let mut all: Vec<Order> = orders.iter().flatten().filter(|o| o.dir != Dir::None).copied().collect();
    rng.shuffle(&mut all);
    for o in all {
        if dead[o.unit].is_some() {
            continue;
        }
        s.log.moves.push(o);
        execute_move(s, o, rng, &mut dead);
    }

    // 3. The dead regenerate, by ascending id, with full health on the shore.
    for (id, player) in dead.iter().enumerate() {
        if let Some(player) = *player {
            regenerate(s, id, player, rng);
        }
    }

    // 4. Ownership and points.
    s.round += 1;
    let board = &s.board;
    conquest::update_owners(
        s.orks.iter().map(|u| (u.player, u.pos)),
        |p| board.city_at(p),
        |p| board.path_at(p),
        &mut s.city_owner,
        &mut s.path_owner,
    );
    let points =
        conquest::round_points(&s.params.bonuses(), board.cities(), board.paths(), &s.city_owner, &s.path_owner);
    for (score, add) in s.scores.iter_mut().zip(points) {
        *score = score.saturating_add(add);
    }
}

/// Executes one move; `dead` collects who died and for which player it comes back.
pub fn execute_move(s: &mut State, o: Order, rng: &mut GameRng, dead: &mut [Option<usize>]) -> MoveOutcome {
    let mover = o.unit;
    let from = s.orks[mover].pos;
    let to = from.step(o.dir);
    let Some(cost) = s.params.cost(s.board.cell(to)).filter(|_| s.board.contains(to)) else {
        return MoveOutcome::Blocked;
    };
    let occupant = s.ork_on(to).map(|u| (u.id, u.player, u.health));
    let player = s.orks[mover].player;
    if occupant.is_some_and(|(_, owner, _)| owner == player) {
        return MoveOutcome::Blocked;
    }
    let health = s.orks[mover].health.saturating_sub(cost);
    s.orks[mover].health = health;
    let Some((other, other_player, other_health)) = occupant else {
        if health < 0 {
            s.lift(mover);
            dead[mover] = Some(player);
            return MoveOutcome::Exhausted;
        }
        s.lift(mover);
        s.place(mover, to);
        return MoveOutcome::Moved;
    };
    // A fight: health after the cost against the defender's; a tie is a fair coin. A mover with
    // negative health always loses (the defender's is never negative).
    let mover_wins = health >= 0 && (health > other_health || (health == other_health && rng.chance(0.5)));
    if mover_wins {
        s.lift(other);
        dead[other] = Some(player);
        s.lift(mover);
        s.place(mover, to);
        MoveOutcome::Won { loser: other }
    } else {
        s.lift(mover);
        dead[mover] = Some(other_player);
        MoveOutcome::Lost { winner: other }
    }
}

/// Brings a dead ork back for `player` with full health on a spawn cell.
pub fn regenerate(s: &mut State, id: usize, player: usize, rng: &mut GameRng) {
    s.orks[id].player = player;
    s.orks[id].health = s.params.initial_health;
    // Setup guarantees at least as many land cells as orks, and this ork's cell is free: there
    // is always a cell.
    let cell = spawn_cell(s, rng);
    debug_assert!(cell.is_some(), "no cell to regenerate ork {id}");
    if let Some(p) = cell {
        s.place(id, p);
    }
}
