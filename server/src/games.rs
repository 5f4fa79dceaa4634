//! The server's one table of per-game assets: what the `arena` binary embeds for each game of the
//! engine's catalog (house bots, the C++ SDK's headers and `arena_main.cc`, the starter kit's
//! players, the rules page and its picture, the kit's figures). Every command and page reads it;
//! a test checks it against `engine::catalog::ALL_GAME_NAMES`.
//!
//! Every file has a conventional place, so a game's row is one line of [`GAMES`]:
//! - `bots/prebuilt/<name>/{null,demo,dummy}.wasm`: the house bots (`bots/build.sh`);
//! - `bot-sdk/cpp/<dir>/{Action,Defs,Player,Settings,State,Structs}.hh` and `arena_main.cc`;
//! - `bot-sdk/cpp/examples/<dir>/{AINull,AIDemo}.cc`: the starter kit's players;
//! - `docs/games/<name>.md` (the rules page) and, when it exists, `docs/img/<name>.png`;
//! - `server/kit-figures/<dir>/`: `dummy_rates.txt`, `dummy_lineups.txt` and, when measured,
//!   `demo_scores.txt`, the original kit's figures (`arena strength`, `arena fidelity`).

/// One file embedded from the repository, by its path under the folder it is read from.
#[derive(Clone, Copy, Debug)]
pub struct SdkFile {
    pub path: &'static str,
    pub text: &'static str,
}

/// A house bot: its display name and module bytes.
pub struct HouseBot {
    pub name: &'static str,
    pub wasm: &'static [u8],
}

/// The figures measured once with the original kit's `./Game`, committed as numbers.
pub struct KitFigures {
    /// First-place percentages of the reference players against three kit Dummies.
    pub dummy_rates: &'static str,
    /// The kit Dummy's own score in three line-ups (`arena fidelity --dummy`).
    pub dummy_lineups: &'static str,
    /// Demo x4: winner's and total score per seed (`arena fidelity`), where measured.
    pub demo_scores: Option<&'static str>,
}

/// What the server embeds for one game.
pub struct GameAssets {
    /// The catalog's name (`mad-max`).
    pub name: &'static str,
    /// The name with `_` (`mad_max`): the C++ SDK's folder, the Rust SDK's module, the ABI's
    /// `arena_game_<dir>` marker.
    pub dir: &'static str,
    /// Null, Demo and Dummy, in that order.
    pub house_bots: &'static [HouseBot],
    /// The game's own C++ headers, by path under `bot-sdk/cpp/`.
    pub cpp_headers: &'static [SdkFile],
    /// Its part of the ABI, `<dir>/arena_main.cc`, compiled into every C++ bot of the game.
    pub cpp_main: SdkFile,
    /// The starter kit's `AINull.cc` and `AIDemo.cc`.
    pub null_cc: &'static str,
    pub demo_cc: &'static str,
    /// The rules page (`docs/games/<name>.md`).
    pub rules_md: &'static str,
    /// The screenshot the rules page shows (`../img/<name>.png`), if any.
    pub picture: Option<(&'static str, &'static [u8])>,
    pub kit: KitFigures,
}

macro_rules! repo_file {
    ($($part:expr),*) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../", $($part),*))
    };
}

macro_rules! cpp_file {
    ($dir:literal, $file:literal) => {
        SdkFile { path: concat!($dir, "/", $file), text: repo_file!("bot-sdk/cpp/", $dir, "/", $file) }
    };
}

macro_rules! house {
    ($name:literal, $bot:literal, $file:literal) => {
        HouseBot {
            name: $bot,
            wasm: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bots/prebuilt/", $name, "/", $file)),
        }
    };
}

macro_rules! picture {
    ($name:literal) => {
        Some((
            concat!($name, ".png"),
            include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/img/", $name, ".png")) as &[u8],
        ))
    };
}

/// One row of [`GAMES`]: every asset at its conventional place. `picture` and `demo_scores` say
/// that those optional files exist (a test checks the row against the files).
macro_rules! game {
    ($name:literal, $dir:literal) => {
        game!(@row $name, $dir, None, None)
    };
    ($name:literal, $dir:literal, picture) => {
        game!(@row $name, $dir, picture!($name), None)
    };
    ($name:literal, $dir:literal, demo_scores) => {
        game!(@row $name, $dir, None, Some(repo_file!("server/kit-figures/", $dir, "/demo_scores.txt")))
    };
    ($name:literal, $dir:literal, picture, demo_scores) => {
        game!(@row $name, $dir, picture!($name), Some(repo_file!("server/kit-figures/", $dir, "/demo_scores.txt")))
    };
    (@row $name:literal, $dir:literal, $picture:expr, $demo:expr) => {
        GameAssets {
            name: $name,
            dir: $dir,
            house_bots: &[house!($name, "Null", "null.wasm"), house!($name, "Demo", "demo.wasm"), house!($name, "Dummy", "dummy.wasm")],
            cpp_headers: &[
                cpp_file!($dir, "Action.hh"),
                cpp_file!($dir, "Defs.hh"),
                cpp_file!($dir, "Player.hh"),
                cpp_file!($dir, "Settings.hh"),
                cpp_file!($dir, "State.hh"),
                cpp_file!($dir, "Structs.hh"),
            ],
            cpp_main: cpp_file!($dir, "arena_main.cc"),
            null_cc: repo_file!("bot-sdk/cpp/examples/", $dir, "/AINull.cc"),
            demo_cc: repo_file!("bot-sdk/cpp/examples/", $dir, "/AIDemo.cc"),
            rules_md: repo_file!("docs/games/", $name, ".md"),
            picture: $picture,
            kit: KitFigures {
                dummy_rates: repo_file!("server/kit-figures/", $dir, "/dummy_rates.txt"),
                dummy_lineups: repo_file!("server/kit-figures/", $dir, "/dummy_lineups.txt"),
                demo_scores: $demo,
            },
        }
    };
}

