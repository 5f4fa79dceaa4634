//! Issue 36: a bot's stderr round by round on the site. A worker stores it indexed by round,
//! within the sandbox's cap keeping the start and the end of the match and saying how much was
//! cut between them; the owner (and an admin) reads it from `GET /api/matches/{id}/stderr`, anybody
//! else gets a 404; the match page links each round to the viewer, whose panel only the owner's
//! page turns on.

mod support;

use arena::site::core::kind::Kind;
use arena::site::matches::queue::{self, NewMatch};
use axum::http::StatusCode;
use support::{drain, house, http, upload};

/// A Pandemic bot that writes, every round, a line of 1000 `x` and then `same` 50 times: 1251
/// bytes a round, 250 KB in a match, far over the 64 KiB the server keeps.
const CHATTY: &str = r#"(module
  (import "wasi_snapshot_preview1" "fd_write" (func $fd_write (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 2)
  (func (export "arena_abi_v1"))
  (func (export "arena_game_pandemic"))
  (func (export "arena_alloc") (param $len i32) (result i32)
    (local $pages i32)
    (local.set $pages (i32.add (i32.const 1)
      (i32.shr_u (i32.add (local.get $len) (i32.const 65535)) (i32.const 16))))
    (if (i32.gt_u (local.get $pages) (memory.size))
      (then (drop (memory.grow (i32.sub (local.get $pages) (memory.size))))))
    (i32.const 65536))
  (func (export "arena_start") (param i32 i32)
    (memory.fill (i32.const 2048) (i32.const 120) (i32.const 1000))
    (i32.store8 (i32.const 3048) (i32.const 10))
    (i64.store (i32.const 4000) (i64.const 0x0a656d6173)))
  (func (export "arena_play") (param i32 i32)
    (local $k i32)
    (call $say (i32.const 2048) (i32.const 1001))
    (block $done (loop $l
      (br_if $done (i32.ge_s (local.get $k) (i32.const 50)))
      (call $say (i32.const 4000) (i32.const 5))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $l))))
  (func $say (param $p i32) (param $n i32)
    (i32.store (i32.const 0) (local.get $p))
    (i32.store (i32.const 4) (local.get $n))
    (drop (call $fd_write (i32.const 2) (i32.const 0) (i32.const 1) (i32.const 8)))))"#;

#[tokio::test]
async fn the_owner_reads_the_stderr_by_round_with_its_start_and_end_and_nobody_else_does() {
    let site = support::site().await;
    let alice = site.user("alice").await;
    let bob = site.user("bob").await;
    let root = site.user("root").await;
    sqlx::query("UPDATE users SET is_admin = true WHERE id = $1").bind(root).execute(site.pool()).await.unwrap();
    let chatty = upload(&site, alice, "Chatty", &wat::parse_str(CHATTY).unwrap()).await;
    let (null, dummy) = (house(&site, "Null").await, house(&site, "Dummy").await);
    let id = {
        let mut conn = site.pool().acquire().await.unwrap();
        let m = NewMatch {
            game: "pandemic".into(),
            kind: Kind::Ladder,
            seed: 5,
            subject_bot_id: None,
            bots: [chatty, null, dummy, null],
            requested_by: None,
        };
        queue::enqueue(&mut conn, &m).await.unwrap()
    };
    drain(&site).await;
    let state = &site.state;
    let url = format!("/api/matches/{id}/stderr");

    // The owner: seat 0 only, every round from the first to the last, the middle cut.
    let alice_session = http::login(state, alice).await;
    let reply = http::get(state, &url, Some(&alice_session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let json = reply.json();
    let seats = json["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 1, "{json}");
    let seat = &seats[0];
    assert_eq!((seat["seat"].as_i64(), seat["name"].as_str()), (Some(0), Some("Chatty")));
    let per_round = 1001 + 50 * 5;
    assert_eq!(seat["written"], 200 * per_round);
    let rounds = seat["rounds"].as_array().unwrap();
    let numbers: Vec<i64> = rounds.iter().map(|r| r["round"].as_i64().unwrap()).collect();
    assert_eq!(numbers[0], 0);
    assert_eq!(*numbers.last().unwrap(), 199, "the end of the match is kept");
    assert!(numbers.windows(2).all(|w| w[1] > w[0]), "in order: {numbers:?}");
    let full = format!("{}\nsame [arena: ×50]\n", "x".repeat(1000));
    assert_eq!(rounds[0]["text"], full, "a repeated line is kept once with its count");
    assert_eq!(rounds.last().unwrap()["text"], full);
    // Whole rounds are cut in the middle, and the cut says how much: the bytes written in them.
    let kept = numbers.len() as i64;
    assert!(kept < 100, "{kept} rounds kept of 200");
    let cut = seat["cut_bytes"].as_i64().unwrap();
    assert!(cut >= (200 - kept) * per_round && cut <= (201 - kept) * per_round, "cut {cut} for {kept} rounds kept");
    let gap = numbers.windows(2).position(|w| w[1] != w[0] + 1).expect("a gap where the cut is");
    let after = rounds[gap + 1]["text"].as_str().unwrap();
    assert!(after.starts_with(&format!("[arena: {cut} bytes (")), "{after:.200}");
    assert!(after.contains(&format!("cut here, from round {} to round ", numbers[gap] + 1)), "{after:.200}");

    // Anybody else: the same 404 as for a match without stderr.
    let bob_session = http::login(state, bob).await;
    for session in [Some(bob_session.as_str()), None] {
        let reply = http::get(state, &url, session).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{session:?}: {}", reply.text());
        assert!(!reply.text().contains("xxxx"));
    }
    // An admin reads every seat's (the house bots wrote nothing).
    let root_session = http::login(state, root).await;
    let reply = http::get(state, &url, Some(&root_session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["seats"].as_array().unwrap().len(), 4);

    // The match page: the owner's viewer has the panel, and each round links to the viewer there.
    let page = http::get(state, &format!("/matches/{id}"), Some(&alice_session)).await.text();
    assert!(page.contains(&format!("stderr=/api/matches/{id}/stderr")), "{page:.2000}");
    assert!(page.contains("seat=0#r=199\">round 199</a>"), "a link per round");
    assert!(page.contains("cut here"));
    for session in [Some(bob_session.as_str()), None] {
        let page = http::get(state, &format!("/matches/{id}"), session).await.text();
        assert!(!page.contains("stderr="), "{session:?}");
        assert!(!page.contains("xxxx"), "{session:?}");
    }
}
