//! Native matches for the house bots' tests (`bots/<game>/tests`), whatever the game: default
//! parameters with overrides, one bot against three, who came first.

use engine::catalog::{self, AnyGame, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{MatchOutput, MatchSetup};
use engine::replay::Replay;

fn game(name: &str) -> &'static dyn AnyGame {
    catalog::find(name).unwrap_or_else(|| panic!("{name} is not in the catalog"))
}

/// A match of `game` with the default parameters, except `overrides`.
pub fn setup(game_name: &str, seed: u64, overrides: &[(&str, i64)]) -> MatchSetup {
    let g = game(game_name);
    let mut params = ParamValues::defaults(g.param_specs());
    for &(k, v) in overrides {
        params.set(g.param_specs(), k, v).expect("parameter");
    }
    MatchSetup { params, board: BoardSource::Generated, seed }
}

/// A native house bot of the engine.
pub fn house(name: &str) -> PlayerSpec {
    PlayerSpec::House(name.to_string())
}

/// Plays a match.
pub fn play(game_name: &str, setup: &MatchSetup, players: Vec<PlayerSpec>, record: bool) -> MatchOutput {
    game(game_name).play(setup, &players, record).expect("match")
}

/// `hero` in seat `seat`, `other` in the three other seats, default parameters. Returns the four
/// scores.
pub fn one_against_three(
    game_name: &str,
    seed: u64,
    seat: usize,
    hero: PlayerSpec,
    other: impl Fn() -> PlayerSpec,
) -> Vec<i64> {
    let players = (0..4).map(|s| if s == seat { hero.clone() } else { other() }).collect();
    play(game_name, &setup(game_name, seed, &[]), players, false).summary.players.iter().map(|p| p.score).collect()
}

/// Whether `scores[seat]` is strictly the highest.
pub fn strictly_first(scores: &[i64], seat: usize) -> bool {
    scores.iter().enumerate().all(|(s, &x)| s == seat || x < scores[seat])
}

/// One seed of the strength check: Dummy against three Demos, and Demo against three Dummies,
/// the single bot in seat `seed % 4` both times.
#[derive(Clone, Debug)]
pub struct Duel {
    pub seed: u64,
    pub seat: usize,
    /// Scores of Dummy (in `seat`) against three Demos.
    pub dummy_vs_demos: Vec<i64>,
    /// Scores of Demo (in `seat`) against three Dummies.
    pub demo_vs_dummies: Vec<i64>,
}

impl Duel {
    pub fn dummy_first(&self) -> bool {
        strictly_first(&self.dummy_vs_demos, self.seat)
    }
    pub fn demo_first(&self) -> bool {
        strictly_first(&self.demo_vs_dummies, self.seat)
    }
}

/// The qualification opponent's strength check over `seeds` with the default parameters:
/// `dummy` is the SDK Dummy, Demo the engine's native one.
pub fn duels(game_name: &str, seeds: impl IntoIterator<Item = u64>, dummy: impl Fn() -> PlayerSpec) -> Vec<Duel> {
    seeds
        .into_iter()
        .map(|seed| {
            let seat = (seed % 4) as usize;
            Duel {
                seed,
                seat,
                dummy_vs_demos: one_against_three(game_name, seed, seat, dummy(), || house("Demo")),
                demo_vs_dummies: one_against_three(game_name, seed, seat, house("Demo"), &dummy),
            }
        })
        .collect()
}

/// Prints [`duels`] seed by seed, then the totals (the `strength` examples).
pub fn print_duels(duels: &[Duel]) {
    for d in duels {
        println!(
            "seed {:3} seat {}: Dummy vs 3 Demo {:?} {}   Demo vs 3 Dummy {:?} {}",
            d.seed,
            d.seat,
            d.dummy_vs_demos,
            if d.dummy_first() { "WIN" } else { "lost" },
            d.demo_vs_dummies,
            if d.demo_first() { "DEMO WINS" } else { "ok" }
        );
    }
    let wins = duels.iter().filter(|d| d.dummy_first()).count();
    let demo_wins = duels.iter().filter(|d| d.demo_first()).count();
    println!("Dummy first in {wins}/{n}; Demo first in {demo_wins}/{n}", n = duels.len());
}

/// Asserts that two recorded matches played the same: same initial section, same rounds (game
/// part and common part: scores, CPU shares, freezes). `what` names the match in messages.
pub fn assert_same_match(a: &MatchOutput, b: &MatchOutput, what: &str) {
    let parse = |m: &MatchOutput| Replay::parse(m.replay.as_ref().expect("a recorded match")).expect("a valid replay");
    let (a, b) = (parse(a), parse(b));
    assert_eq!(a.initial, b.initial, "{what}");
    assert_eq!(a.rounds.len(), b.rounds.len(), "{what}");
    for (r, (x, y)) in a.rounds.iter().zip(&b.rounds).enumerate() {
        assert_eq!(x.game, y.game, "{what}, round {r}");
        assert_eq!(x.common, y.common, "{what}, round {r}");
    }
}

/// Prints the Dummy's own score, played natively, in the three line-ups of `arena fidelity
/// <game> --dummy` (against three Demos, among four Dummies, against three Nulls; the Dummy at
/// seat seed mod 4), as `line-up seed score` lines, the format of the kit's figures in
/// `server/kit-figures/<game>/dummy_lineups.txt`: a quick check while tuning a Dummy. The
/// command line gives the first seed and the number of seeds (default 1 and 100).
pub fn print_lineups(
    game_name: &str,
    dummy: impl Fn() -> PlayerSpec,
    demo: impl Fn() -> PlayerSpec,
    null: impl Fn() -> PlayerSpec,
) {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or_else(|_| panic!("usage: lineups [first_seed] [count]: {a} is not a number")))
        .collect();
    let first = args.first().copied().unwrap_or(1);
    let count = args.get(1).copied().unwrap_or(100);
    let others: [(&str, &dyn Fn() -> PlayerSpec); 3] = [("demos", &demo), ("dummies", &dummy), ("nulls", &null)];
    for (lineup, other) in others {
        for seed in first..first + count {
            let seat = (seed % 4) as usize;
            let scores = one_against_three(game_name, seed, seat, dummy(), other);
            println!("{lineup} {seed} {}", scores[seat]);
        }
    }
}
