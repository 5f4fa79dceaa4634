//! A term on the server (issue 37), against Postgres: a tournament played with its organiser's
//! `.cnf` (checked at creation, shown on its page and in its CSV, and in every stored replay).

mod support;

use arena::site::sources::tournaments::lifecycle::{self, NewTournament, Refused};
use axum::http::StatusCode;
use support::http::{get, login, post_form};

const GAME: &str = "pandemic";

/// A small, short Pandemic: every parameter here differs from the game's default.
const CNF: &str = "# a quick board for the term's first tournament\nrows 40\ncols 40\nnb_rounds 17\n";

fn new_tournament(config: Option<&str>) -> NewTournament {
    NewTournament {
        game: GAME.into(),
        name: "Quick cup".into(),
        finalists: 4,
        final_matches: 1,
        tie_replays: 0,
        seed: Some(7),
        starts_at: chrono::Utc::now(),
        created_by: None,
        config: config.map(str::to_string),
    }
}

#[tokio::test]
async fn a_tournament_with_a_cnf_plays_every_match_with_its_parameters() {
    let site = support::site().await;
    for (i, bot) in ["Dummy", "Demo", "Dummy", "Demo", "Null"].iter().enumerate() {
        let user = site.user(&format!("student{i}")).await;
        support::qualified_representative(&site, GAME, user, &format!("{bot}Of{i}"), support::house_wasm(bot)).await;
    }
    let id = lifecycle::create(site.pool(), &new_tournament(Some(CNF))).await.unwrap();
    assert!(lifecycle::tick(site.pool()).await.unwrap() > 0, "the tournament starts and queues its first turn");
    let played = support::drain(&site).await;
    let state: String = sqlx::query_scalar("SELECT state FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(state, "done", "the tournament is played to its end ({played} matches)");

    // Every stored replay records the .cnf's parameters, and lasted its number of rounds.
    let matches: Vec<(i64, i32)> = sqlx::query_as(
        "SELECT m.id, m.rounds FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
         WHERE tm.tournament_id = $1 AND m.state = 'done' ORDER BY m.id",
    )
    .bind(id)
    .fetch_all(site.pool())
    .await
    .unwrap();
    assert_eq!(matches.len(), played, "every match played is the tournament's");
    assert!(!matches.is_empty());
    for (match_id, rounds) in &matches {
        let bytes = site.state.replays.get(*match_id).await.unwrap().expect("the replay is stored");
        let replay = engine::replay::Replay::parse(&bytes).unwrap();
        let p = &replay.header.params;
        assert_eq!((p.get("rows"), p.get("cols"), p.get("nb_rounds")), (40, 40, 17), "match {match_id}");
        assert_eq!(*rounds, 17, "match {match_id} lasted the .cnf's rounds");
    }

    // The page and the CSV say which parameters were used.
    let page = get(&site.state, &format!("/tournaments/{id}"), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("rows=40 cols=40 nb_rounds=17"), "{}", page.text());
    assert!(page.text().contains("nb_rounds 17"), "the .cnf itself is shown");
    let csv = get(&site.state, &format!("/tournaments/{id}/standings.csv"), None).await;
    assert_eq!(csv.status, StatusCode::OK);
    let first = csv.text().lines().next().unwrap_or_default().to_string();
    assert_eq!(first, "# parameters (.cnf): rows=40 cols=40 nb_rounds=17");
}

#[tokio::test]
async fn a_bad_cnf_is_refused_with_its_line_and_nothing_is_created() {
    let site = support::site().await;
    let refused = lifecycle::create(site.pool(), &new_tournament(Some("rows 30\ncols 30\nnb_rounds 0\n"))).await;
    match refused {
        Err(Refused::Invalid(why)) => assert!(why.contains("line 3") && why.contains("nb_rounds"), "{why}"),
        other => panic!("a bad .cnf is refused, not {other:?}"),
    }
    let unknown = lifecycle::create(site.pool(), &new_tournament(Some("speed 3\n"))).await;
    assert!(matches!(&unknown, Err(Refused::Invalid(why)) if why.contains("line 1")), "{unknown:?}");

    // Through the organiser's form too, with the text kept in the form.
    let admin = site.user("organiser").await;
    sqlx::query("UPDATE users SET is_admin = TRUE WHERE id = $1").bind(admin).execute(site.pool()).await.unwrap();
    let organiser = login(&site.state, admin).await;
    let csrf = support::http::CSRF;
    let form = format!("csrf={csrf}&game={GAME}&name=T&finalists=4&final_matches=1&config=rows+30%0Acols+31%0A");
    let bad = post_form(&site.state, "/admin/tournaments", &organiser, &form).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.text().contains("The .cnf does not fit pandemic"), "{}", bad.text());
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM tournaments").fetch_one(site.pool()).await.unwrap();
    assert_eq!(count, 0);

    let good = format!(
        "csrf={csrf}&game={GAME}&name=T&finalists=4&final_matches=1&starts_at=2099-01-01T10:00&config=nb_rounds+9%0A"
    );
    let created = post_form(&site.state, "/admin/tournaments", &organiser, &good).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text());
    let config: Option<String> =
        sqlx::query_scalar("SELECT config FROM tournaments").fetch_one(site.pool()).await.unwrap();
    assert_eq!(config.as_deref(), Some("nb_rounds 9\n"));
}

