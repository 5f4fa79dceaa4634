//! Learning a game on the site: the rules pages (`/games/<game>/rules`: rules, parameters with
//! their defaults, the player API, the starter kit's link, the commands) and the starter kits
//! (`/games/<game>/starter-kit.zip`), driven through the router against a real Postgres; and the
//! kit itself, unpacked and built as a player would (`make` / `arena build`, `cargo check`).

mod support;

use arena::games::{CPP_SHARED_HEADERS as SHARED_HEADERS, GAMES as KITS};
use arena::site::players::cpp_api;
use arena::site::players::starter_kit;
use axum::http::{header, StatusCode};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use support::http::get;

const REPO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Calls players use, per game (from the kits' statements): each must be in the API table.
const EXPECTED_CALLS: &[(&str, &[&str])] = &[
    (
        "pandemic",
        &[
            "nb_players",
            "rows",
            "cols",
            "nb_rounds",
            "nb_units",
            "infection_factor",
            "mask_protection",
            "round",
            "total_score",
            "status",
            "cell",
            "unit",
            "nb_cities",
            "city",
            "city_owner",
            "nb_paths",
            "path",
            "path_owner",
            "total_units",
            "my_units",
            "execute",
            "move",
            "me",
            "random",
            "random_permutation",
        ],
    ),
    ("ork-island", &["nb_orks", "cost", "cost_forest", "round", "cell", "unit", "nb_units", "orks", "execute", "me"]),
    ("walking-dead", &["num_rounds", "board_rows", "round", "cell", "unit", "alive_units", "move", "me", "random"]),
    ("purge", &["num_days", "is_day", "is_night", "cell", "citizen", "builders", "warriors", "move", "build", "me"]),
    ("mad-max", &["nb_cities", "round", "cell", "unit", "warriors", "cars", "can_move", "command", "me", "random"]),
];

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn each_rules_page_has_the_rules_parameters_api_kit_and_commands() {
    let site = support::site().await;
    for game in engine::catalog::games() {
        let name = game.name();
        let res = get(&site.state, &format!("/games/{name}/rules"), None).await;
        assert_eq!(res.status, StatusCode::OK, "{name}");
        let html = res.text();
        assert!(html.contains(&format!("<h1>{}: rules</h1>", game.title())), "{name}");
        assert_eq!(html.matches("<h1").count(), 1, "{name}: the document's own title is not a second h1");

        // Every parameter with its default, in the parameters table.
        let params = section(&html, "parameters-table");
        for p in game.param_specs() {
            let row = format!("<td><code>{}</code></td><td class=\"num\">{}</td>", p.name, p.default);
            assert!(params.contains(&row), "{name}: no row {row}");
        }

        // The API table: derived from the headers, with the calls players use.
        let api = section(&html, "api-table");
        let table = cpp_api::api(name).expect("an API table");
        for call in table {
            assert!(api.contains(&escape(&call.signature)), "{name}: {} missing from the page", call.signature);
        }
        let (_, expected) = EXPECTED_CALLS.iter().find(|(g, _)| *g == name).expect("expected calls");
        for want in *expected {
            assert!(table.iter().any(|c| c.name == *want), "{name}: no `{want}` in {:?}", names(table));
        }

        // The kit's link, the commands of a local match, the rules themselves.
        assert!(html.contains(&format!("href=\"/games/{name}/starter-kit.zip\"")), "{name}");
        assert!(html.contains(&format!("arena run {name} Dummy Demo Demo Null --seed 1 --out m.replay")), "{name}");
        assert!(html.contains("arena view m.replay"), "{name}");
        assert!(html.contains(&format!("arena build AIMine.cc --game {name} -o Mine.wasm")), "{name}");
        let rules = html.split("<section id=\"rules\" class=\"doc\">").nth(1).expect("the rules section");
        assert!(rules.contains("Player API of the kit</h3>"), "{name}: the doc's sections, a level down");
        assert!(rules.contains("<div class=\"table-scroll\"><table>"), "{name}: the doc's tables scroll");
        assert!(!rules.contains("<img") || rules.contains("src=\"/learn/img/"), "{name}: images are served");

        // Strict CSP and nothing inline that it would block.
        assert!(res.header(header::CONTENT_SECURITY_POLICY).contains("style-src 'self'"));
        assert!(!html.contains(" style=") && !html.contains("<style") && !html.contains("<script>"), "{name}");
    }
}

#[tokio::test]
async fn doc_images_are_served_and_unknown_ones_are_not() {
    let site = support::site().await;
    let html = get(&site.state, "/games/mad-max/rules", None).await.text();
    let src = html.split("src=\"/learn/img/").nth(1).and_then(|s| s.split('"').next()).expect("an image");
    let res = get(&site.state, &format!("/learn/img/{src}"), None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.header(header::CONTENT_TYPE), "image/png");
    assert!(res.body.starts_with(b"\x89PNG"));
    assert_eq!(get(&site.state, "/learn/img/secret.png", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&site.state, "/learn/img/..%2FCargo.toml", None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_unknown_game_has_no_rules_and_no_kit() {
    let site = support::site().await;
    for path in ["/games/chess/rules", "/games/chess/starter-kit.zip", "/games/pandemic_/rules"] {
        let res = get(&site.state, path, None).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert!(res.text().contains("no game called"), "{path}: {}", res.text());
    }
}

#[tokio::test]
async fn home_nav_and_leaderboards_lead_to_the_rules() {
    let site = support::site().await;
    let home = get(&site.state, "/", None).await.text();
    assert!(home.contains("id=\"get-started\""), "the home page says what to do first");
    assert!(home.contains("starter kit") && home.contains("Dummy"), "{home}");
    assert!(home.contains("href=\"/#get-started\""), "the menu leads there from every page");
    for game in engine::catalog::games() {
        let name = game.name();
        assert!(home.contains(&format!("href=\"/games/{name}/rules\"")), "home links {name}'s rules");
        let board = get(&site.state, &format!("/games/{name}"), None).await.text();
        assert!(board.contains(&format!("href=\"/games/{name}/rules\"")), "{name}'s leaderboard links its rules");
    }
}

#[tokio::test]
async fn the_starter_kit_is_a_stable_zip_with_the_kit_files() {
    let site = support::site().await;
    for kit in KITS {
        let path = format!("/games/{}/starter-kit.zip", kit.name);
        let first = get(&site.state, &path, None).await;
        assert_eq!(first.status, StatusCode::OK, "{path}");
        assert_eq!(first.header(header::CONTENT_TYPE), "application/zip");
        assert_eq!(
            first.header(header::CONTENT_DISPOSITION),
            format!("attachment; filename=\"arena-{}-starter-kit.zip\"", kit.name)
        );
        let second = get(&site.state, &path, None).await;
        assert_eq!(first.body, second.body, "{path}: the same bytes every time");
        // And the same as a fresh build of it: fixed dates, no state.
        assert_eq!(first.body, kit.zip().expect("the kit builds"), "{path}: deterministic");

        let entries = unzip(&first.body);
        let root = format!("arena-{}/", kit.name);
        assert!(entries.iter().all(|(n, _)| n.starts_with(&root)), "{path}: one folder");
        let file = |rel: &str| -> &str {
            let full = format!("{root}{rel}");
            entries.iter().find(|(n, _)| *n == full).map(|(_, t)| t.as_str()).unwrap_or_else(|| {
                panic!("{path}: no {full} in {:?}", entries.iter().map(|(n, _)| n).collect::<Vec<_>>())
            })
        };
        for rel in ["AINull.cc", "AIDemo.cc", "Makefile", "README.txt", "compile_flags.txt"] {
            assert!(!file(rel).is_empty(), "{path}: {rel}");
        }
        assert!(file("AIDemo.cc").contains("RegisterPlayer(PLAYER_NAME)"));
        assert!(file("Makefile").contains(&format!("GAME := {}", kit.name)));
        assert!(file("Makefile").contains("$(ARENA) build $< --game $(GAME) -o $@"));
        assert!(file("README.txt").contains(&format!("arena run {} Dummy Mine.wasm Demo Null --seed 1", kit.name)));
        // The game's headers and the shared ones, as in the repository.
        for rel in kit.cpp_headers.iter().chain(SHARED_HEADERS).map(|f| f.path) {
            let on_disk = std::fs::read_to_string(format!("{REPO}/bot-sdk/cpp/{rel}")).unwrap();
            assert_eq!(file(&format!("sdk/{rel}")), on_disk, "{path}: sdk/{rel}");
        }
        assert!(file(&format!("sdk/{}/Player.hh", kit.dir)).contains("arena/player.hh"));
        // The Rust SDK with a manifest of its own and the template pointing at it.
        let sdk_manifest = file("rust/bot-sdk/Cargo.toml");
        assert!(sdk_manifest.contains("name = \"arena-bot-sdk\"") && !sdk_manifest.contains(".workspace"));
        assert!(file("rust/bot-sdk/template/Cargo.toml").contains("arena-bot-sdk = { path = \"..\" }"));
        assert!(!file("rust/bot-sdk/template/Cargo.toml").contains("../../engine"));
        assert!(file("rust/bot-sdk/template/src/lib.rs").contains(&format!("arena_bot::{}_bot!(", kit.dir)));
        assert!(file("rust/bot-sdk/src/lib.rs").contains("pub mod pandemic;"));
        assert!(file("rust/bot-sdk/build-bot.sh").starts_with("#!/usr/bin/env bash"));
    }
}

/// The kit embeds the SDK file by file: a file added to the SDK must be added to the kit.
#[test]
fn the_kit_has_every_file_of_the_sdk() {
    let catalog: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
    let kits: Vec<&str> = KITS.iter().map(|k| k.name).collect();
    assert_eq!(kits, catalog, "a kit per game, in the catalog's order");

    let headers_in = |dir: &str| -> Vec<String> {
        let base = PathBuf::from(format!("{REPO}/bot-sdk/cpp"));
        let mut out: Vec<String> = files_under(&base.join(dir))
            .into_iter()
            // Headers: `.hh`, `.h`, and the standard library's names without an extension (`fstream`).
            .filter(|p| p.ends_with(".hh") || p.ends_with(".h") || !p.contains('.'))
            .map(|p| format!("{dir}/{p}"))
            .collect();
        out.sort();
        out
    };
    let mut shared: Vec<String> = SHARED_HEADERS.iter().map(|f| f.path.to_string()).collect();
    shared.sort();
    assert_eq!(shared, headers_in("include"));
    for kit in KITS {
        let mut own: Vec<String> = kit.cpp_headers.iter().map(|f| f.path.to_string()).collect();
        own.sort();
        assert_eq!(own, headers_in(kit.dir), "{}", kit.name);
    }

    let mut sources: Vec<String> = files_under(Path::new(&format!("{REPO}/bot-sdk/src")))
        .into_iter()
        .filter(|p| p.ends_with(".rs") && !starter_kit::NATIVE_ONLY_SOURCES.contains(&p.as_str()))
        .map(|p| format!("rust/bot-sdk/src/{p}"))
        .collect();
    sources.sort();
    let kit = starter_kit::kit_for("pandemic").expect("pandemic");
    let mut in_kit: Vec<String> =
        kit.files().into_iter().map(|f| f.path).filter(|p| p.starts_with("rust/bot-sdk/src/")).collect();
    in_kit.sort();
    assert_eq!(in_kit, sources);
}

/// The API table is read from the headers: it names no SDK plumbing, and every call in it is
/// declared in the game's headers with that name.
#[test]
fn the_api_table_is_the_headers() {
    for kit in KITS {
        let table = cpp_api::api(kit.name).expect("a table");
        assert!(table.len() >= 15, "{}: {:?}", kit.name, names(table));
        let all_headers: String =
            kit.cpp_headers.iter().chain(SHARED_HEADERS).map(|f| f.text).collect::<Vec<_>>().join("\n");
        for call in table {
            assert!(!call.name.starts_with("arena_") && !call.name.ends_with('_'), "{}: {}", kit.name, call.name);
            assert!(all_headers.contains(&format!(" {}(", call.name)), "{}: {}", kit.name, call.name);
            assert!(call.signature.contains(&format!("{}(", call.name)), "{}: {}", kit.name, call.signature);
            assert!(!call.signature.contains('{') && !call.signature.ends_with("const"), "{}", call.signature);
        }
        // Documented: the comment above, or the parameter's description.
        let undocumented: Vec<&str> = table.iter().filter(|c| c.doc.is_empty()).map(|c| c.signature.as_str()).collect();
        assert!(undocumented.len() * 4 <= table.len(), "{}: undocumented {undocumented:?}", kit.name);
    }
    let pandemic = cpp_api::api("pandemic").expect("pandemic");
    let nb_units = pandemic.iter().find(|c| c.name == "nb_units").expect("nb_units");
    assert_eq!((nb_units.class, nb_units.signature.as_str()), ("Settings", "int nb_units()"));
    assert_eq!(nb_units.doc, "Units per player at the start.");
    let pos_ok: Vec<&str> = pandemic.iter().filter(|c| c.name == "pos_ok").map(|c| c.signature.as_str()).collect();
    assert_eq!(pos_ok, ["bool pos_ok(int i, int j)", "bool pos_ok(Pos p)"]);
    assert!(pandemic.iter().filter(|c| c.name == "pos_ok").all(|c| c.doc == "Whether (i, j) is on the board."));
    let purge = cpp_api::api("purge").expect("purge");
    let days = purge.iter().find(|c| c.name == "num_days").expect("num_days");
    assert!(!days.doc.is_empty(), "a parameter's accessor gets the parameter's description");
    assert!(cpp_api::api("chess").is_none());
}

/// The kit works as its README says: unpacked, `make` builds AIDemo.cc and AINull.cc with
/// `arena build`, the bots load in the sandbox and play a local match; every game's AIDemo.cc
/// builds. Needs clang for wasm32-wasi (skipped with a loud line without clang++-19, as
/// cpp_build.rs).
#[test]
fn the_unpacked_kit_builds_its_demo_to_a_bot_the_sandbox_loads() {
    if !have_clang("the_unpacked_kit_builds_its_demo_to_a_bot_the_sandbox_loads") {
        return;
    }
    let arena = PathBuf::from(env!("CARGO_BIN_EXE_arena"));
    let cache = tempfile::TempDir::new().unwrap();
    for kit in KITS {
        let tmp = tempfile::TempDir::new().unwrap();
        let dir = unpack(&kit.zip().expect("the kit builds"), tmp.path()).join(kit.folder());
        let has_make = which("make");
        let out = if kit.name == "pandemic" && has_make {
            // The Makefile, as the README says: every AI*.cc to a .wasm.
            std::process::Command::new("make")
                .arg(format!("ARENA={}", arena.display()))
                .current_dir(&dir)
                .env("XDG_CACHE_HOME", cache.path())
                .output()
                .unwrap()
        } else {
            std::process::Command::new(&arena)
                .args(["build", "AIDemo.cc", "--game", kit.name, "-o", "Demo.wasm"])
                .current_dir(&dir)
                .env("XDG_CACHE_HOME", cache.path())
                .output()
                .unwrap()
        };
        assert!(out.status.success(), "{}: {}{}", kit.name, text_of(&out.stdout), text_of(&out.stderr));
        let wasm = std::fs::read(dir.join("Demo.wasm")).expect("Demo.wasm was built");
        let info = support::sandbox().inspect(&wasm, Some(kit.name));
        assert!(info.is_ok(), "{}: the sandbox refuses the kit's demo: {:?}", kit.name, info.err());
        if kit.name == "pandemic" {
            if has_make {
                let null = std::fs::read(dir.join("Null.wasm")).expect("make builds AINull.cc too");
                assert!(support::sandbox().inspect(&null, Some("pandemic")).is_ok());
            }
            // The README's local match, with the built bot in a seat.
            let out = std::process::Command::new(&arena)
                .args(["run", "pandemic", "Dummy", "Demo.wasm", "Demo", "Null", "--seed", "1", "--out", "m.replay"])
                .current_dir(&dir)
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", text_of(&out.stderr));
            assert!(dir.join("m.replay").is_file());
        }
    }
}

/// The Rust template of every kit compiles against the SDK in the kit, offline (`cargo check`
/// for the host: the wasm build needs a wasm toolchain, the code is the same).
#[test]
fn the_rust_template_of_each_kit_compiles_against_the_kit_sdk() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target = tempfile::TempDir::new().unwrap();
    for kit in KITS {
        let tmp = tempfile::TempDir::new().unwrap();
        let dir = unpack(&kit.zip().expect("the kit builds"), tmp.path()).join(kit.folder());
        let manifest = dir.join("rust/bot-sdk/template/Cargo.toml");
        let out = std::process::Command::new(&cargo)
            .args(["check", "--offline", "--locked", "--quiet", "--manifest-path"])
            .arg(&manifest)
            .env("CARGO_TARGET_DIR", target.path())
            .env_remove("RUSTFLAGS")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}: {}", kit.name, text_of(&out.stderr));
        assert!(!text_of(&out.stderr).contains("warning"), "{}: {}", kit.name, text_of(&out.stderr));
    }
}

// ---------------------------------------------------------------------------------------------

/// The table with this id: from its id to its end.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id}"));
    let rest = &html[start..];
    &rest[..rest.find("</table>").unwrap_or(rest.len())]
}

fn escape(s: &str) -> String {
    s.replace('&', "&#38;").replace('<', "&#60;").replace('>', "&#62;").replace('"', "&#34;")
}

fn names(table: &[cpp_api::ApiCall]) -> Vec<&str> {
    table.iter().map(|c| c.name.as_str()).collect()
}

/// A zip's file entries as (name, text).
fn unzip(bytes: &[u8]) -> Vec<(String, String)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a valid zip");
    let mut out = Vec::new();
    for k in 0..archive.len() {
        let mut f = archive.by_index(k).unwrap();
        if f.is_dir() {
            continue;
        }
        let mut text = String::new();
        f.read_to_string(&mut text).unwrap();
        out.push((f.name().expect("a UTF-8 name").to_string(), text));
    }
    out
}

