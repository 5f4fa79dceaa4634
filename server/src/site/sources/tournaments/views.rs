//! What the tournament pages and their JSON twins show, read from the rows (and from the core
//! rebuilt from them for the status, the series tables and the standings).

use super::store::{self, EntrantRow, TournamentRow};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use tournament::{Outcome, Stage, Status, Tournament};

/// One seat of a tournament match.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// The entrant's name (its owner's username), or "Dummy".
    pub name: String,
    pub entrant: Option<usize>,
    pub score: Option<i64>,
    pub frozen: bool,
}

/// A tournament match, with what it decided once its turn is settled.
#[derive(Clone, Debug, Serialize)]
pub struct MatchView {
    pub match_id: i64,
    /// The queue's state: queued, running, done, failed.
    pub state: String,
    pub seed: i64,
    pub stage: String,
    pub stage_no: i32,
    pub turn: i32,
    pub index: i32,
    pub attempt: i32,
    pub players: Vec<SeatView>,
    /// Names saved (a cascade match).
    pub saved: Vec<String>,
    /// The name put out (a round's last match).
    pub out: Option<String>,
    /// Points per seat (a semifinal or final match).
    pub points: Option<Vec<u32>>,
    /// Tied at the boundary and played again with the next seed.
    pub replayed: bool,
    /// The seat-order tiebreak decided (after the last allowed replay).
    pub tiebreak: bool,
    /// What it decided, in words; empty until its turn is settled.
    pub decided: String,
}

impl MatchView {
    pub fn is_done(&self) -> bool {
        self.state == "done"
    }

    pub fn stage_label(&self) -> String {
        match self.stage.as_str() {
            "round" => format!("round {}, turn {}", self.stage_no, self.turn),
            "semifinal" => format!("semifinal {}", self.stage_no),
            _ => "final".into(),
        }
    }
}

/// Which matches to list.
pub enum Filter {
    Round(i32),
    Series,
    Entrant(i32),
}

fn name_of(entrants: &[EntrantRow], e: usize) -> String {
    entrants.get(e).map_or_else(|| format!("entrant {e}"), |r| r.name.clone())
}

type MatchRow = (
    i64,
    String,
    i64,
    String,
    i32,
    i32,
    i32,
    i32,
    Vec<i32>,
    Option<serde_json::Value>,
    bool,
    Vec<Option<i64>>,
    Vec<bool>,
);

/// The tournament's matches (not the withdrawn ones) in play order.
pub async fn matches(
    conn: &mut PgConnection,
    id: i64,
    entrants: &[EntrantRow],
    filter: Filter,
) -> sqlx::Result<Vec<MatchView>> {
    let (condition, arg) = match filter {
        Filter::Round(r) => ("tm.stage = 'round' AND tm.stage_no = $2", r),
        Filter::Series => ("tm.stage <> 'round' AND $2 = $2", 0),
        Filter::Entrant(e) => ("$2 = ANY(tm.entrants)", e),
    };
    let sql = format!(
        "SELECT tm.match_id, m.state, m.seed, tm.stage, tm.stage_no, tm.turn, tm.idx, tm.attempt, tm.entrants,
                tm.outcome, tm.tiebreak, array_agg(p.score ORDER BY p.seat),
                array_agg(p.frozen_reason IS NOT NULL ORDER BY p.seat)
         FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
         JOIN match_players p ON p.match_id = tm.match_id
         WHERE tm.tournament_id = $1 AND m.state <> 'cancelled' AND {condition}
         GROUP BY tm.match_id, m.id
         ORDER BY CASE tm.stage WHEN 'round' THEN 0 WHEN 'semifinal' THEN 1 ELSE 2 END, tm.stage_no, tm.turn,
                  tm.idx, tm.attempt, tm.match_id"
    );
    let rows: Vec<MatchRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(arg).fetch_all(&mut *conn).await?;
    Ok(rows.into_iter().map(|r| match_view(r, entrants)).collect())
}

