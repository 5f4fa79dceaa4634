//! The public pages (home, leaderboards, bots, matches, replays) and the user's own bots.
//! Handlers only fetch (`queries`) and render (templates in `server/templates/`).

use super::session::{check_csrf, Csrf, CurrentUser, Layout, MaybeUser};
use crate::site::players::compiles::{self, CompileInfo};
use crate::site::read::queries::{
    self, BotDetail, GameSummary, LeaderboardEntry, MatchDetail, MyGameBots, RatingPoint,
};
use crate::site::sources::ladder;
use crate::site::state::AppState;
use askama::Template;
use axum::extract::rejection::{FormRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/games/{game}", get(leaderboard))
        .route("/bots/{id}", get(bot))
        .route("/bots/{id}/source", get(bot_source))
        .route("/matches/{id}", get(match_page))
        .route("/matches/{id}/replay", get(replay))
        .route("/me/bots", get(my_bots))
        .route("/me/representative", post(set_representative))
}

// ---------------------------------------------------------------------------------------------
// Rendering and errors

/// Renders a template with `status`.
fn render<T: Template>(status: StatusCode, page: &T) -> Response {
    match page.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(e) => {
            tracing::error!("rendering a page failed: {e}");
            (StatusCode::INTERNAL_SERVER_ERROR, "the page could not be rendered").into_response()
        }
    }
}

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    pub layout: Layout,
    pub heading: String,
    pub message: String,
}

/// A page that cannot be shown: rendered with `error.html` and its status.
pub struct PageError {
    status: StatusCode,
    page: ErrorPage,
}

impl PageError {
    pub fn new(layout: &Layout, status: StatusCode, message: impl Into<String>) -> PageError {
        let heading = match status {
            StatusCode::NOT_FOUND => "Not found",
            StatusCode::FORBIDDEN => "Not allowed",
            StatusCode::BAD_REQUEST => "Bad request",
            StatusCode::CONFLICT => "Not possible",
            _ => "Something went wrong",
        };
        PageError {
            status,
            page: ErrorPage { layout: layout.clone(), heading: heading.into(), message: message.into() },
        }
    }

    pub(crate) fn not_found(layout: &Layout, message: impl Into<String>) -> PageError {
        PageError::new(layout, StatusCode::NOT_FOUND, message)
    }

    /// A server-side failure: logged in full, shown in general terms.
    pub(crate) fn internal(layout: &Layout, error: impl std::fmt::Display) -> PageError {
        tracing::error!("page failed: {error}");
        PageError::new(layout, StatusCode::INTERNAL_SERVER_ERROR, "The server could not answer this time. Try again.")
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        render(self.status, &self.page)
    }
}

type PageResult = Result<Response, PageError>;

/// An id from the path; anything but a number names nothing.
pub(crate) fn path_id(layout: &Layout, id: Result<Path<i64>, PathRejection>, what: &str) -> Result<i64, PageError> {
    id.map(|Path(id)| id).map_err(|_| PageError::not_found(layout, format!("There is no such {what}.")))
}

/// Askama filters for the pages.
pub(crate) mod filters {
    use chrono::{DateTime, Utc};

    /// A timestamp, to the minute.
    #[askama::filter_fn]
    pub fn when(at: &DateTime<Utc>, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(at.format("%Y-%m-%d %H:%M UTC").to_string())
    }

    /// A fraction (0..1) as a percentage.
    #[askama::filter_fn]
    pub fn percent(x: &f64, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(format!("{:.1}%", x * 100.0))
    }

    /// A rating, mu or sigma.
    #[askama::filter_fn]
    pub fn num(x: &f64, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(format!("{x:.2}"))
    }
}

// ---------------------------------------------------------------------------------------------
// Home and leaderboards

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    games: std::sync::Arc<Vec<GameSummary>>,
}

async fn home(State(state): State<AppState>, user: MaybeUser, csrf: Csrf) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let games = state.cache.games(&state.pool).await.map_err(|e| PageError::internal(&layout, e))?;
    Ok(render(StatusCode::OK, &HomePage { layout, games }))
}

#[derive(Template)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    layout: Layout,
    game: String,
    title: String,
    entries: std::sync::Arc<Vec<LeaderboardEntry>>,
}

/// The site's menu, alone: what differs between readers of a shared page.
#[derive(Template)]
#[template(path = "nav.html")]
struct Nav<'a> {
    layout: &'a Layout,
}

