//! The check of a built module: valid WebAssembly, only the imports the bot ABI offers
//! (docs/bot-abi.md), and the ABI's exports for its game. Run after every link, so that a player
//! who reads the clock learns it at build time rather than at upload.

use std::fmt::Write as _;

/// What the ABI lets a bot import (docs/bot-abi.md).
const ALLOWED_IMPORTS: &[(&str, &str)] = &[
    ("arena", "random"),
    ("arena", "orders"),
    ("arena", "fail"),
    ("wasi_snapshot_preview1", "fd_write"),
    ("wasi_snapshot_preview1", "fd_read"),
    ("wasi_snapshot_preview1", "fd_close"),
    ("wasi_snapshot_preview1", "fd_seek"),
    ("wasi_snapshot_preview1", "fd_fdstat_get"),
    ("wasi_snapshot_preview1", "environ_sizes_get"),
    ("wasi_snapshot_preview1", "environ_get"),
    ("wasi_snapshot_preview1", "args_sizes_get"),
    ("wasi_snapshot_preview1", "args_get"),
    ("wasi_snapshot_preview1", "proc_exit"),
];

/// Whether an import (module, name) is of a kind of refused import.
type ImportKind = fn(&str, &str) -> bool;

/// Why a module's imports are refused, one reason per kind of import, in this order.
const IMPORT_REASONS: &[(ImportKind, &str)] = &[
    (
        |m, n| m == "wasi_snapshot_preview1" && n.starts_with("clock_"),
        "uses the clock ({}): bots may not read the time (time(), clock_gettime(), gettimeofday(), std::chrono clocks)",
    ),
    (
        |m, n| m == "wasi_snapshot_preview1" && n == "random_get",
        "uses the host's randomness ({}): bots may not (std::random_device, getentropy()); use random(l, u), \
         or rand() / std::mt19937 with a fixed seed",
    ),
    (
        |m, n| m == "wasi_snapshot_preview1" && (n.starts_with("path_") || n.starts_with("fd_")),
        "uses files ({}): bots may not open files",
    ),
    (|m, n| m == "wasi_snapshot_preview1" && n.starts_with("sock_"), "uses the network ({}): bots may not"),
    (|m, n| m == "wasi_snapshot_preview1" && n == "poll_oneoff", "waits or sleeps ({}): bots may not"),
    (|_, _| true, "imports {}, which the sandbox does not offer (docs/bot-abi.md lists what a bot may import)"),
];

