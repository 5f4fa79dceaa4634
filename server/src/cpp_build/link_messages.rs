//! What the linker says, made readable: object paths replaced by the sources they come from, the
//! player's uses of stdout turned into warnings, and the known causes of a failed link explained.

use super::flags::STDOUT_SYMBOLS;
use super::toolchain::{install_hint, Toolchain};
use super::BuildError;
use std::path::PathBuf;

/// The linker's messages with the build's object paths replaced by the sources they come from.
pub(super) fn rename_objects(text: &str, objs: &[(PathBuf, String)], runtime: &[PathBuf]) -> String {
    let mut text = text.to_string();
    for (obj, src) in objs {
        text = text.replace(&obj.display().to_string(), src);
    }
    for obj in runtime {
        text = text.replace(&obj.display().to_string(), "<arena SDK runtime>");
    }
    text
}

pub(super) fn is_trace_line(line: &str) -> bool {
    [": reference to ", ": definition of ", ": lazy definition of "].iter().any(|p| line.contains(p))
}

/// "AIName.cc writes to stdout (std::cout)..." for each player file that references stdout.
pub(super) fn stdout_warnings(traces: &[&str], objs: &[(PathBuf, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for (_, src) in objs {
        let mut uses: Vec<&str> = Vec::new();
        for line in traces {
            let Some(sym) = line.strip_prefix(src.as_str()).and_then(|r| r.strip_prefix(": reference to ")) else {
                continue;
            };
            if let Some((_, name)) = STDOUT_SYMBOLS.iter().find(|(s, _)| *s == sym.trim()) {
                if !uses.contains(name) {
                    uses.push(name);
                }
            }
        }
        if !uses.is_empty() {
            out.push(format!(
                "{src} writes to stdout ({}): a bot that writes to stdout is frozen; write debug output to cerr",
                uses.join(", ")
            ));
        }
    }
    out
}

/// Time functions that wasi-libc declares but does not define: calling one fails to link.
const CLOCK_FUNCTIONS: &[&str] = &["clock", "times", "getrusage"];

/// A failed link, explained when the cause is known; otherwise the linker's messages.
pub(super) fn link_error(text: &str, names: &str, tc: &Toolchain, on_line: &mut dyn FnMut(&[u8])) -> BuildError {
    if text.contains("undefined symbol: arena_new_player") {
        return BuildError::Source(format!(
            "no player in {names}: a player file ends with `RegisterPlayer(PLAYER_NAME);` \
             (see AIDemo.cc in bot-sdk/cpp/examples)"
        ));
    }
    if text.contains("duplicate symbol: arena_new_player") {
        return BuildError::Source(format!(
            "{names} register more than one player (RegisterPlayer): a bot has exactly one"
        ));
    }
    let clocks: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split("undefined symbol: ").nth(1))
        .map(str::trim)
        .filter(|s| CLOCK_FUNCTIONS.contains(s))
        .collect();
    if !clocks.is_empty() {
        let mut uses: Vec<String> = clocks.iter().map(|c| format!("{c}()")).collect();
        uses.dedup();
        return BuildError::Source(format!("{names} uses the clock ({}): bots may not read the time", uses.join(", ")));
    }
    for line in text.lines() {
        on_line(line.as_bytes());
    }
    if text.contains("wasm-ld") && (text.contains("unable to execute") || text.contains("not found")) {
        return BuildError::Setup(format!("the WebAssembly linker wasm-ld is missing; {}", install_hint()));
    }
    if text.contains("libclang_rt.builtins-wasm32.a") {
        return BuildError::Setup(format!(
            "compiler-rt for wasm32 is missing (libclang_rt.builtins-wasm32.a for {}); {}",
            tc.cxx.display(),
            install_hint()
        ));
    }
    BuildError::Source(format!("{names} did not link (the linker's messages are above)"))
}