/// A page that is the same for every reader but its menu (a leaderboard, the page of a
/// finished match the reader has no bot in): rendered once for an anonymous reader and kept in
/// the read cache ([`shared_html`]), then served with the reader's own menu in place of the
/// anonymous one ([`personal`]). Nothing personal is ever kept.
fn shared_html<T: Template>(state: &AppState, key: String, page: T) -> Result<std::sync::Arc<str>, askama::Error> {
    let html: std::sync::Arc<str> = page.render()?.into();
    state.cache.keep_page(key, html.clone());
    Ok(html)
}

/// A shared page with `layout`'s menu.
fn personal(layout: &Layout, html: std::sync::Arc<str>) -> Response {
    if layout.user.is_none() {
        return (StatusCode::OK, Html(html.to_string())).into_response();
    }
    match (anonymous_nav(), Nav { layout }.render()) {
        (Ok(theirs), Ok(mine)) => (StatusCode::OK, Html(html.replacen(theirs, &mine, 1))).into_response(),
        (Err(e), _) | (_, Err(e)) => super::accounts::internal_error(e),
    }
}

/// The anonymous menu as rendered in shared pages (the same for every request: rendered once).
fn anonymous_nav() -> Result<&'static str, askama::Error> {
    static NAV: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(nav) = NAV.get() {
        return Ok(nav);
    }
    let nav = Nav { layout: &anonymous() }.render()?;
    Ok(NAV.get_or_init(|| nav))
}

/// The anonymous layout shared pages are rendered with.
fn anonymous() -> Layout {
    Layout { user: None, csrf: String::new() }
}

async fn leaderboard(State(state): State<AppState>, user: MaybeUser, csrf: Csrf, game: Path<String>) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let Some(found) = engine::catalog::find(&game.0) else {
        let known: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
        return Err(PageError::not_found(
            &layout,
            format!("This server plays no game called “{}”. Games: {}.", game.0, known.join(", ")),
        ));
    };
    let key = format!("leaderboard/{}", found.name());
    let html = match state.cache.page(&key) {
        Some(hit) => hit,
        None => {
            let entries = state
                .cache
                .leaderboard(&state.pool, found.name())
                .await
                .map_err(|e| PageError::internal(&layout, e))?;
            let (game, title) = (found.name().into(), found.title().into());
            shared_html(&state, key, LeaderboardPage { layout: anonymous(), game, title, entries })
                .map_err(|e| PageError::internal(&layout, e))?
        }
    };
    Ok(personal(&layout, html))
}

// ---------------------------------------------------------------------------------------------
// Bots

/// The rating history as an SVG line chart, laid out here so that the template only draws it.
struct Chart {
    width: f64,
    height: f64,
    left: f64,
    right: f64,
    /// `x,y x,y ...` for the polyline.
    points: String,
    dots: Vec<ChartDot>,
    /// Horizontal grid lines: (y, label).
    grid: Vec<(f64, String)>,
}

struct ChartDot {
    x: f64,
    y: f64,
    label: String,
}

impl Chart {
    const WIDTH: f64 = 640.0;
    const HEIGHT: f64 = 200.0;
    const LEFT: f64 = 48.0;
    const RIGHT: f64 = 12.0;
    const TOP: f64 = 12.0;
    const BOTTOM: f64 = 12.0;
    const MAX_DOTS: usize = 100;