/// Checks a built module: valid WebAssembly, only the ABI's imports, and the ABI's exports for
/// `game`. The error completes a sentence that starts with the sources' names.
pub fn check_module(bytes: &[u8], game: &str) -> Result<(), String> {
    use wasmparser::{ExternalKind, Parser, Payload, TypeRef};
    wasmparser::Validator::new().validate_all(bytes).map_err(|e| format!("built an invalid module: {e}"))?;
    let mut refused: Vec<Vec<String>> = vec![Vec::new(); IMPORT_REASONS.len()];
    let mut exports: Vec<(String, ExternalKind)> = Vec::new();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(|e| e.to_string())? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    let import = import.map_err(|e| e.to_string())?;
                    let is_func = matches!(import.ty, TypeRef::Func(_));
                    if is_func && ALLOWED_IMPORTS.contains(&(import.module, import.name)) {
                        continue;
                    }
                    let k = IMPORT_REASONS.iter().position(|(f, _)| f(import.module, import.name)).unwrap_or(0);
                    let shown = if import.module == "wasi_snapshot_preview1" {
                        import.name.to_string()
                    } else {
                        format!("{}.{}", import.module, import.name)
                    };
                    refused[k].push(shown);
                }
            }
            Payload::ExportSection(reader) => {
                for export in reader {
                    let export = export.map_err(|e| e.to_string())?;
                    exports.push((export.name.to_string(), export.kind));
                }
            }
            _ => {}
        }
    }
    let mut reasons = Vec::new();
    for (names, (_, why)) in refused.iter().zip(IMPORT_REASONS) {
        if !names.is_empty() {
            reasons.push(why.replace("{}", &names.join(", ")));
        }
    }
    if !reasons.is_empty() {
        return Err(reasons.join("; it also "));
    }
    let marker = format!("arena_game_{}", game.replace('-', "_"));
    let mut missing = String::new();
    let has = |name: &str, kind: ExternalKind| exports.iter().any(|(n, k)| n == name && *k == kind);
    if !has("memory", ExternalKind::Memory) {
        missing.push_str(" memory");
    }
    for f in ["arena_abi_v1", marker.as_str(), "arena_alloc", "arena_start", "arena_play"] {
        if !has(f, ExternalKind::Func) {
            let _ = write!(missing, " {f}");
        }
    }
    if !missing.is_empty() {
        return Err(format!("built a module without the ABI's exports{missing} (a bug in the C++ SDK)"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module importing functions `() -> ()` by (module, name), and exporting what `exports` names.
    fn module(imports: &[(&str, &str)], exports: &[&str]) -> Vec<u8> {
        fn name(out: &mut Vec<u8>, s: &str) {
            out.push(s.len() as u8);
            out.extend_from_slice(s.as_bytes());
        }
        fn section(out: &mut Vec<u8>, id: u8, body: Vec<u8>) {
            out.push(id);
            let mut n = body.len();
            while n >= 0x80 {
                out.push((n & 0x7f) as u8 | 0x80);
                n >>= 7;
            }
            out.push(n as u8);
            out.extend(body);
        }
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        section(&mut m, 1, vec![1, 0x60, 0, 0]);
        let mut imp = vec![imports.len() as u8];
        for (module, n) in imports {
            name(&mut imp, module);
            name(&mut imp, n);
            imp.extend([0, 0]);
        }
        section(&mut m, 2, imp);
        let funcs = exports.iter().filter(|e| **e != "memory").count();
        let mut fs = vec![funcs as u8];
        fs.extend(std::iter::repeat_n(0u8, funcs));
        section(&mut m, 3, fs);
        section(&mut m, 5, vec![1, 0, 1]);
        let mut ex = vec![exports.len() as u8];
        let mut f = imports.len() as u8;
        for e in exports {
            name(&mut ex, e);
            if *e == "memory" {
                ex.extend([2, 0]);
            } else {
                ex.extend([0, f]);
                f += 1;
            }
        }
        section(&mut m, 7, ex);
        let mut code = vec![funcs as u8];
        for _ in 0..funcs {
            code.extend([2, 0, 0x0b]);
        }
        section(&mut m, 10, code);
        m
    }

    const EXPORTS: &[&str] =
        &["memory", "arena_abi_v1", "arena_game_pandemic", "arena_alloc", "arena_start", "arena_play"];

    #[test]
    fn accepts_the_abi_imports_and_exports() {
        let m = module(ALLOWED_IMPORTS, EXPORTS);
        assert_eq!(check_module(&m, "pandemic"), Ok(()));
    }

    #[test]
    fn names_the_clock_randomness_and_files() {
        let m = module(&[("wasi_snapshot_preview1", "clock_time_get"), ("arena", "random")], EXPORTS);
        let e = check_module(&m, "pandemic").unwrap_err();
        assert!(e.starts_with("uses the clock (clock_time_get): bots may not read the time"), "{e}");
        let m = module(
            &[
                ("wasi_snapshot_preview1", "random_get"),
                ("wasi_snapshot_preview1", "path_open"),
                ("wasi_snapshot_preview1", "fd_prestat_get"),
                ("env", "magic"),
            ],
            EXPORTS,
        );
        let e = check_module(&m, "pandemic").unwrap_err();
        assert!(e.contains("uses the host's randomness (random_get)"), "{e}");
        assert!(e.contains("uses files (path_open, fd_prestat_get)"), "{e}");
        assert!(e.contains("imports env.magic, which the sandbox does not offer"), "{e}");
    }

    #[test]
    fn wants_the_game_marker() {
        let m = module(&[], EXPORTS);
        let e = check_module(&m, "ork-island").unwrap_err();
        assert!(e.contains("arena_game_ork_island"), "{e}");
        assert!(check_module(b"\0asm\x01\0\0\0garbage", "pandemic").unwrap_err().contains("invalid module"));
    }
}