fn match_view(r: MatchRow, entrants: &[EntrantRow]) -> MatchView {
    let (match_id, state, seed, stage, stage_no, turn, index, attempt, seats, outcome, tiebreak, scores, frozen) = r;
    let players = seats
        .iter()
        .enumerate()
        .map(|(s, &e)| {
            let entrant = usize::try_from(e).ok();
            SeatView {
                name: entrant.map_or_else(|| "Dummy".to_string(), |e| name_of(entrants, e)),
                entrant,
                score: scores.get(s).copied().flatten(),
                frozen: frozen.get(s).copied().unwrap_or(false),
            }
        })
        .collect();
    let outcome: Option<Outcome> = outcome.and_then(|v| serde_json::from_value(v).ok());
    let names = |e: usize| name_of(entrants, e);
    let mut view = MatchView {
        match_id,
        state,
        seed,
        stage,
        stage_no,
        turn,
        index,
        attempt,
        players,
        saved: Vec::new(),
        out: None,
        points: None,
        replayed: false,
        tiebreak,
        decided: outcome.as_ref().map(|o| super::lifecycle::outcome_words(o, &names)).unwrap_or_default(),
    };
    match outcome {
        Some(Outcome::Saved(s)) => view.saved = s.into_iter().map(names).collect(),
        Some(Outcome::Out(e)) => view.out = Some(names(e)),
        Some(Outcome::Points(p)) => view.points = Some(p.to_vec()),
        Some(Outcome::Replayed) => view.replayed = true,
        None => {}
    }
    if view.tiebreak {
        view.decided.push_str(" (tie: the earlier seat won)");
    }
    view
}

/// An entrant and how far it went.
#[derive(Clone, Debug, Serialize)]
pub struct EntrantView {
    pub name: String,
    pub user_id: i64,
    pub bot_id: i64,
    pub bot: String,
    pub alive: bool,
    pub eliminated_in_round: Option<u32>,
    pub eliminated_in_semifinal: Option<u32>,
    /// Final place (when the tournament is over).
    pub place: Option<u32>,
}

/// A finished round.
#[derive(Clone, Debug, Serialize)]
pub struct RoundSummary {
    pub round: u32,
    pub out: String,
    pub matches: i64,
}

