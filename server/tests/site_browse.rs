//! Browsing: a game's match list (filters, keyset pages, bad filters), user profiles, a bot's
//! statistics (checked against a recomputation from the rows the test inserts) and the bot
//! page's size, through the router against a real Postgres database.

mod support;

use arena::site::state::AppState;
use axum::http::StatusCode;
use chrono::{DateTime, Duration, TimeZone, Utc};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

use support::http::get;

// ---------------------------------------------------------------------------------------------
// Fixtures

/// A Pandemic bot row for `user` (any stored module), with `status`.
async fn add_bot(state: &AppState, user: i64, name: &str, status: &str) -> i64 {
    let hash: String =
        sqlx::query_scalar("SELECT hash FROM wasm_modules ORDER BY hash LIMIT 1").fetch_one(&state.pool).await.unwrap();
    sqlx::query_scalar(
        "INSERT INTO bots (game, name, user_id, wasm_hash, status, verdict, qualified_at)
         VALUES ('pandemic', $1, $2, $3, $4, $5, CASE WHEN $4 = 'qualified' THEN now() END) RETURNING id",
    )
    .bind(name)
    .bind(user)
    .bind(hash)
    .bind(status)
    .bind(format!("verdict of {name}"))
    .fetch_one(&state.pool)
    .await
    .unwrap()
}

/// One seat as inserted: bot, place, score, CPU share, freeze reason.
#[derive(Clone, Debug)]
struct Seat {
    bot: i64,
    place: Option<i16>,
    score: Option<i64>,
    cpu: Option<f64>,
    frozen: Option<&'static str>,
}

impl Seat {
    fn plain(bot: i64) -> Seat {
        Seat { bot, place: Some(1), score: Some(0), cpu: Some(0.25), frozen: None }
    }
}

/// One match as inserted.
#[derive(Clone, Debug)]
struct Inserted {
    id: i64,
    kind: &'static str,
    state: &'static str,
    /// When it finished (None: queued, its time is its creation).
    finished_at: Option<DateTime<Utc>>,
    seats: Vec<Seat>,
}

async fn insert_match(
    state: &AppState,
    game: &str,
    kind: &'static str,
    match_state: &'static str,
    finished_at: Option<DateTime<Utc>>,
    subject: Option<i64>,
    seats: Vec<Seat>,
) -> Inserted {
    let mut tx = state.pool.begin().await.unwrap();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed, subject_bot_id, state, finished_at)
         VALUES ($1, $2, 10, 1, $3, $4, $5) RETURNING id",
    )
    .bind(game)
    .bind(kind)
    .bind(subject)
    .bind(match_state)
    .bind(finished_at)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    for (seat, s) in seats.iter().enumerate() {
        sqlx::query(
            "INSERT INTO match_players (match_id, seat, bot_id, score, rank, cpu, frozen_reason, frozen_round)
             VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 IS NOT NULL THEN 3 END)",
        )
        .bind(id)
        .bind(seat as i16)
        .bind(s.bot)
        .bind(s.score)
        .bind(s.place)
        .bind(s.cpu)
        .bind(s.frozen)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    Inserted { id, kind, state: match_state, finished_at, seats }
}

/// A small deterministic generator (the test's data is the same on every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

fn base() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 3, 1, 0, 0, 0).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Match lists