    fn new(history: &[RatingPoint]) -> Option<Chart> {
        let values: Vec<f64> = history.iter().map(|p| p.rating).filter(|v| v.is_finite()).collect();
        if values.is_empty() || values.len() != history.len() {
            return None;
        }
        let mut lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let mut hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        // A flat history still gets a visible band around it.
        if hi - lo < 1.0 {
            let mid = (hi + lo) / 2.0;
            (lo, hi) = (mid - 0.5, mid + 0.5);
        }
        let plot_w = Self::WIDTH - Self::LEFT - Self::RIGHT;
        let plot_h = Self::HEIGHT - Self::TOP - Self::BOTTOM;
        let x = |i: usize| {
            if values.len() == 1 {
                Self::LEFT + plot_w / 2.0
            } else {
                Self::LEFT + plot_w * i as f64 / (values.len() - 1) as f64
            }
        };
        let y = |v: f64| Self::TOP + plot_h * (hi - v) / (hi - lo);
        let mut dots: Vec<ChartDot> = history
            .iter()
            .enumerate()
            .map(|(i, p)| ChartDot {
                x: x(i),
                y: y(p.rating),
                label: format!("match {}: {:.2} (mu {:.2}, sigma {:.2})", p.match_id, p.rating, p.mu, p.sigma),
            })
            .collect();
        let points = dots.iter().map(|d| format!("{:.1},{:.1}", d.x, d.y)).collect::<Vec<_>>().join(" ");
        // A dot with its tooltip costs about 150 bytes: a long history is drawn as a line only.
        if dots.len() > Self::MAX_DOTS {
            dots.clear();
        }
        let grid = (0..=2).map(|k| lo + (hi - lo) * k as f64 / 2.0).map(|v| (y(v), format!("{v:.1}"))).collect();
        Some(Chart {
            width: Self::WIDTH,
            height: Self::HEIGHT,
            left: Self::LEFT,
            right: Self::WIDTH - Self::RIGHT,
            points,
            dots,
            grid,
        })
    }
}

#[derive(Template)]
#[template(path = "bot.html")]
struct BotPage {
    layout: Layout,
    bot: BotDetail,
    chart: Option<Chart>,
    /// The compile that built the bot from a source upload.
    compile: Option<CompileInfo>,
    /// Whether the viewer may read its source and messages (its owner or an admin).
    own_source: bool,
}

impl BotPage {
    fn compile_figures(&self) -> String {
        let Some(c) = &self.compile else { return String::new() };
        let secs = |ms: Option<i64>| ms.map(|ms| format!("{:.1} s", ms as f64 / 1000.0)).unwrap_or_else(|| "?".into());
        let mib = c
            .peak_memory_bytes
            .map(|b| format!("{:.0} MiB", b as f64 / (1u64 << 20) as f64))
            .unwrap_or_else(|| "?".into());
        format!("{} CPU, {} wall clock, peak memory {mib}", secs(c.cpu_ms), secs(c.wall_ms))
    }
}

async fn bot(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    id: Result<Path<i64>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let id = path_id(&layout, id, "bot")?;
    let bot = queries::bot_detail(&state.pool, id)
        .await
        .map_err(|e| PageError::internal(&layout, e))?
        .ok_or_else(|| PageError::not_found(&layout, format!("There is no bot #{id}.")))?;
    let chart = Chart::new(&bot.rating_history);
    let compile = compiles::of_bot(&state.pool, id).await.map_err(|e| PageError::internal(&layout, e))?;
    let own_source = layout.user.as_ref().is_some_and(|u| u.is_admin || u.username == bot.owner);
    Ok(render(StatusCode::OK, &BotPage { layout, bot, chart, compile, own_source }))
}