/// A series group's table.
#[derive(Clone, Debug, Serialize)]
pub struct SeriesRow {
    pub name: String,
    pub points: u32,
    pub places: Vec<u32>,
    pub place: u32,
    pub advances: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeriesView {
    /// "semifinal 1, group 2" or "final".
    pub label: String,
    pub stage: String,
    pub group: u32,
    pub standings: Vec<SeriesRow>,
}

/// A line of the final standings (and of the CSV).
#[derive(Clone, Debug, Serialize)]
pub struct StandingRow {
    pub place: u32,
    pub user: String,
    pub bot: String,
    pub bot_id: i64,
    pub eliminated_in_round: Option<u32>,
    pub eliminated_in_semifinal: Option<u32>,
}

/// The tournament page.
#[derive(Clone, Debug, Serialize)]
pub struct Overview {
    pub tournament: TournamentRow,
    pub game_title: String,
    /// Where it is, in words.
    pub status: String,
    pub total_rounds: u32,
    pub entrants: Vec<EntrantView>,
    /// Names still in.
    pub survivors: Vec<String>,
    /// Finished rounds, the last first.
    pub rounds: Vec<RoundSummary>,
    /// The round being played, if any.
    pub current_round: Option<u32>,
    /// Finished semifinal groups and the final, with their tables.
    pub series: Vec<SeriesView>,
    /// Every semifinal and final match so far.
    pub series_matches: Vec<MatchView>,
    /// Final standings, once it is over (empty before).
    pub standings: Vec<StandingRow>,
    /// What the organiser's `.cnf` changes from the game's defaults, in words (None: no `.cnf`).
    pub parameters: Option<String>,
}

/// What a tournament's `.cnf` changes from the game's defaults: `nb_rounds=10 rows=20`, and
/// `FIXED board` when it has one (None without a `.cnf`; "the game's defaults" when it changes
/// nothing).
pub fn parameters(t: &TournamentRow) -> Option<String> {
    let text = t.config.as_deref()?;
    let Some(game) = engine::catalog::find(&t.game) else { return Some("(unknown game)".into()) };
    let config = match game.parse_config(text) {
        Ok(c) => c,
        Err(e) => return Some(format!("(the .cnf no longer parses: {e})")),
    };
    let defaults = engine::params::ParamValues::defaults(game.param_specs());
    let mut words: Vec<String> = config
        .params
        .iter()
        .filter(|&(name, v)| defaults.iter().any(|(d, dv)| d == name && dv != v))
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    if matches!(config.board, engine::cnf::BoardSource::Fixed(_)) {
        words.push("FIXED board".into());
    }
    Some(if words.is_empty() { "the game's defaults".into() } else { words.join(" ") })
}

/// The core of a started tournament (None before the start).
async fn core_of(
    conn: &mut PgConnection,
    t: &TournamentRow,
    entrants: &[EntrantRow],
) -> anyhow::Result<Option<Tournament>> {
    if entrants.is_empty() {
        return Ok(None);
    }
    Ok(Some(store::core(conn, t, entrants).await?))
}

fn status_words(t: &TournamentRow, core: Option<&Tournament>) -> String {
    let when = t.starts_at.format("%Y-%m-%d %H:%M UTC");
    let where_ = match core.map(Tournament::status) {
        None => String::new(),
        Some(Status::Round { round, turn, remaining }) => {
            format!("round {round} of {}, turn {turn}: {remaining} still in", core.map_or(0, Tournament::total_rounds))
        }
        Some(Status::Semifinal { level, remaining }) => format!("semifinal {level}: {remaining} players"),
        Some(Status::Final) => "the final".into(),
        Some(Status::Done) => "over".into(),
    };
    match t.state.as_str() {
        "scheduled" => format!("Scheduled: starts at {when}"),
        "running" => format!("Running: {where_}"),
        "paused" => format!("Paused at {where_}"),
        "done" => "Over".into(),
        _ => "Cancelled".into(),
    }
}

fn stage_label(stage: Stage, group: u32) -> (String, String) {
    match stage {
        Stage::Semifinal(l) => (format!("semifinal {l}, group {}", group + 1), "semifinal".into()),
        Stage::Final => ("final".into(), "final".into()),
        Stage::Round(r) => (format!("round {r}"), "round".into()),
    }
}

/// The final standings of a finished tournament (empty otherwise), best first.
fn standing_rows(core: &Tournament, entrants: &[EntrantRow]) -> Vec<StandingRow> {
    if !core.is_done() {
        return Vec::new();
    }
    core.standings()
        .into_iter()
        .filter_map(|s| {
            let e = entrants.get(s.entrant)?;
            Some(StandingRow {
                place: s.place,
                user: e.name.clone(),
                bot: e.bot_name.clone(),
                bot_id: e.bot_id,
                eliminated_in_round: s.eliminated_in_round,
                eliminated_in_semifinal: s.eliminated_in_semifinal,
            })
        })
        .collect()
}

pub async fn overview(pool: &PgPool, id: i64) -> anyhow::Result<Option<Overview>> {
    let mut conn = pool.acquire().await?;
    let Some(t) = store::tournament(&mut conn, id, false).await? else { return Ok(None) };
    let entrants = store::entrants(&mut conn, id).await?;
    let core = core_of(&mut conn, &t, &entrants).await?;
    let counts: Vec<(i32, i64)> = sqlx::query_as(
        "SELECT tm.stage_no, count(*) FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
         WHERE tm.tournament_id = $1 AND tm.stage = 'round' AND m.state <> 'cancelled' GROUP BY tm.stage_no",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let outs = store::outs(&mut conn, id).await?;
    let mut rounds: Vec<RoundSummary> = outs
        .iter()
        .enumerate()
        .map(|(i, &e)| RoundSummary {
            round: i as u32 + 1,
            out: name_of(&entrants, e),
            matches: counts.iter().find(|c| c.0 == i as i32 + 1).map_or(0, |c| c.1),
        })
        .collect();
    rounds.reverse();
    let standings = core.as_ref().map(|c| standing_rows(c, &entrants)).unwrap_or_default();
    let std = core.as_ref().map(Tournament::standings).unwrap_or_default();
    let entrant_views = entrants
        .iter()
        .map(|e| {
            let s = std.iter().find(|s| s.entrant == e.idx as usize);
            let place = standings.iter().find(|r| r.user == e.name).map(|r| r.place);
            EntrantView {
                name: e.name.clone(),
                user_id: e.user_id,
                bot_id: e.bot_id,
                bot: e.bot_name.clone(),
                alive: core.as_ref().is_some_and(|c| c.alive().contains(&(e.idx as usize))),
                eliminated_in_round: s.and_then(|s| s.eliminated_in_round),
                eliminated_in_semifinal: s.and_then(|s| s.eliminated_in_semifinal),
                place,
            }
        })
        .collect::<Vec<_>>();
    let survivors = match &core {
        Some(c) if !c.is_done() => c.alive().iter().map(|&e| name_of(&entrants, e)).collect(),
        _ => Vec::new(),
    };
    let series = core
        .as_ref()
        .map(|c| {
            c.series()
                .iter()
                .map(|s| {
                    let (label, stage) = stage_label(s.stage, s.group);
                    SeriesView {
                        label,
                        stage,
                        group: s.group,
                        standings: s
                            .standings
                            .iter()
                            .map(|r| SeriesRow {
                                name: name_of(&entrants, r.entrant),
                                points: r.points,
                                places: r.places.to_vec(),
                                place: r.place,
                                advances: r.advances,
                            })
                            .collect(),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let series_matches = matches(&mut conn, id, &entrants, Filter::Series).await?;
    let current_round = match core.as_ref().map(Tournament::status) {
        Some(Status::Round { round, .. }) if t.state != "done" => Some(round),
        _ => None,
    };
    let game_title = engine::catalog::find(&t.game).map_or_else(|| t.game.clone(), |g| g.title().to_string());
    Ok(Some(Overview {
        status: status_words(&t, core.as_ref()),
        parameters: parameters(&t),
        total_rounds: core.as_ref().map_or(0, Tournament::total_rounds),
        tournament: t,
        game_title,
        entrants: entrant_views,
        survivors,
        rounds,
        current_round,
        series,
        series_matches,
        standings,
    }))
}

/// One turn of a round.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    pub turn: i32,
    pub matches: Vec<MatchView>,
}

/// A round's page.
#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    pub tournament_id: i64,
    pub tournament: String,
    pub round: u32,
    pub out: Option<String>,
    /// Set when the out was alone in the last turn's pool (out without playing).
    pub out_alone: bool,
    pub turns: Vec<TurnView>,
}

pub async fn round(pool: &PgPool, id: i64, round: u32) -> anyhow::Result<Option<RoundView>> {
    let mut conn = pool.acquire().await?;
    let Some(t) = store::tournament(&mut conn, id, false).await? else { return Ok(None) };
    let entrants = store::entrants(&mut conn, id).await?;
    let all = matches(&mut conn, id, &entrants, Filter::Round(round as i32)).await?;
    let outs = store::outs(&mut conn, id).await?;
    let out = outs.get(round as usize - 1).map(|&e| name_of(&entrants, e));
    if all.is_empty() && out.is_none() {
        return Ok(None);
    }
    let mut turns: Vec<TurnView> = Vec::new();
    for m in all {
        match turns.last_mut() {
            Some(turn) if turn.turn == m.turn => turn.matches.push(m),
            _ => turns.push(TurnView { turn: m.turn, matches: vec![m] }),
        }
    }
    let out_alone = out.is_some() && !turns.iter().flat_map(|t| &t.matches).any(|m| m.out.is_some());
    Ok(Some(RoundView { tournament_id: id, tournament: t.name, round, out, out_alone, turns }))
}

/// A step of a player's path: a match it played and what it meant for it.
#[derive(Clone, Debug, Serialize)]
pub struct PathStep {
    pub label: String,
    /// For this player: saved, not saved, out, stays in, replayed, N points, or waiting.
    pub verdict: String,
    /// None for a turn not played: alone in the pool, out without playing.
    #[serde(rename = "match")]
    pub the_match: Option<MatchView>,
}

/// A player's way through a tournament.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerPath {
    pub tournament_id: i64,
    pub tournament: String,
    pub entrant: EntrantView,
    pub steps: Vec<PathStep>,
}

pub async fn player(pool: &PgPool, id: i64, name: &str) -> anyhow::Result<Option<PlayerPath>> {
    let Some(overview) = overview(pool, id).await? else { return Ok(None) };
    let mut conn = pool.acquire().await?;
    let entrants = store::entrants(&mut conn, id).await?;
    let Some(me) = entrants.iter().find(|e| e.name.eq_ignore_ascii_case(name)) else { return Ok(None) };
    let Some(view) = overview.entrants.iter().find(|e| e.name == me.name).cloned() else { return Ok(None) };
    let mut steps: Vec<PathStep> = matches(&mut conn, id, &entrants, Filter::Entrant(me.idx))
        .await?
        .into_iter()
        .map(|m| {
            let seat = m.players.iter().position(|p| p.entrant == Some(me.idx as usize));
            let verdict = if m.replayed {
                "tied: replayed".to_string()
            } else if let (Some(points), Some(s)) = (&m.points, seat) {
                format!("{} points", points[s])
            } else if m.decided.is_empty() {
                if m.is_done() {
                    "waiting for the turn's other matches".into()
                } else {
                    m.state.to_string()
                }
            } else if m.stage == "round" && m.out.is_some() {
                if m.out.as_deref() == Some(me.name.as_str()) {
                    "out".into()
                } else {
                    "stays in".into()
                }
            } else if m.saved.contains(&me.name) {
                "saved".into()
            } else {
                "not saved: plays the next turn".into()
            };
            PathStep { label: m.stage_label(), verdict, the_match: Some(m) }
        })
        .collect();
    if let Some(round) = view.eliminated_in_round {
        let last = steps
            .iter()
            .filter_map(|s| s.the_match.as_ref())
            .rfind(|m| m.stage == "round" && m.stage_no == round as i32);
        if last.is_some_and(|m| m.out.is_none()) || last.is_none() {
            let turn = last.map_or(1, |m| m.turn + 1);
            steps.push(PathStep {
                label: format!("round {round}, turn {turn}"),
                verdict: "out: alone in the pool, out without playing".into(),
                the_match: None,
            });
        }
    }
    Ok(Some(PlayerPath { tournament_id: id, tournament: overview.tournament.name, entrant: view, steps }))
}

/// The final standings as CSV (user, bot, place, eliminated in round), best place first. A
/// tournament played with a `.cnf` says so first, in a `#` comment line ([`parameters`]).
pub fn standings_csv(parameters: Option<&str>, rows: &[StandingRow]) -> String {
    let mut out = String::new();
    if let Some(p) = parameters {
        out.push_str(&format!("# parameters (.cnf): {}\n", p.replace(['\n', '\r'], " ")));
    }
    out.push_str("user,bot,place,eliminated_in_round\n");
    for r in rows {
        let round = r.eliminated_in_round.map(|r| r.to_string()).unwrap_or_default();
        out.push_str(&format!("{},{},{},{}\n", csv_field(&r.user), csv_field(&r.bot), r.place, round));
    }
    out
}

/// RFC 4180 quoting when needed (names are restricted, but a CSV must never break).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The tournaments list.
pub async fn list(pool: &PgPool) -> sqlx::Result<Vec<TournamentRow>> {
    let mut conn = pool.acquire().await?;
    store::all(&mut conn).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_only_when_needed() {
        let rows = vec![
            StandingRow {
                place: 1,
                user: "ana".into(),
                bot: "Ace".into(),
                bot_id: 1,
                eliminated_in_round: None,
                eliminated_in_semifinal: None,
            },
            StandingRow {
                place: 2,
                user: "b,\"c\"".into(),
                bot: "X".into(),
                bot_id: 2,
                eliminated_in_round: Some(3),
                eliminated_in_semifinal: None,
            },
        ];
        assert_eq!(
            standings_csv(None, &rows),
            "user,bot,place,eliminated_in_round\nana,Ace,1,\n\"b,\"\"c\"\"\",X,2,3\n"
        );
        assert!(standings_csv(Some("nb_rounds=10"), &rows)
            .starts_with("# parameters (.cnf): nb_rounds=10\nuser,bot,place,eliminated_in_round\n"));
    }
}