/// The C++ SDK's headers every game shares (`bot-sdk/cpp/include/`): `arena build` compiles
/// with them and every starter kit carries them.
pub static CPP_SHARED_HEADERS: &[SdkFile] = &[
    SdkFile { path: "include/Random.hh", text: repo_file!("bot-sdk/cpp/include/Random.hh") },
    SdkFile { path: "include/Utils.hh", text: repo_file!("bot-sdk/cpp/include/Utils.hh") },
    SdkFile { path: "include/bits/stdc++.h", text: repo_file!("bot-sdk/cpp/include/bits/stdc++.h") },
    // Found before libc++'s <fstream>: file streams for a sandbox without files.
    SdkFile { path: "include/fstream", text: repo_file!("bot-sdk/cpp/include/fstream") },
    SdkFile { path: "include/arena/abi.hh", text: repo_file!("bot-sdk/cpp/include/arena/abi.hh") },
    SdkFile { path: "include/arena/driver.hh", text: repo_file!("bot-sdk/cpp/include/arena/driver.hh") },
    SdkFile { path: "include/arena/grid.hh", text: repo_file!("bot-sdk/cpp/include/arena/grid.hh") },
    SdkFile { path: "include/arena/grid_action.hh", text: repo_file!("bot-sdk/cpp/include/arena/grid_action.hh") },
    SdkFile { path: "include/arena/grid_state.hh", text: repo_file!("bot-sdk/cpp/include/arena/grid_state.hh") },
    SdkFile { path: "include/arena/grid_view.hh", text: repo_file!("bot-sdk/cpp/include/arena/grid_view.hh") },
    SdkFile {
        path: "include/arena/once_per_round.hh",
        text: repo_file!("bot-sdk/cpp/include/arena/once_per_round.hh"),
    },
    SdkFile { path: "include/arena/player.hh", text: repo_file!("bot-sdk/cpp/include/arena/player.hh") },
];

/// Every game, in the catalog's order.
pub static GAMES: &[GameAssets] = &[
    game!("pandemic", "pandemic", demo_scores),
    game!("ork-island", "ork_island", picture, demo_scores),
    game!("walking-dead", "walking_dead", picture),
    game!("purge", "purge", picture),
    game!("mad-max", "mad_max", picture),
];

/// A game's assets, by the catalog's name.
pub fn assets(game: &str) -> Option<&'static GameAssets> {
    GAMES.iter().find(|g| g.name == game)
}

/// A game's house bots (none for a name outside the catalog).
pub fn house_bots(game: &str) -> &'static [HouseBot] {
    assets(game).map_or(&[], |g| g.house_bots)
}

/// A house bot by case-insensitive name.
pub fn find_house_bot(game: &str, name: &str) -> Option<&'static HouseBot> {
    house_bots(game).iter().find(|b| b.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_catalog() {
        let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        assert_eq!(names, engine::catalog::ALL_GAME_NAMES);
        for g in GAMES {
            assert_eq!(g.dir, g.name.replace('-', "_"), "{}", g.name);
            assert_eq!(g.cpp_main.path, format!("{}/arena_main.cc", g.dir));
            assert!(g.rules_md.starts_with("# "), "{}: the rules page has a title", g.name);
            assert!(g.null_cc.contains("Player.hh") && g.demo_cc.contains("Player.hh"), "{}", g.name);
        }
    }

    #[test]
    fn every_game_has_null_demo_and_dummy() {
        for g in engine::catalog::games() {
            let names: Vec<&str> = house_bots(g.name()).iter().map(|b| b.name).collect();
            assert_eq!(names, ["Null", "Demo", "Dummy"], "{}", g.name());
            for b in house_bots(g.name()) {
                assert_eq!(&b.wasm[..4], b"\0asm", "{} {}", g.name(), b.name);
            }
        }
        assert!(find_house_bot("purge", "dUMMY").is_some());
        assert!(find_house_bot("chess", "Dummy").is_none());
    }

    #[test]
    fn optional_files_are_listed_when_they_exist() {
        // A picture or Demo figures added to the repository but not to the row would never show.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for g in GAMES {
            let png = root.join(format!("docs/img/{}.png", g.name)).is_file();
            assert_eq!(g.picture.is_some(), png, "{}: docs/img/{}.png", g.name, g.name);
            let demo = root.join(format!("server/kit-figures/{}/demo_scores.txt", g.dir)).is_file();
            assert_eq!(g.kit.demo_scores.is_some(), demo, "{}: demo_scores.txt", g.name);
        }
    }
}
