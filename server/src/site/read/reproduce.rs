//! Playing a server match again on one's own machine: the exact `arena run` command (the modules
//! by hash, the names they played under, the seed, the sandbox limits when not the defaults) and
//! a bundle (a zip: the server's replay, `match.json`, the modules the reader may download, a
//! script that plays the match and compares the replays byte for byte).
//!
//! The engine is deterministic (one seeded RNG per match, fuel instead of time), so the same
//! modules, names, seed and limits give the same replay bytes with the same Arena version.

use crate::site::read::queries::MatchDetail;
use std::io::Write;

/// The file name a seat's module has in the command and the bundle: its hash's first 16 hex
/// digits (enough to tell a match's modules apart; `match.json` has the full hashes).
pub fn module_file(hash: &str) -> String {
    let hex = hash.strip_prefix("sha256:").unwrap_or(hash);
    format!("{}.wasm", &hex[..hex.len().min(16)])
}

/// The command that plays `m` again, to be run where the four modules are (`modules/`).
pub fn command(m: &MatchDetail, limits: &sandbox::Limits) -> String {
    let mut cmd = format!("arena run {}", m.game);
    for p in &m.players {
        cmd.push_str(&format!(" modules/{}", module_file(&p.wasm_hash)));
    }
    let names: Vec<&str> = m.players.iter().map(|p| p.replay_name()).collect();
    cmd.push_str(&format!(" --seed {} --names {}", m.seed, names.join(",")));
    if m.config.is_some() {
        cmd.push_str(" --config match.cnf");
    }
    let defaults = sandbox::Limits::default();
    if limits.fuel != defaults.fuel {
        cmd.push_str(&format!(" --fuel {}", limits.fuel));
    }
    if limits.memory != 64 << 20 {
        cmd.push_str(&format!(" --memory {}", limits.memory >> 20));
    }
    cmd.push_str(&format!(" --out match-{}.replay", m.id));
    cmd
}

/// A module in the bundle, or why it is not there.
pub enum BundledModule {
    Included {
        hash: String,
        bytes: Vec<u8>,
    },
    /// Another player's module the reader may not download.
    Private {
        hash: String,
    },
}

/// `match.json`: what identifies the match.
#[derive(serde::Serialize)]
struct MatchFile<'a> {
    id: i64,
    game: &'a str,
    kind: &'a str,
    seed: i64,
    arena_version: &'static str,
    fuel: u64,
    memory_mib: usize,
    players: Vec<PlayerFile<'a>>,
    command: String,
}

#[derive(serde::Serialize)]
struct PlayerFile<'a> {
    seat: i16,
    bot_id: i64,
    name: &'a str,
    owner: &'a str,
    hash: &'a str,
    file: String,
    included: bool,
}

/// The bundle's bytes. `modules` has one entry per distinct hash of the match.
pub fn bundle(
    m: &MatchDetail,
    limits: &sandbox::Limits,
    replay: Option<&[u8]>,
    modules: &[BundledModule],
) -> zip::result::ZipResult<Vec<u8>> {
    let included =
        |hash: &str| modules.iter().any(|b| matches!(b, BundledModule::Included { hash: h, .. } if h == hash));
    let command = command(m, limits);
    let info = MatchFile {
        id: m.id,
        game: &m.game,
        kind: &m.kind,
        seed: m.seed,
        arena_version: env!("CARGO_PKG_VERSION"),
        fuel: limits.fuel,
        memory_mib: limits.memory >> 20,
        players: m
            .players
            .iter()
            .map(|p| PlayerFile {
                seat: p.seat,
                bot_id: p.bot_id,
                name: p.replay_name(),
                owner: &p.owner,
                hash: &p.wasm_hash,
                file: format!("modules/{}", module_file(&p.wasm_hash)),
                included: included(&p.wasm_hash),
            })
            .collect(),
        command: command.clone(),
    };
    let missing: Vec<String> = modules
        .iter()
        .filter_map(|b| match b {
            BundledModule::Private { hash } => Some(format!("modules/{} ({hash})", module_file(hash))),
            BundledModule::Included { .. } => None,
        })
        .collect();

    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    // Fixed times, so that the same match gives the same bundle bytes.
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default())
        .unix_permissions(0o644);
    // Modules and the replay (already zstd) are stored, not deflated: a bundle then costs the
    // server a copy, not the compression of megabytes a reader could ask for again and again.
    let stored = options.compression_method(zip::CompressionMethod::Stored);
    let dir = format!("arena-match-{}", m.id);
    zip.start_file(format!("{dir}/README.txt"), options)?;
    zip.write_all(readme(m, &command, &missing, replay.is_some()).as_bytes())?;
    zip.start_file(format!("{dir}/match.json"), options)?;
    zip.write_all(&serde_json::to_vec_pretty(&info).map_err(std::io::Error::other)?)?;
    zip.start_file(format!("{dir}/reproduce.sh"), options.unix_permissions(0o755))?;
    zip.write_all(script(m, &command, replay.is_some()).as_bytes())?;
    if let Some(config) = &m.config {
        zip.start_file(format!("{dir}/match.cnf"), options)?;
        zip.write_all(config.as_bytes())?;
    }
    if let Some(bytes) = replay {
        zip.start_file(format!("{dir}/server.replay"), stored)?;
        zip.write_all(bytes)?;
    }
    for b in modules {
        if let BundledModule::Included { hash, bytes } = b {
            zip.start_file(format!("{dir}/modules/{}", module_file(hash)), stored)?;
            zip.write_all(bytes)?;
        }
    }
    Ok(zip.finish()?.into_inner())
}

fn readme(m: &MatchDetail, command: &str, missing: &[String], has_replay: bool) -> String {
    let mut text = format!(
        "Match #{id} of {title} ({kind}), seed {seed}.\n\n\
         Play it again on your machine (Arena {version}, `arena` on your PATH):\n\n    sh reproduce.sh\n\n\
         which runs\n\n    {command}\n\n",
        id = m.id,
        title = m.game_title,
        kind = m.kind,
        seed = m.seed,
        version = env!("CARGO_PKG_VERSION"),
    );
    if has_replay {
        text.push_str(&format!(
            "and compares match-{}.replay with server.replay, the replay the server wrote: the same Arena \
             version gives the same bytes.\n",
            m.id
        ));
    }
    if !missing.is_empty() {
        text.push_str(&format!(
            "\nNot included (other players' modules you may not download): {}.\n\
             Put them in modules/ under these names to play the match.\n",
            missing.join(", ")
        ));
    }
    text.push_str("\nmatch.json lists the players, their modules' full hashes and the sandbox limits.\n");
    text
}

fn script(m: &MatchDetail, command: &str, has_replay: bool) -> String {
    let mut s = format!(
        "#!/bin/sh\n# Plays match #{} again and compares the replay with the server's.\nset -e\ncd \"$(dirname \"$0\")\"\n{}\n",
        m.id, command
    );
    if has_replay {
        s.push_str(&format!(
            "if cmp -s match-{id}.replay server.replay; then\n  echo \"same replay as the server's, byte for byte\"\n\
             else\n  echo \"the replays differ (another Arena version?)\" >&2\n  exit 1\nfi\n",
            id = m.id
        ));
    }
    s
}