/// Follows a list's `older` links from `first` (JSON API) and returns the ids in order, checking
/// each page's size; then follows `newer` back from the last page and checks it retraces them.
async fn walk_api(state: &AppState, first: &str) -> Vec<i64> {
    let mut pages: Vec<Vec<i64>> = Vec::new();
    let mut url = Some(first.to_string());
    while let Some(u) = url {
        let reply = get(state, &u, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{u}: {}", reply.text());
        let json = reply.json();
        let ids: Vec<i64> = json["matches"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect();
        assert!(ids.len() <= 50, "{u}: {} matches on a page", ids.len());
        pages.push(ids);
        url = json["older"].as_str().map(str::to_string);
        if url.is_some() {
            assert_eq!(pages.last().unwrap().len(), 50, "only the last page is short");
        }
        assert!(pages.len() < 20, "no end to the pages");
    }
    // Back again through the newer links.
    let mut back: Vec<Vec<i64>> = Vec::new();
    let last_page = pages.last().unwrap().clone();
    let mut newer = if pages.len() > 1 {
        let reply = get(state, &format!("{first}{}before={}", sep(first), last_page[0] + 1), None).await.json();
        back.push(ids_of(&reply));
        reply["newer"].as_str().map(str::to_string)
    } else {
        None
    };
    while let Some(u) = newer {
        let reply = get(state, &u, None).await.json();
        back.push(ids_of(&reply));
        newer = reply["newer"].as_str().map(str::to_string);
        assert!(back.len() < 20);
    }
    if pages.len() > 1 {
        back.reverse();
        assert_eq!(back, pages, "the newer links retrace the older ones");
    }
    pages.concat()
}

fn sep(url: &str) -> &'static str {
    if url.contains('?') {
        "&"
    } else {
        "?"
    }
}

fn ids_of(json: &Value) -> Vec<i64> {
    json["matches"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect()
}

/// The ids a filter should list, newest first.
fn expected(all: &[Inserted], keep: impl Fn(&Inserted) -> bool) -> Vec<i64> {
    let mut ids: Vec<i64> = all.iter().filter(|m| keep(m)).map(|m| m.id).collect();
    ids.sort_unstable_by(|a, b| b.cmp(a));
    ids
}

/// An attribute value in a page (`name="value"` after `marker`), with `&amp;` decoded.
fn attr_after(html: &str, marker: &str) -> Option<String> {
    let rest = html.split(marker).nth(1)?;
    let value = rest.split("href=\"").nth(1)?.split('"').next()?;
    Some(value.replace("&amp;", "&"))
}

#[tokio::test]
async fn the_match_list_filters_and_pages_without_duplicates_or_gaps() {
    let site = support::site().await;
    let state = site.state.clone();
    let (alice, bob, carol) = (site.user("alice").await, site.user("bob").await, site.user("carol").await);
    let a1 = add_bot(&state, alice, "AliceOne", "qualified").await;
    let a2 = add_bot(&state, alice, "AliceTwo", "qualified").await;
    let b1 = add_bot(&state, bob, "BobOne", "qualified").await;
    let c1 = add_bot(&state, carol, "CarolOne", "qualified").await;
    let dummy = support::house(&site, "Dummy").await;
    let demo = support::house(&site, "Demo").await;
    let pool = [a1, a2, b1, c1, dummy, demo];
    let kinds = ["ladder", "ladder", "tournament", "practice", "qualification"];

    let mut rng = Lcg(7);
    let mut all: Vec<Inserted> = Vec::new();
    for i in 0..137 {
        let kind = rng.pick(&kinds);
        let mut bots = vec![rng.pick(&pool)];
        while bots.len() < 4 {
            bots.push(if rng.below(3) == 0 { dummy } else { rng.pick(&pool) });
        }
        let seats = bots.into_iter().map(Seat::plain).collect();
        // Every 3 hours from 1 March; a few still queued (their time is now).
        let (st, at) = if i % 29 == 5 { ("queued", None) } else { ("done", Some(base() + Duration::hours(3 * i))) };
        all.push(insert_match(&state, "pandemic", kind, st, at, None, seats).await);
    }
    // Another game's matches never show.
    let ork = support::house_of(&site, "ork-island", "Dummy").await;
    for _ in 0..3 {
        insert_match(&state, "ork-island", "ladder", "done", Some(base()), None, vec![Seat::plain(ork); 4]).await;
    }
    let has = |m: &Inserted, bots: &[i64]| m.seats.iter().any(|s| bots.contains(&s.bot));
    let at = |m: &Inserted| m.finished_at.unwrap_or_else(Utc::now);

    let cases: Vec<(String, Vec<i64>)> = vec![
        ("".into(), expected(&all, |_| true)),
        ("?bot=&user=&kind=&from=&to=".into(), expected(&all, |_| true)),
        (format!("?bot={a1}"), expected(&all, |m| has(m, &[a1]))),
        ("?user=alice".into(), expected(&all, |m| has(m, &[a1, a2]))),
        ("?user=ALICE".into(), expected(&all, |m| has(m, &[a1, a2]))),
        ("?user=house".into(), expected(&all, |m| has(m, &[dummy, demo]))),
        ("?kind=ladder".into(), expected(&all, |m| m.kind == "ladder")),
        ("?kind=practice&user=bob".into(), expected(&all, |m| m.kind == "practice" && has(m, &[b1]))),
        (
            "?from=2025-03-03&to=2025-03-05".into(),
            expected(&all, |m| {
                m.finished_at.is_some_and(|t| {
                    t >= Utc.with_ymd_and_hms(2025, 3, 3, 0, 0, 0).unwrap()
                        && t < Utc.with_ymd_and_hms(2025, 3, 6, 0, 0, 0).unwrap()
                })
            }),
        ),
        // Exact times are included at both ends.
        (
            "?from=2025-03-03T12:00:00Z&to=2025-03-04T00:00:00Z".into(),
            expected(&all, |m| {
                m.finished_at.is_some_and(|t| {
                    t >= Utc.with_ymd_and_hms(2025, 3, 3, 12, 0, 0).unwrap()
                        && t <= Utc.with_ymd_and_hms(2025, 3, 4, 0, 0, 0).unwrap()
                })
            }),
        ),
        ("?from=2025-03-10".into(), expected(&all, |m| at(m) >= Utc.with_ymd_and_hms(2025, 3, 10, 0, 0, 0).unwrap())),
    ];
    for (query, want) in &cases {
        assert!(!want.is_empty(), "{query}: the fixture covers it");
        let got = walk_api(&state, &format!("/api/games/pandemic/matches{query}")).await;
        assert_eq!(&got, want, "{query}");
    }
    // The unfiltered list is three pages; the boundary times above are in the data.
    assert!(cases[0].1.len() > 100);
    assert!(cases[9].1.len() >= 2 && cases[9].1.len() <= 5, "{:?}", cases[9].1);

    // Each listed match carries its four seats, with places and scores.
    let first = get(&state, "/api/games/pandemic/matches?kind=ladder", None).await.json();
    let m0 = &first["matches"][0];
    let inserted = all.iter().find(|m| m.id == m0["id"].as_i64().unwrap()).unwrap();
    assert_eq!(m0["kind"], "ladder");
    assert_eq!(m0["state"], inserted.state);
    let players = m0["players"].as_array().unwrap();
    assert_eq!(players.len(), 4);
    for (p, s) in players.iter().zip(&inserted.seats) {
        assert_eq!(p["bot_id"].as_i64(), Some(s.bot));
        assert_eq!(p["place"], 1);
        assert_eq!(p["score"], 0);
        assert!(p.get("stderr").is_none(), "no stderr in lists");
    }
    assert_eq!(first["filters"]["kind"], "ladder");
    assert_eq!(first["page_size"], 50);
    assert!(first["newer"].is_null());

    // The page: the same matches, pages linked with the filters kept, the form filled in.
    let mut url = Some("/games/pandemic/matches?user=alice&kind=ladder".to_string());
    let mut seen: Vec<i64> = Vec::new();
    let mut pages = 0;
    while let Some(u) = url {
        let page = get(&state, &u, None).await;
        assert_eq!(page.status, StatusCode::OK);
        let html = page.text();
        assert!(html.contains(r#"name="user" value="alice""#), "{html}");
        assert!(html.contains(r#"<option value="ladder" selected>"#), "{html}");
        assert!(html.contains(r#"<div class="table-scroll">"#));
        assert!(html.contains(r#"href="/users/alice""#), "owners link to their profiles");
        seen.extend(
            html.split("<tr id=\"match-").skip(1).map(|s| s.split('"').next().unwrap().parse::<i64>().unwrap()),
        );
        url = attr_after(&html, "id=\"older\"");
        if let Some(u) = &url {
            assert!(u.contains("user=alice") && u.contains("kind=ladder") && u.contains("before="), "{u}");
        }
        pages += 1;
        assert!(pages < 10);
    }
    assert_eq!(seen, expected(&all, |m| m.kind == "ladder" && has(m, &[a1, a2])));
    let empty = get(&state, "/games/pandemic/matches?kind=sanity", None).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.text().contains("id=\"no-matches\""));
}

#[tokio::test]
async fn bad_filters_are_refused_with_the_reason() {
    let site = support::site().await;
    let state = site.state.clone();
    site.user("alice").await;
    let ork = support::house_of(&site, "ork-island", "Dummy").await;
    let cases: Vec<(String, &str)> = vec![
        ("bot=abc".into(), "not a bot number"),
        ("bot=999999".into(), "no bot #999999"),
        (format!("bot={ork}"), "plays ork-island, not pandemic"),
        ("user=nobody".into(), "no user called “nobody”"),
        ("kind=friendly".into(), "“friendly” is not a kind of match; the kinds are sanity, qualification, ladder"),
        ("from=2025-13-01".into(), "from: “2025-13-01” is neither a date"),
        ("to=yesterday".into(), "to: “yesterday” is neither a date"),
        ("from=-4000-01-01".into(), "from: “-4000-01-01” is neither a date"),
        ("from=2025-03-05&to=2025-03-04".into(), "from (2025-03-05) is after to (2025-03-04)"),
        ("before=-3".into(), "before: “-3” is not a match number"),
        ("after=x".into(), "after: “x” is not a match number"),
        ("before=5&after=3".into(), "before and after cannot be used together"),
        ("bot=1&bot=2".into(), "the query string could not be read"),
    ];
    for (query, reason) in &cases {
        let api = get(&state, &format!("/api/games/pandemic/matches?{query}"), None).await;
        assert_eq!(api.status, StatusCode::BAD_REQUEST, "{query}: {}", api.text());
        let error = api.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(reason), "{query}: {error}");

        let page = get(&state, &format!("/games/pandemic/matches?{query}"), None).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{query}");
        let html = page.text();
        assert!(html.contains("id=\"filter-error\""), "{query}: {html}");
        assert!(html.contains("id=\"match-filters\""), "the form stays, to correct the filter");
        assert!(!html.contains("id=\"matches\""));
    }
    // The page shows what was typed back in the form.
    let html = get(&state, "/games/pandemic/matches?user=nobody", None).await.text();
    assert!(html.contains(r#"name="user" value="nobody""#), "{html}");

    assert_eq!(get(&state, "/games/chess/matches", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&state, "/api/games/chess/matches", None).await.status, StatusCode::NOT_FOUND);
}

// ---------------------------------------------------------------------------------------------
// Profiles

#[tokio::test]
async fn the_profile_lists_bots_ratings_and_qualification_history() {
    let site = support::site().await;
    let state = site.state.clone();
    let alice = site.user("alice").await;
    let bob = site.user("bob").await;
    let rep =
        support::qualified_representative(&site, "pandemic", alice, "AliceRep", support::house_wasm("Dummy")).await;
    let failed = add_bot(&state, alice, "AliceFailed", "failed").await;
    let retired = add_bot(&state, alice, "AliceOld", "qualified").await;
    sqlx::query("UPDATE bots SET retired_at = now() WHERE id = $1").bind(retired).execute(&state.pool).await.unwrap();
    let pending = add_bot(&state, alice, "AliceNew", "qualifying").await;
    let bobs = add_bot(&state, bob, "BobBot", "qualified").await;

    // Qualification runs: the failed bot's two matches, the retired bot's five, the new bot's
    // sanity match still queued.
    let dummy = support::house(&site, "Dummy").await;
    let at = base();
    let q = |bot: i64, kind: &'static str, st: &'static str, h: i64| {
        let state = state.clone();
        async move {
            let seats = if kind == "sanity" {
                vec![Seat::plain(bot); 4]
            } else {
                vec![Seat::plain(bot), Seat::plain(dummy), Seat::plain(dummy), Seat::plain(dummy)]
            };
            let finished = (st == "done").then(|| at + Duration::hours(h));
            insert_match(&state, "pandemic", kind, st, finished, Some(bot), seats).await.id
        }
    };
    let failed_runs = vec![q(failed, "sanity", "done", 1).await, q(failed, "qualification", "done", 2).await];
    let mut retired_runs = vec![q(retired, "sanity", "done", 3).await];
    for h in 4..8 {
        retired_runs.push(q(retired, "qualification", "done", h).await);
    }
    let pending_run = q(pending, "sanity", "queued", 0).await;
    q(bobs, "sanity", "done", 9).await;

    let page = get(&state, "/users/alice", None).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    for name in ["AliceRep", "AliceFailed", "AliceOld", "AliceNew"] {
        assert!(html.contains(&format!(">{name}</a>")), "{name}: {html}");
    }
    assert!(!html.contains("BobBot"), "only her bots");
    for status in ["qualified", "failed", "retired", "qualifying"] {
        assert!(html.contains(&format!("class=\"status status-{status}\">{status}</span>")), "{status}: {html}");
    }
    assert!(html.contains("class=\"representative-mark\""));
    assert!(html.contains("on the leaderboard"), "{html}");
    assert!(html.contains("id=\"qualification-history\""));
    for id in failed_runs.iter().chain(&retired_runs).chain([&pending_run]) {
        assert!(html.contains(&format!("href=\"/matches/{id}\"")), "match {id} linked: {html}");
    }
    assert!(html.contains("verdict of AliceFailed"));
    assert!(html.contains(r#"href="/games/pandemic/matches?user=alice""#));

    let json = get(&state, "/api/users/alice", None).await.json();
    assert_eq!(json["username"], "alice");
    let game = &json["games"][0];
    assert_eq!(game["game"], "pandemic");
    assert_eq!(game["representative"], rep);
    assert!(game["ladder_rank"].as_u64().is_some_and(|r| (1..=4).contains(&r)), "{game}");
    let bots = game["bots"].as_array().unwrap();
    let status_of = |id: i64| bots.iter().find(|b| b["id"] == id).map(|b| b["status"].as_str().unwrap().to_string());
    assert_eq!(status_of(rep).as_deref(), Some("qualified"));
    assert_eq!(status_of(failed).as_deref(), Some("failed"));
    assert_eq!(status_of(retired).as_deref(), Some("retired"));
    assert_eq!(status_of(pending).as_deref(), Some("qualifying"));
    assert!(bots.iter().find(|b| b["id"] == rep).unwrap()["rating"]["mu"].is_number());
    assert_eq!(bots.iter().filter(|b| b["is_representative"] == true).count(), 1);

    // Newest run first; the rep's matches were dropped (qualified by the fixture): no run.
    let runs = json["qualification"].as_array().unwrap();
    let run = |bot: i64| runs.iter().find(|r| r["bot_id"] == bot).unwrap_or_else(|| panic!("run of {bot}: {runs:?}"));
    assert_eq!(runs.len(), 3, "{runs:?}");
    assert_eq!(runs[0]["bot_id"], pending);
    let ids =
        |r: &Value| -> Vec<i64> { r["matches"].as_array().unwrap().iter().map(|m| m.as_i64().unwrap()).collect() };
    assert_eq!(ids(run(failed)), failed_runs);
    assert_eq!(ids(run(retired)), retired_runs);
    assert_eq!(run(retired)["status"], "qualified", "the qualification's verdict, not retirement");
    assert_eq!(run(failed)["status"], "failed");
    assert_eq!(run(failed)["verdict"], "verdict of AliceFailed");
    assert!(run(pending)["finished_at"].is_null(), "still running");
    let finished: DateTime<Utc> = serde_json::from_value(run(retired)["finished_at"].clone()).unwrap();
    assert_eq!(finished, at + Duration::hours(7));

    // Usernames are case-insensitive; unknown ones are 404.
    assert_eq!(get(&state, "/users/ALICE", None).await.status, StatusCode::OK);
    assert_eq!(get(&state, "/users/nobody", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&state, "/api/users/nobody", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&state, "/users/house", None).await.status, StatusCode::OK);

    // Usernames link to the profile on the leaderboard, the bot page and the match page.
    let board = get(&state, "/games/pandemic", None).await.text();
    assert!(board.contains(r#"<a href="/users/alice">alice</a>"#), "{board}");
    assert!(board.contains(r#"<a href="/users/house">house</a>"#));
    let bot_page = get(&state, &format!("/bots/{failed}"), None).await.text();
    assert!(bot_page.contains(r#"<a href="/users/alice">alice</a>"#));
    let match_page = get(&state, &format!("/matches/{}", failed_runs[1]), None).await.text();
    assert!(
        match_page.contains(r#"<a href="/users/alice">alice</a>"#) && match_page.contains(r#"href="/users/house""#)
    );
}

// ---------------------------------------------------------------------------------------------
// Bot statistics

/// `percentile_cont(p)` of sorted values, as Postgres computes it.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let pos = p * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (pos - lo as f64) * (sorted[hi] - sorted[lo])
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn assert_close(got: &Value, want: Option<f64>, what: &str) {
    match want {
        None => assert!(got.is_null(), "{what}: {got} instead of null"),
        Some(w) => {
            let g = got.as_f64().unwrap_or_else(|| panic!("{what}: {got} is not a number"));
            assert!(close(g, w), "{what}: {g} != {w}");
        }
    }
}

/// What the statistics of `me` should be, recomputed from the inserted matches.
struct Expected {
    by_kind: BTreeMap<String, i64>,
    matches: i64,
    wins: i64,
    mean_place: Option<f64>,
    mean_score: Option<f64>,
    cpu: Vec<f64>,
    histogram: [i64; 10],
    freezes: Vec<(String, i64)>,
    /// (bot, matches, wins, place sum, above, below), in the API's order, top 10.
    opponents: Vec<(i64, i64, i64, i64, i64, i64)>,
}

fn recompute(me: i64, all: &[Inserted]) -> Expected {
    let mut by_kind = BTreeMap::new();
    let (mut matches, mut wins, mut places, mut scores) = (0, 0, Vec::new(), Vec::new());
    let (mut cpu, mut histogram, mut freezes) = (Vec::new(), [0i64; 10], BTreeMap::<String, i64>::new());
    let mut opponents: HashMap<i64, (i64, i64, i64, i64, i64)> = HashMap::new();
    for m in all.iter().filter(|m| m.state == "done") {
        // Its first seat stands.
        let Some(mine) = m.seats.iter().find(|s| s.bot == me) else { continue };
        *by_kind.entry(m.kind.to_string()).or_insert(0) += 1;
        if matches!(m.kind, "sanity" | "qualification") {
            continue;
        }
        matches += 1;
        let place = mine.place.unwrap();
        wins += i64::from(place == 1);
        places.push(f64::from(place));
        scores.push(mine.score.unwrap() as f64);
        if let Some(c) = mine.cpu.filter(|c| *c >= 0.0) {
            cpu.push(c);
            histogram[((c * 10.0).floor() as usize).min(9)] += 1;
        }
        if let Some(reason) = mine.frozen {
            *freezes.entry(reason.to_string()).or_insert(0) += 1;
        }
        // Each opponent once, at its best place.
        let mut best: HashMap<i64, i16> = HashMap::new();
        for s in m.seats.iter().filter(|s| s.bot != me) {
            let p = best.entry(s.bot).or_insert(i16::MAX);
            *p = (*p).min(s.place.unwrap());
        }
        for (bot, theirs) in best {
            let o = opponents.entry(bot).or_default();
            o.0 += 1;
            o.1 += i64::from(place == 1);
            o.2 += i64::from(place);
            o.3 += i64::from(place < theirs);
            o.4 += i64::from(place > theirs);
        }
    }
    let mean = |v: &[f64]| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
    let mut freezes: Vec<(String, i64)> = freezes.into_iter().collect();
    freezes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut opponents: Vec<(i64, i64, i64, i64, i64, i64)> =
        opponents.into_iter().map(|(bot, o)| (bot, o.0, o.1, o.2, o.3, o.4)).collect();
    opponents.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    opponents.truncate(10);
    cpu.sort_by(f64::total_cmp);
    Expected {
        by_kind,
        matches,
        wins,
        mean_place: mean(&places),
        mean_score: mean(&scores),
        cpu,
        histogram,
        freezes,
        opponents,
    }
}

/// Many matches of `me` against 12 others, with varied kinds, states, places (ties included),
/// scores, CPU shares, freezes, its own copies and opponents seated twice.
async fn varied_matches(site: &support::TestSite, me: i64, others: &[i64], n: usize, seed: u64) -> Vec<Inserted> {
    let state = &site.state;
    let mut rng = Lcg(seed);
    let reasons = ["timeout", "trap", "memory", "fuel"];
    let mut all = Vec::new();
    for i in 0..n {
        let kind = rng.pick(&["ladder", "ladder", "ladder", "tournament", "practice", "qualification", "sanity"]);
        let st = if rng.below(12) == 0 { rng.pick(&["failed", "queued", "cancelled"]) } else { "done" };
        let mut bots: Vec<i64> = if kind == "sanity" {
            vec![me; 4]
        } else {
            // Skewed: low-numbered opponents are met more often.
            (0..3)
                .map(|_| {
                    others
                        [(rng.below(others.len() as u64) * rng.below(others.len() as u64 + 1)) as usize / others.len()]
                })
                .collect()
        };
        if kind != "sanity" {
            // Sometimes its own copy too (it counts once, by its first seat).
            if rng.below(10) == 0 {
                bots[rng.below(3) as usize] = me;
            }
            bots.insert(rng.below(4) as usize, me);
        }
        let scores: Vec<i64> = (0..4).map(|_| rng.below(6) as i64 * 10).collect();
        let seats = bots
            .iter()
            .zip(&scores)
            .map(|(&bot, &score)| {
                let place = 1 + scores.iter().filter(|&&s| s > score).count() as i16;
                let frozen = (rng.below(8) == 0).then(|| rng.pick(&reasons));
                let cpu = if frozen.is_some() {
                    Some(-1.0)
                } else if rng.below(15) == 0 {
                    None
                } else if rng.below(10) == 0 {
                    Some(rng.below(11) as f64 / 10.0)
                } else {
                    Some(rng.below(1_000_000) as f64 / 1_000_000.0)
                };
                Seat {
                    bot,
                    place: (st == "done").then_some(place),
                    score: (st == "done").then_some(score),
                    cpu,
                    frozen,
                }
            })
            .collect();
        let finished = (st == "done").then(|| base() + Duration::minutes(i as i64));
        let subject = matches!(kind, "sanity" | "qualification").then_some(me);
        all.push(insert_match(state, "pandemic", kind, st, finished, subject, seats).await);
    }
    all
}

#[tokio::test]
async fn bot_statistics_equal_a_recomputation_from_the_match_rows() {
    let site = support::site().await;
    let state = site.state.clone();
    let alice = site.user("alice").await;
    let me = add_bot(&state, alice, "Subject", "qualified").await;
    let mut others = Vec::new();
    for (i, name) in ["bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan"].iter().enumerate() {
        let user = site.user(name).await;
        others.push(add_bot(&state, user, &format!("Rival{i}"), "qualified").await);
    }
    for house in ["Dummy", "Demo", "Null"] {
        others.push(support::house(&site, house).await);
    }
    others.push(add_bot(&state, alice, "SubjectSibling", "qualified").await);
    let all = varied_matches(&site, me, &others, 400, 20).await;
    let want = recompute(me, &all);
    assert!(want.matches > 200 && want.opponents.len() == 10 && !want.freezes.is_empty(), "a varied fixture");
    assert!(want.histogram.iter().filter(|n| **n > 0).count() >= 8);

    let reply = get(&state, &format!("/api/bots/{me}/stats"), None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let got = reply.json();
    assert_eq!(got["bot_id"], me);
    assert_eq!(got["counted_kinds"], serde_json::json!(["ladder", "tournament", "practice"]));
    let by_kind: BTreeMap<String, i64> = got["by_kind"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (k["kind"].as_str().unwrap().to_string(), k["matches"].as_i64().unwrap()))
        .collect();
    assert_eq!(by_kind, want.by_kind);
    assert_eq!(got["matches"], want.matches);
    assert_eq!(got["wins"], want.wins);
    assert_close(&got["win_rate"], Some(want.wins as f64 / want.matches as f64), "win_rate");
    assert_close(&got["mean_place"], want.mean_place, "mean_place");
    assert_close(&got["mean_score"], want.mean_score, "mean_score");

    let cpu = &got["cpu"];
    assert_eq!(cpu["matches"], want.cpu.len() as i64);
    let q = &cpu["quartiles"];
    for (field, p) in [("min", 0.0), ("q1", 0.25), ("median", 0.5), ("q3", 0.75), ("max", 1.0)] {
        assert_close(&q[field], Some(percentile(&want.cpu, p)), field);
    }
    assert_close(&q["min"], want.cpu.first().copied(), "min is the smallest share");
    let histogram: Vec<i64> =
        cpu["histogram"].as_array().unwrap().iter().map(|b| b["matches"].as_i64().unwrap()).collect();
    assert_eq!(histogram, want.histogram);
    assert_close(&cpu["histogram"][3]["from"], Some(0.3), "bucket bounds");
    assert_close(&cpu["histogram"][9]["to"], Some(1.0), "bucket bounds");

    let freezes: Vec<(String, i64)> = got["freezes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["reason"].as_str().unwrap().to_string(), f["matches"].as_i64().unwrap()))
        .collect();
    assert_eq!(freezes, want.freezes);

    let opponents = got["opponents"].as_array().unwrap();
    assert_eq!(opponents.len(), want.opponents.len());
    for (o, (bot, matches, wins, place_sum, above, below)) in opponents.iter().zip(&want.opponents) {
        assert_eq!(o["bot_id"], *bot);
        assert_eq!(o["matches"], *matches, "against {bot}");
        assert_eq!(o["wins"], *wins, "against {bot}");
        assert_close(&o["win_rate"], Some(*wins as f64 / *matches as f64), "win rate against");
        assert_close(&o["mean_place"], Some(*place_sum as f64 / *matches as f64), "mean place against");
        assert_eq!(o["above"], *above, "above {bot}");
        assert_eq!(o["below"], *below, "below {bot}");
        assert_close(&o["above_rate"], Some(*above as f64 / *matches as f64), "above rate");
        assert!(o["name"].is_string() && o["owner"].is_string());
    }
    assert!(!opponents.iter().any(|o| o["bot_id"] == me), "its own copies are no opponents");

    // The bot page shows them; its JSON carries them too.
    let page = get(&state, &format!("/bots/{me}"), None).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(
        html.contains("id=\"bot-stats\"") && html.contains("id=\"opponents\"") && html.contains("<meter"),
        "{html}"
    );
    assert!(html.contains("Over its finished ladder, tournament, practice matches"), "the page says what counts");
    assert!(html.contains(&format!(r#"href="/games/pandemic/matches?bot={me}""#)));
    let detail = get(&state, &format!("/api/bots/{me}"), None).await.json();
    assert_eq!(detail["stats"]["matches"], want.matches);

    // A bot without matches has empty statistics; a missing bot is 404, a bad id 400.
    let idle = add_bot(&state, alice, "Idle", "qualified").await;
    let empty = get(&state, &format!("/api/bots/{idle}/stats"), None).await.json();
    assert_eq!(empty["matches"], 0);
    assert!(empty["win_rate"].is_null() && empty["mean_place"].is_null() && empty["cpu"]["quartiles"].is_null());
    assert_eq!(empty["opponents"], serde_json::json!([]));
    assert_eq!(empty["cpu"]["histogram"].as_array().unwrap().len(), 10);
    assert!(get(&state, &format!("/bots/{idle}"), None).await.text().contains("id=\"no-stats\""));
    assert_eq!(get(&state, "/api/bots/999999/stats", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&state, "/api/bots/abc/stats", None).await.status, StatusCode::BAD_REQUEST);
}

// ---------------------------------------------------------------------------------------------
// The bot page's weight

#[tokio::test]
async fn a_busy_bot_page_with_its_chart_and_statistics_stays_under_50_kb() {
    let site = support::site().await;
    let state = site.state.clone();
    let alice = site.user("alice").await;
    let me = add_bot(&state, alice, "Busy", "qualified").await;
    let mut others = Vec::new();
    for i in 0..12 {
        let user = site.user(&format!("rival{i}")).await;
        others.push(add_bot(&state, user, &format!("RivalWithALongerNameThanMost{i}"), "qualified").await);
    }
    let mut all = varied_matches(&site, me, &others, 200, 3).await;
    // A real bot has a handful of qualification matches, not dozens.
    sqlx::query("DELETE FROM matches WHERE kind IN ('sanity', 'qualification')").execute(&state.pool).await.unwrap();
    all.retain(|m| !matches!(m.kind, "sanity" | "qualification"));
    // A rating and a history of as many points as get a dot each (the heaviest chart), then
    // one of many more points (a line only).
    sqlx::query("INSERT INTO ratings (bot_id, game, mu, sigma, matches) VALUES ($1, 'pandemic', 25, 3, 100)")
        .bind(me)
        .execute(&state.pool)
        .await
        .unwrap();
    let done: Vec<i64> = all.iter().filter(|m| m.state == "done").map(|m| m.id).collect();
    assert!(done.len() >= 100, "{} matches to rate", done.len());
    for (n, id) in done.iter().take(100).enumerate() {
        sqlx::query("INSERT INTO rating_history (bot_id, match_id, mu, sigma, at) VALUES ($1, $2, $3, 3, $4)")
            .bind(me)
            .bind(id)
            .bind(20.0 + (n as f64 / 7.0).sin() * 4.0)
            .bind(base() + Duration::minutes(n as i64))
            .execute(&state.pool)
            .await
            .unwrap();
    }
    let weigh = |html: &str| {
        let svg = html.split("<svg id=\"rating-chart\"").nth(1).and_then(|s| s.split("</svg>").next()).map(str::len);
        (html.len(), svg.expect("a chart"))
    };
    let page = get(&state, &format!("/bots/{me}"), None).await;
    let (total, svg) = weigh(&page.text());
    assert!(page.text().contains("<circle class=\"dot\""), "100 points get dots");
    assert!(svg < 20 * 1024, "the chart is {svg} bytes");
    assert!(total < 50 * 1024, "the page is {total} bytes");

    sqlx::query(
        "WITH m AS (
             INSERT INTO matches (game, kind, priority, seed, state, finished_at)
             SELECT 'pandemic', 'ladder', 10, g, 'done', now() FROM generate_series(1, 3000) g RETURNING id, seed)
         INSERT INTO rating_history (bot_id, match_id, mu, sigma, at)
         SELECT $1, id, 25 + sin(seed / 40.0) * 5, 3, now() + make_interval(secs => seed) FROM m",
    )
    .bind(me)
    .execute(&state.pool)
    .await
    .unwrap();
    let page = get(&state, &format!("/bots/{me}"), None).await;
    let (total, svg) = weigh(&page.text());
    assert!(page.text().contains("of 3100 points shown"));
    assert!(svg < 20 * 1024, "the chart is {svg} bytes");
    assert!(total < 50 * 1024, "the page is {total} bytes");
}