fn unpack(bytes: &[u8], into: &Path) -> PathBuf {
    zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a valid zip").extract(into).expect("unpacks");
    into.to_path_buf()
}

/// Files under `dir`, as paths relative to it with `/`.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())).flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out
}

fn which(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
}

/// Whether the compiler is there; prints why a test is skipped otherwise (as cpp_build.rs).
fn have_clang(test: &str) -> bool {
    let found = std::env::var_os("ARENA_CXX").is_some() || which("clang++-19");
    if !found {
        eprintln!("\n******** SKIPPED {test}: clang++-19 is not installed (run scripts/setup.sh) ********\n");
    }
    found
}

/// Issue 36: the server offers its own `arena` (Linux x86-64, the glibc it needs stated) from
/// the rules pages and the starter kit's README, so that a player runs local matches without
/// building Rust.
#[tokio::test]
async fn the_servers_own_arena_is_offered_for_download() {
    let site = support::site().await;
    let reply = get(&site.state, "/download/arena", None).await;
    if !arena::site::players::arena_binary::OFFERED {
        assert_eq!(reply.status, StatusCode::NOT_FOUND);
        return;
    }
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    // This process is the server here: the download is its executable, byte for byte.
    let exe = std::fs::read(std::env::current_exe().unwrap()).unwrap();
    assert!(reply.body == exe, "{} bytes served, {} expected", reply.body.len(), exe.len());
    assert_eq!(reply.header(header::CONTENT_DISPOSITION), "attachment; filename=\"arena\"");
    assert_eq!(reply.header(header::CONTENT_LENGTH), exe.len().to_string());

    let glibc = arena::site::players::arena_binary::required_glibc(&exe).expect("a glibc executable");
    let page = get(&site.state, "/games/pandemic/rules", None).await.text();
    assert!(page.contains("href=\"/download/arena\""), "{page:.3000}");
    assert!(page.contains(&format!("Linux x86-64, glibc {glibc} or newer")), "{page:.3000}");
    let kit = starter_kit::kit_for("pandemic").unwrap();
    let readme = kit.files().into_iter().find(|f| f.path == "README.txt").unwrap().text;
    assert!(readme.contains("/download/arena"), "{readme}");
}
