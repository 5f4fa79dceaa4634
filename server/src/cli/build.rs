//! `arena build`: compiles a Jutge-kit player (`AIName.cc`, unchanged) to a WebAssembly bot, with
//! the library's pipeline (`arena::cpp_build`), the one the server's source uploads use: the same
//! source and Arena version give the same module. On the player's own machine the compiler runs
//! directly (no jail), its messages shown as they come.

use anyhow::Context;
use arena::cpp_build::{self, BuildError, BuildSettings};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct BuildArgs {
    /// The player's C++ sources: AIName.cc, then any other .cc files it needs.
    #[arg(required = true, value_name = "FILE.cc")]
    files: Vec<PathBuf>,
    /// The game the player plays (the C++ SDK supports: pandemic, ork-island, walking-dead, purge,
    /// mad-max).
    #[arg(short, long)]
    game: String,
    /// Where to write the bot (default: the first file's name with .wasm, e.g. AIName.wasm).
    #[arg(short, long, value_name = "FILE.wasm")]
    output: Option<PathBuf>,
    /// Print the compiler commands.
    #[arg(short, long)]
    verbose: bool,
}

pub fn run(a: BuildArgs) -> anyhow::Result<()> {
    let output = match &a.output {
        Some(o) => o.clone(),
        None => {
            let stem = a.files.first().and_then(|f| f.file_stem()).unwrap_or_default();
            PathBuf::from(stem).with_extension("wasm")
        }
    };
    let bytes = build_wasm(&a.files, &a.game, a.verbose)?;
    std::fs::write(&output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    eprintln!(
        "built {} ({:.1} KB) from {}",
        output.display(),
        bytes.len() as f64 / 1000.0,
        cpp_build::file_names(&a.files)
    );
    Ok(())
}

/// Compiles a player's sources (`AIName.cc` first) for `game` to a checked WebAssembly module,
/// the compiler's messages on stderr.
pub(super) fn build_wasm(files: &[PathBuf], game: &str, verbose: bool) -> anyhow::Result<Vec<u8>> {
    cpp_build::sdk::sdk_for(game)?;
    cpp_build::check_sources(files)?;
    let settings = BuildSettings { verbose, color: std::io::stderr().is_terminal(), jail: None };
    let mut err = std::io::stderr().lock();
    let built = cpp_build::build(files, game, &settings, &mut |line| {
        // As bytes: a source excerpt in Latin-1 stays as it is.
        let _ = err.write_all(line);
        let _ = err.write_all(b"\n");
    });
    drop(err);
    match built {
        Ok(b) => {
            for w in &b.warnings {
                eprintln!("warning: {w}");
            }
            Ok(b.wasm)
        }
        Err(BuildError::Setup(e) | BuildError::Source(e) | BuildError::Limit(e)) => Err(anyhow::anyhow!(e)),
    }
}