/// A bot's source (`/bots/{id}/source`), for its owner and admins only.
async fn bot_source(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> Response {
    match compiles::source_for(&state.pool, id, user.id, user.is_admin).await {
        Ok(Some((file_name, bytes))) => (
            [
                (header::CONTENT_TYPE, "text/x-c++src; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\"")),
            ],
            bytes,
        )
            .into_response(),
        Ok(None) => (StatusCode::NOT_FOUND, "no source of yours for this bot").into_response(),
        Err(e) => {
            tracing::error!("bot source: {e}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Matches and replays

#[derive(Template)]
#[template(path = "match.html")]
struct MatchPage {
    layout: Layout,
    m: MatchDetail,
    /// Why the replay is gone, when retention deleted it.
    replay_deleted: Option<String>,
    keep_stderr_days: u32,
    /// The sandbox limits, for the `arena run` command that plays the match again.
    limits: sandbox::Limits,
}

impl MatchPage {
    fn finished(&self) -> bool {
        !matches!(self.m.state.as_str(), "queued" | "running")
    }
    fn has_replay(&self) -> bool {
        self.m.state == "done" && self.replay_deleted.is_none()
    }
    /// The viewer's own seat of a played match with no stderr: retention deleted it.
    fn stderr_deleted(&self, p: &crate::site::read::queries::SeatDetail) -> bool {
        self.m.state == "done" && p.stderr.is_none() && self.layout.user.as_ref().is_some_and(|u| u.id == p.owner_id)
    }
    fn stderr_deleted_note(&self) -> String {
        stderr_deleted_note(self.keep_stderr_days)
    }
    /// Whether the reader may see a stderr here: an owner's seat with stderr, or an admin.
    fn stderr_panel(&self) -> bool {
        self.layout.user.as_ref().is_some_and(|u| u.is_admin) || self.m.players.iter().any(|p| p.stderr.is_some())
    }
    /// The embedded viewer's address; with its stderr panel for a reader who may see one.
    fn viewer_src(&self) -> String {
        let id = self.m.id;
        let mut src = format!("/viewer/viewer.html?replay=/matches/{id}/replay");
        if self.stderr_panel() {
            src.push_str(&format!("&stderr=/api/matches/{id}/stderr"));
        }
        src
    }
    /// A seat's stderr cut at its rounds, each with the viewer's address at that round.
    fn stderr_parts(&self, p: &crate::site::read::queries::SeatDetail) -> Vec<StderrPart> {
        let Some(text) = &p.stderr else { return Vec::new() };
        let index = crate::stderr_rounds::index_from_db(p.stderr_rounds.as_deref().unwrap_or_default());
        crate::stderr_rounds::split(text, &index)
            .into_iter()
            .map(|r| StderrPart {
                label: r.round.map_or_else(|| "before round 0".to_string(), |n| format!("round {n}")),
                href: format!("{}&seat={}#r={}", self.viewer_src(), p.seat, r.round.unwrap_or(0)),
                round: r.round.map_or(-1, i64::from),
                text: r.text,
            })
            .collect()
    }
    /// The `arena run` command that plays the match again (`site::reproduce`), built only
    /// when the page is rendered, not for every reader of a cached page.
    fn reproduce(&self) -> String {
        crate::site::read::reproduce::command(&self.m, &self.limits)
    }
    fn duration(&self) -> String {
        self.m.duration_ms.map(|ms| format!("{:.1} s", ms / 1000.0)).unwrap_or_default()
    }
}

/// One round of a seat's stderr on the match page.
struct StderrPart {
    label: String,
    href: String,
    /// -1 before the first round.
    round: i64,
    text: String,
}

async fn match_page(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    id: Result<Path<i64>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let id = path_id(&layout, id, "match")?;
    let viewer = layout.user.as_ref().map(|u| u.id);
    let m = state
        .cache
        .match_detail(&state.pool, id, viewer)
        .await
        .map_err(|e| PageError::internal(&layout, e))?
        .ok_or_else(|| PageError::not_found(&layout, format!("There is no match #{id}.")))?;
    let c = &state.config;
    let replay_deleted = replay_deleted_note(&m, c.keep_ladder_replays_days, chrono::Utc::now());
    let keep_stderr_days = c.keep_stderr_days;
    let limits = c.limits();
    let own_seat = viewer.is_some_and(|v| m.players.iter().any(|p| p.owner_id == v));
    let admin = layout.user.as_ref().is_some_and(|u| u.is_admin);
    if own_seat || admin || !crate::site::read::cache::is_final(&m.state) {
        return Ok(render(StatusCode::OK, &MatchPage { layout, m, replay_deleted, keep_stderr_days, limits }));
    }
    let key = format!("match/{id}");
    let html = match state.cache.page(&key) {
        Some(hit) => hit,
        None => {
            shared_html(&state, key, MatchPage { layout: anonymous(), m, replay_deleted, keep_stderr_days, limits })
                .map_err(|e| PageError::internal(&layout, e))?
        }
    };
    Ok(personal(&layout, html))
}

async fn replay(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    id: Result<Path<i64>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let id = path_id(&layout, id, "match")?;
    let (game, match_state) = queries::match_state(&state.pool, id)
        .await
        .map_err(|e| PageError::internal(&layout, e))?
        .ok_or_else(|| PageError::not_found(&layout, format!("There is no match #{id}.")))?;
    let bytes = state.replays.get(id).await.map_err(|e| PageError::internal(&layout, e))?;
    let Some(bytes) = bytes else {
        let why = match match_state.as_str() {
            "queued" | "running" => format!("Match #{id} is {match_state}: its replay exists once it has been played."),
            "done" => match crate::site::store::retention::replay_pruned_at(&state.pool, id).await {
                Ok(Some(_)) => format!(
                    "The replay of match #{id} was deleted (ladder replays are kept {} days).",
                    state.config.keep_ladder_replays_days
                ),
                _ => format!("The replay of match #{id} is missing from the replay store."),
            },
            other => format!("Match #{id} was not played ({other}), so it has no replay."),
        };
        return Err(PageError::not_found(&layout, why));
    };
    let disposition = format!("attachment; filename=\"arena-{game}-{id}.replay\"");
    Ok((
        [(header::CONTENT_TYPE, "application/octet-stream".to_string()), (header::CONTENT_DISPOSITION, disposition)],
        bytes,
    )
        .into_response())
}

// ---------------------------------------------------------------------------------------------
// My bots and the representative

#[derive(Template)]
#[template(path = "my_bots.html")]
struct MyBotsPage {
    layout: Layout,
    games: Vec<MyGameBots>,
}

async fn my_bots(State(state): State<AppState>, user: CurrentUser, csrf: Csrf) -> PageResult {
    let layout = Layout::new(&MaybeUser(Some(user.clone())), &csrf);
    let games = queries::my_bots(&state.pool, user.id).await.map_err(|e| PageError::internal(&layout, e))?;
    Ok(render(StatusCode::OK, &MyBotsPage { layout, games }))
}

#[derive(serde::Deserialize)]
struct RepresentativeForm {
    bot_id: i64,
    csrf: Option<String>,
}

async fn set_representative(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    form: Result<Form<RepresentativeForm>, FormRejection>,
) -> PageResult {
    let layout = Layout::new(&MaybeUser(Some(user.clone())), &csrf);
    let Ok(Form(form)) = form else {
        return Err(PageError::new(&layout, StatusCode::BAD_REQUEST, "The form needs a bot id."));
    };
    // Token-authenticated scripts carry no cookies, hence no CSRF token (see `session`).
    if !user.by_token {
        check_csrf(&headers, form.csrf.as_deref())
            .map_err(|e| PageError::new(&layout, StatusCode::FORBIDDEN, e.to_string()))?;
    }
    let bot: Option<(i64, String, String)> =
        queries::bot_owner(&state.pool, form.bot_id).await.map_err(|e| PageError::internal(&layout, e))?;
    let Some((owner, game, status)) = bot else {
        return Err(PageError::not_found(&layout, format!("There is no bot #{}.", form.bot_id)));
    };
    if owner != user.id {
        return Err(PageError::new(&layout, StatusCode::FORBIDDEN, "Only its owner can make a bot a representative."));
    }
    if status != "qualified" {
        return Err(PageError::new(
            &layout,
            StatusCode::CONFLICT,
            format!("Bot #{} is {status}: only a qualified bot can represent you.", form.bot_id),
        ));
    }
    let done: sqlx::Result<()> = async {
        let mut tx = state.pool.begin().await?;
        ladder::make_representative(&mut tx, user.id, &game, form.bot_id).await?;
        tx.commit().await
    }
    .await;
    done.map_err(|e| PageError::internal(&layout, e))?;
    state.cache.game_changed(&game);
    Ok(Redirect::to("/me/bots").into_response())
}

/// What the match page says instead of the replay when retention deleted it: when it was pruned,
/// or when the match is past the time ladder replays are kept (pruning, hourly, is then due; a
/// finished match's page may come from a cache filled before the pruning).
pub fn replay_deleted_note(
    m: &crate::site::read::queries::MatchDetail,
    ladder_replays_days: u32,
    now: chrono::DateTime<chrono::Utc>,
) -> Option<String> {
    let due = m.kind == "ladder"
        && m.state == "done"
        && ladder_replays_days > 0
        && m.finished_at.is_some_and(|f| f < now - chrono::Duration::days(ladder_replays_days.into()));
    if m.replay_pruned_at.is_none() && !due {
        return None;
    }
    Some(if ladder_replays_days > 0 {
        format!("The replay was deleted (ladder replays are kept {ladder_replays_days} days).")
    } else {
        "The replay was deleted (ladder replays were kept for a limited time).".into()
    })
}

/// What the match page says instead of a bot's stderr that retention deleted.
pub fn stderr_deleted_note(stderr_days: u32) -> String {
    if stderr_days > 0 {
        format!("Its standard error was deleted (it is kept {stderr_days} days).")
    } else {
        "Its standard error was deleted (it was kept for a limited time).".into()
    }
}
