//! The site under bad luck and abuse: a database outage, headers on every answer, pages that
//! stay small however long a bot has played.

mod support;

use arena::site::state::AppState;
use axum::http::{header, StatusCode};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::http;

/// A TCP proxy in front of Postgres that can play an outage: while cut, live connections are
/// dropped and new ones closed at once, as a stopped server's would be.
struct Proxy {
    port: u16,
    cut: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Proxy {
    async fn start(target: (String, u16)) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let cut = Arc::new(AtomicBool::new(false));
        let live: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
        let (c, l) = (cut.clone(), live.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut client, _)) = listener.accept().await else { return };
                if c.load(Ordering::SeqCst) {
                    continue; // dropped: closed at once
                }
                let target = target.clone();
                let task = tokio::spawn(async move {
                    if let Ok(mut server) = tokio::net::TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                l.lock().unwrap().push(task);
            }
        });
        Proxy { port, cut, live }
    }

    fn stop_database(&self) {
        self.cut.store(true, Ordering::SeqCst);
        for t in self.live.lock().unwrap().drain(..) {
            t.abort();
        }
    }

    fn start_database(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn a_stopped_database_gives_503_within_a_second_and_the_site_recovers() {
    let site = support::site().await;
    let options = site.connect_options().await;
    let host = options.get_host().to_string();
    if host.starts_with('/') {
        eprintln!("skipped: the test database is on a Unix socket ({host}), the proxy needs TCP");
        return;
    }
    let proxy = Proxy::start((host, options.get_port())).await;
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(8)
        .acquire_timeout(arena::site::store::db_health::ACQUIRE_TIMEOUT)
        .connect_with(options.host("127.0.0.1").port(proxy.port))
        .await
        .unwrap();
    let state = AppState::new(
        pool.clone(),
        (*site.state.config).clone(),
        site.state.replays.clone(),
        site.state.sandbox.clone(),
        None,
    );
    let stop = Arc::new(AtomicBool::new(false));
    state.health.spawn_monitor(pool.clone(), stop.clone());
    let user = site.user("reader").await;
    let session = http::login(&state, user).await;

    assert_eq!(http::get(&state, "/games/pandemic", None).await.status, StatusCode::OK);
    assert_eq!(http::get(&state, "/me/bots", Some(&session)).await.status, StatusCode::OK);

    proxy.stop_database();
    for (uri, session) in [("/games/pandemic", None), ("/me/bots", Some(session.as_str())), ("/bots/1", None)] {
        let t = Instant::now();
        let r = http::get(&state, uri, session).await;
        let took = t.elapsed();
        assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{uri}: {}", r.text());
        assert!(took < Duration::from_secs(1), "{uri} took {took:?}");
        assert!(r.text().contains("Arena is unavailable for a moment"), "{uri}: {}", r.text());
        assert_eq!(r.header(header::RETRY_AFTER), "5");
    }
    let r = http::get(&state, "/api/games", None).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(r.json()["error"], "the database is unavailable; try again in a minute");
    let r = http::get(&state, "/healthz", None).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(r.text(), "database unavailable\n");
    // Static files need no database.
    assert_eq!(http::get(&state, "/static/site.css", None).await.status, StatusCode::OK);

    proxy.start_database();
    let deadline = Instant::now() + Duration::from_secs(10);
    while http::get(&state, "/games/pandemic", None).await.status != StatusCode::OK {
        assert!(Instant::now() < deadline, "the site did not come back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let r = http::get(&state, "/me/bots", Some(&session)).await;
    assert_eq!(r.status, StatusCode::OK, "still logged in after the outage");
    assert!(r.text().contains("reader"));
    assert_eq!(http::get(&state, "/healthz", None).await.text(), "ok\n");
    stop.store(true, Ordering::Relaxed);
}

#[tokio::test]
async fn every_answer_carries_the_security_headers_and_pages_have_no_inline_script() {
    let site = support::site().await;
    let user = site.user("visitor").await;
    let session = http::login(&site.state, user).await;
    let dummy = support::house(&site, "Dummy").await;
    for (uri, session) in [
        ("/", None),
        ("/games/pandemic", None),
        ("/games/nonsense", None),
        (&*format!("/bots/{dummy}"), None),
        ("/tournaments", None),
        ("/login", None),
        ("/signup", None),
        ("/upload", Some(session.as_str())),
        ("/me/bots", Some(session.as_str())),
        ("/me/account", Some(session.as_str())),
        ("/me/tokens", Some(session.as_str())),
        ("/api/games", None),
        ("/metrics", None),
        ("/healthz", None),
        ("/static/site.css", None),
        ("/static/follow.js", None),
        ("/no/such/page", None),
    ] {
        let r = http::get(&site.state, uri, session).await;
        let csp = r.header(header::CONTENT_SECURITY_POLICY);
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(csp.contains(part), "{uri}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{uri}: {csp}");
        assert_eq!(r.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{uri}");
        assert_eq!(r.header(header::REFERRER_POLICY), "same-origin", "{uri}");
        assert_eq!(r.header(header::X_FRAME_OPTIONS), "DENY", "{uri}");
        let body = r.text();
        if r.header(header::CONTENT_TYPE).starts_with("text/html") {
            // Every script is a file of the site's own: the policy allows nothing else.
            for tag in body.split("<script").skip(1) {
                let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
                assert!(tag.contains("src=\"/"), "{uri}: inline <script{tag}>");
            }
            assert!(!body.contains(" style=\"") && !body.contains("<style"), "{uri}: inline style");
            assert!(!body.contains(" onclick=") && !body.contains(" onload="), "{uri}: inline handler");
        }
    }
    let viewer = http::get(&site.state, "/viewer/viewer.html", None).await;
    assert!(viewer.header(header::CONTENT_SECURITY_POLICY).contains("frame-ancestors 'self'"));
    assert!(viewer.header(header::CONTENT_SECURITY_POLICY).contains("script-src 'self'"));
    assert!(!viewer.text().contains("<script>"), "the viewer has no inline script");
}

#[tokio::test]
async fn a_bot_page_stays_small_after_2000_rating_points() {
    let site = support::site().await;
    let user = site.user("veteran").await;
    let bot = support::upload(&site, user, "Veteran", support::house_wasm("Dummy")).await;
    sqlx::query("UPDATE bots SET status = 'qualified' WHERE id = $1").bind(bot).execute(site.pool()).await.unwrap();
    let mut tx = site.pool().begin().await.unwrap();
    arena::site::sources::ladder::make_representative(&mut tx, user, "pandemic", bot).await.unwrap();
    tx.commit().await.unwrap();
    // 2,000 rated ladder matches (rows only: what the page reads).
    sqlx::query(
        "WITH m AS (
             INSERT INTO matches (game, kind, priority, seed, state, finished_at)
             SELECT 'pandemic', 'ladder', 10, g, 'done', now() - make_interval(mins => 2000 - g)
             FROM generate_series(1, 2000) g RETURNING id, seed)
         INSERT INTO rating_history (bot_id, match_id, mu, sigma, at)
         SELECT $1, id, 25 + sin(seed / 40.0) * 5, 8.0 - seed / 400.0, now() - make_interval(mins => 2000 - seed::int)
         FROM m",
    )
    .bind(bot)
    .execute(site.pool())
    .await
    .unwrap();

    let page = http::get(&site.state, &format!("/bots/{bot}"), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.len() < 50 * 1024, "{} bytes", page.body.len());
    let text = page.text();
    let points = text.split("class=\"line\" points=\"").nth(1).unwrap().split('"').next().unwrap();
    let n = points.split(' ').count();
    assert!((2..=500).contains(&n), "{n} points drawn");
    assert!(text.contains("of 2000 points shown"), "the page says the chart is thinned");
    assert!(text.contains(&format!(r#"href="/api/bots/{bot}/ratings""#)));

    let json = http::get(&site.state, &format!("/api/bots/{bot}"), None).await.json();
    let shown = json["rating_history"].as_array().unwrap();
    assert!(shown.len() <= 500 && shown.len() >= 250, "{}", shown.len());
    assert_eq!(json["rating_points"], 2000);
    let all = http::get(&site.state, &format!("/api/bots/{bot}/ratings"), None).await.json();
    let all = all["points"].as_array().unwrap();
    assert_eq!(all.len(), 2000);
    // The thinned history keeps the first and the last points, in order.
    assert_eq!(shown.first().unwrap()["match_id"], all.first().unwrap()["match_id"]);
    assert_eq!(shown.last().unwrap()["match_id"], all.last().unwrap()["match_id"]);
    let ids: Vec<i64> = shown.iter().map(|p| p["match_id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(http::get(&site.state, "/api/bots/999999/ratings", None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn shared_pages_are_cached_once_and_served_with_each_readers_own_menu() {
    let mut site = support::site().await;
    let mut config = (*site.state.config).clone();
    config.page_cache_ms = 60_000;
    site.state =
        AppState::new(site.pool().clone(), config, site.state.replays.clone(), site.state.sandbox.clone(), None);
    let (ann, bob) = (site.user("ann").await, site.user("bob").await);
    let (ann_s, bob_s) = (http::login(&site.state, ann).await, http::login(&site.state, bob).await);

    let anonymous = http::get(&site.state, "/games/pandemic", None).await.text();
    assert!(anonymous.contains(r#"id="login-link""#) && !anonymous.contains("Log out"));
    let for_ann = http::get(&site.state, "/games/pandemic", Some(&ann_s)).await.text();
    let for_bob = http::get(&site.state, "/games/pandemic", Some(&bob_s)).await.text();
    assert!(for_ann.contains("Log out (ann)") && !for_ann.contains("bob") && !for_ann.contains(r#"id="login-link""#));
    assert!(for_bob.contains("Log out (bob)") && !for_bob.contains("(ann)"));
    assert!(for_ann.contains(&format!(r#"name="csrf" value="{}""#, http::CSRF)), "ann's own CSRF token");
    // The same page under the menu.
    let body = |html: &str| html.split("</nav>").nth(1).unwrap_or("").to_string();
    assert_eq!(body(&anonymous), body(&for_ann));
    assert_eq!(body(&for_ann), body(&for_bob));
    // Later anonymous readers get the kept page, with no one's menu in it.
    let again = http::get(&site.state, "/games/pandemic", None).await.text();
    assert_eq!(again, anonymous);
    // A change made by this process shows at once.
    site.state.cache.game_changed("pandemic");
    let user = site.user("carl").await;
    support::qualified_representative(&site, "pandemic", user, "Fresh", support::house_wasm("Demo")).await;
    site.state.cache.game_changed("pandemic");
    assert!(http::get(&site.state, "/games/pandemic", None).await.text().contains("Fresh"));
}