/// The test database's URL, for the `arena` binary.
fn database_url(site: &support::TestSite) -> String {
    let base = std::env::var("ARENA_TEST_DATABASE_URL")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let (server, _) = base.rsplit_once('/').expect("a database URL ends with /database");
    format!("{server}/{}", site.database)
}

/// `arena admin import-users ROSTER` on the test database: (success, stdout, stderr).
fn import_users(site: &support::TestSite, roster: &std::path::Path) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["admin", "import-users"])
        .arg(roster)
        .args(["--site-url", "https://arena.example.edu/"])
        .env("DATABASE_URL", database_url(site))
        .env("ARENA_LOG", "warn")
        .output()
        .expect("arena runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

async fn users(site: &support::TestSite) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM users WHERE NOT is_house").fetch_one(site.pool()).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_300_line_roster_makes_300_accounts_that_can_log_in_and_a_rerun_adds_only_new_names() {
    let site = support::site().await;
    let dir = tempfile::tempdir().unwrap();
    let roster = dir.path().join("class.csv");
    let mut text = String::from("username,email or student id,admin\n");
    for i in 0..300 {
        if i % 2 == 0 {
            text.push_str(&format!("student{i:03},student{i:03}@uni.example.edu\n"));
        } else {
            text.push_str(&format!("student{i:03},S{i:07}{}\n", if i == 1 { ",admin" } else { "" }));
        }
    }
    std::fs::write(&roster, &text).unwrap();
    let (ok, stdout, stderr) = import_users(&site, &roster);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("300 accounts created, 0 already there"), "{stderr}");
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("username,contact,admin,invitation,expires"));
    let invitations: Vec<(String, String)> = lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let token = f[3].strip_prefix("https://arena.example.edu/invite/").expect("a link on the site").to_string();
            (f[0].to_string(), token)
        })
        .collect();
    assert_eq!(invitations.len(), 300);
    assert_eq!(users(&site).await, 300);
    // Only hashes are stored; the one admin is the one the roster says.
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM invitations WHERE token_hash = ANY($1)")
        .bind(invitations.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>())
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(stored, 0, "no invitation token is stored in clear");
    let admins: Vec<String> =
        sqlx::query_scalar("SELECT username FROM users WHERE is_admin").fetch_all(site.pool()).await.unwrap();
    assert_eq!(admins, ["student001"]);

    // Nobody can log in before choosing a password; every invitation works once, then the
    // student logs in with the password they chose.
    use arena::site::players::{accounts, invitations as inv};
    assert!(accounts::verify_login(site.pool(), "student000", "").await.is_err());
    let password = "violet tractor sings loudly";
    let pool = site.pool();
    let logins = invitations.iter().map(|(name, token)| async move {
        let id = inv::accept(pool, token, password).await.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(matches!(inv::accept(pool, token, password).await, Err(inv::InvitationError::Unknown)));
        assert_eq!(accounts::verify_login(pool, name, password).await.unwrap(), id, "{name} logs in");
    });
    futures::future::join_all(logins).await;
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM invitations").fetch_one(site.pool()).await.unwrap();
    assert_eq!(left, 0);

    // The roster again with two more names: only they are added.
    std::fs::write(&roster, format!("{text}newcomer1,n1@uni.example.edu\nnewcomer2,N2\n")).unwrap();
    let (ok, stdout, stderr) = import_users(&site, &roster);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("2 accounts created, 300 already there"), "{stderr}");
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert_eq!(users(&site).await, 302);
}

#[tokio::test]
async fn a_roster_with_one_bad_line_creates_nothing_and_names_the_line() {
    let site = support::site().await;
    let dir = tempfile::tempdir().unwrap();
    let roster = dir.path().join("class.csv");
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!("pupil{i:02},pupil{i:02}@uni.example.edu\n"));
    }
    text.push_str("pupil 40,pupil40@uni.example.edu\n");
    std::fs::write(&roster, &text).unwrap();
    let (ok, stdout, stderr) = import_users(&site, &roster);
    assert!(!ok, "a bad roster fails");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("1 bad row in the roster, so no account was created"), "{stderr}");
    assert!(stderr.contains("line 41: \"pupil 40\""), "{stderr}");
    assert_eq!(users(&site).await, 0);
}

#[tokio::test]
async fn an_invitation_link_sets_the_password_once_through_the_site() {
    use arena::site::players::{invitations, roster};
    let site = support::site().await;
    let rows = roster::parse("zoe,zoe@uni.example.edu\n").unwrap();
    let imported = roster::import(site.pool(), &rows, 14).await.unwrap();
    let token = &imported.created[0].token;
    let page = get(&site.state, &invitations::path(token), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("Welcome, zoe"), "{}", page.text());
    let csrf = support::http::CSRF;
    let weak = support::http::post_anonymous(
        &site.state,
        &invitations::path(token),
        &format!("csrf={csrf}&password=password1"),
    )
    .await;
    assert_eq!(weak.status, StatusCode::UNPROCESSABLE_ENTITY);
    let set = support::http::post_anonymous(
        &site.state,
        &invitations::path(token),
        &format!("csrf={csrf}&password=violet+tractor+sings+loudly"),
    )
    .await;
    assert_eq!(set.status, StatusCode::SEE_OTHER, "{}", set.text());
    assert!(set.header(axum::http::header::SET_COOKIE).contains("arena_session="));
    let again = get(&site.state, &invitations::path(token), None).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert!(again.text().contains("unknown, already used or expired"));
    assert!(arena::site::players::accounts::verify_login(site.pool(), "zoe", "violet tractor sings loudly")
        .await
        .is_ok());
}
