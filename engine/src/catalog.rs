//! The games by name, behind one object-safe interface, for the command line and the server.

use crate::cnf::{self, CnfError, Config};
use crate::game::BoardStat;
use crate::game::{Game, SetupError, NB_PLAYERS};
use crate::games::mad_max::{self, MadMax};
use crate::games::ork_island::{self, OrkIsland};
use crate::games::pandemic::{self, Pandemic};
use crate::games::purge::{self, Purge};
use crate::games::walking_dead::{self, WalkingDead};
use crate::outcome::{MatchOutput, MatchSetup};
use crate::params::ParamSpec;
use crate::referee::{play_match, Bot};
use crate::replay::frames::ReplayFrames;
use crate::replay::{Replay, ReplayError};
use crate::wire::{SharedFactory, WireAdapter};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// A native house bot by name (`Null`, `Demo`): for tests and benchmarks.
    House(String),
    /// A bot behind the byte-level ABI (a WebAssembly bot from the sandbox).
    Wire(SharedFactory),
}

#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("unknown bot `{name}` for {game}; house bots: {known}")]
    UnknownBot { name: String, game: &'static str, known: String },
    #[error("a match needs exactly {NB_PLAYERS} players, got {0}")]
    PlayerCount(usize),
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// A game, erased.
pub trait AnyGame: Sync {
    fn name(&self) -> &'static str;
    fn title(&self) -> &'static str;
    fn param_specs(&self) -> &'static [ParamSpec];
    fn house_bots(&self) -> &'static [&'static str];
    /// Reads a `.cnf` file's text.
    fn parse_config(&self, text: &str) -> Result<Config, CnfError> {
        cnf::parse(text, self.param_specs())
    }
    /// Checks parameters and board without playing.
    fn check(&self, setup: &MatchSetup) -> Result<(), SetupError>;
    /// Plays a match.
    fn play(&self, setup: &MatchSetup, players: &[PlayerSpec], record: bool) -> Result<MatchOutput, MatchError>;
    /// The figures of the board this setup makes (generated or FIXED), as the kits' board
    /// statistics count them.
    fn board_stats(&self, setup: &MatchSetup) -> Result<Vec<BoardStat>, SetupError>;
    /// The kit's mean of each figure (seeds 1..100, default parameters).
    fn kit_board_means(&self) -> &'static [(&'static str, f64)];
    /// Decodes the game's part of a parsed replay, every round (so that a damaged one is found),
    /// into frames whose figures `arena replay --frame` prints.
    fn read_replay(&self, replay: Replay) -> Result<Box<dyn ReplayFrames>, ReplayError>;
}

struct Entry<G: Game> {
    house: fn(&str) -> Option<Box<dyn Bot<G>>>,
    house_names: &'static [&'static str],
    /// The game's replay reader (`games/<game>/replay.rs`).
    read_replay: fn(Replay) -> Result<Box<dyn ReplayFrames>, ReplayError>,
}

impl<G: Game> Entry<G> {
    /// The state at round 0 that this setup makes (parameters checked, board generated or read).
    fn initial_state(&self, setup: &MatchSetup) -> Result<G::State, SetupError> {
        let params = G::params(&setup.params)?;
        let mut rng = crate::rng::GameRng::new(setup.seed, crate::rng::Stream::Board);
        G::setup(&params, &setup.board, &mut rng)
    }

    fn bot(&self, spec: &PlayerSpec) -> Result<Box<dyn Bot<G>>, MatchError> {
        match spec {
            PlayerSpec::House(name) => (self.house)(name).ok_or_else(|| MatchError::UnknownBot {
                name: name.clone(),
                game: G::NAME,
                known: self.house_names.join(", "),
            }),
            PlayerSpec::Wire(f) => Ok(Box::new(WireAdapter::<G>::new(f.0.create(G::NAME)))),
        }
    }
}

impl<G: Game> AnyGame for Entry<G>
where
    Entry<G>: Sync,
{
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn param_specs(&self) -> &'static [ParamSpec] {
        G::param_specs()
    }
    fn house_bots(&self) -> &'static [&'static str] {
        self.house_names
    }
    fn check(&self, setup: &MatchSetup) -> Result<(), SetupError> {
        self.initial_state(setup).map(|_| ())
    }
    fn board_stats(&self, setup: &MatchSetup) -> Result<Vec<BoardStat>, SetupError> {
        self.initial_state(setup).map(|s| G::board_stats(&s))
    }
    fn kit_board_means(&self) -> &'static [(&'static str, f64)] {
        G::KIT_BOARD_MEANS
    }
    fn read_replay(&self, replay: Replay) -> Result<Box<dyn ReplayFrames>, ReplayError> {
        (self.read_replay)(replay)
    }
    fn play(&self, setup: &MatchSetup, players: &[PlayerSpec], record: bool) -> Result<MatchOutput, MatchError> {
        if players.len() != NB_PLAYERS {
            return Err(MatchError::PlayerCount(players.len()));
        }
        let bots: Vec<Box<dyn Bot<G>>> = players.iter().map(|p| self.bot(p)).collect::<Result<_, _>>()?;
        let mut bots: [Box<dyn Bot<G>>; NB_PLAYERS] =
            bots.try_into().map_err(|_| MatchError::PlayerCount(players.len()))?;
        Ok(play_match::<G>(setup, &mut bots, record)?)
    }
}

static PANDEMIC: Entry<Pandemic> = Entry {
    house: pandemic::house::house_bot,
    house_names: pandemic::house::HOUSE_BOTS,
    read_replay: |r| Ok(Box::new(pandemic::replay::decode(r)?)),
};

static ORK_ISLAND: Entry<OrkIsland> = Entry {
    house: ork_island::house::house_bot,
    house_names: ork_island::house::HOUSE_BOTS,
    read_replay: |r| Ok(Box::new(ork_island::replay::decode(r)?)),
};

static WALKING_DEAD: Entry<WalkingDead> = Entry {
    house: walking_dead::house::house_bot,
    house_names: walking_dead::house::HOUSE_BOTS,
    read_replay: |r| Ok(Box::new(walking_dead::replay::decode(r)?)),
};

static PURGE: Entry<Purge> = Entry {
    house: purge::house::house_bot,
    house_names: purge::house::HOUSE_BOTS,
    read_replay: |r| Ok(Box::new(purge::replay::decode(r)?)),
};

static MAD_MAX: Entry<MadMax> = Entry {
    house: mad_max::house::house_bot,
    house_names: mad_max::house::HOUSE_BOTS,
    read_replay: |r| Ok(Box::new(mad_max::replay::decode(r)?)),
};

/// Every game Arena plays, in the order of the statements.
pub fn games() -> Vec<&'static dyn AnyGame> {
    vec![&PANDEMIC, &ORK_ISLAND, &WALKING_DEAD, &PURGE, &MAD_MAX]
}

/// The names of the five games, in the order of `games()` (a test checks), for messages.
pub const ALL_GAME_NAMES: &[&str] = &["pandemic", "ork-island", "walking-dead", "purge", "mad-max"];

/// A game by name.
pub fn find(name: &str) -> Option<&'static dyn AnyGame> {
    games().into_iter().find(|g| g.name().eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_names_are_the_catalogs() {
        let names: Vec<&str> = super::games().iter().map(|g| g.name()).collect();
        assert_eq!(names, super::ALL_GAME_NAMES);
        assert_eq!(super::find("MAD-MAX").map(|g| g.name()), Some("mad-max"));
        assert!(super::find("mad_max").is_none());
    }
}
