//! The committed modules in `bots/prebuilt/` speak the bot ABI: the exports it requires, no
//! import beyond the ones it allows. (`bots/build.sh --check` checks that they match the sources.)

use std::path::PathBuf;

fn leb(b: &[u8], i: &mut usize) -> u32 {
    let (mut r, mut shift) = (0u32, 0);
    loop {
        let x = b[*i];
        *i += 1;
        r |= u32::from(x & 0x7f) << shift;
        shift += 7;
        if x < 0x80 {
            return r;
        }
    }
}

fn name(b: &[u8], i: &mut usize) -> String {
    let n = leb(b, i) as usize;
    let s = String::from_utf8(b[*i..*i + n].to_vec()).expect("utf-8 name");
    *i += n;
    s
}

fn skip_limits(b: &[u8], i: &mut usize) {
    let flags = b[*i];
    *i += 1;
    leb(b, i);
    if flags & 1 != 0 {
        leb(b, i);
    }
}

/// (imports as `module.name`, exports) of a module.
fn interface(b: &[u8]) -> (Vec<String>, Vec<String>) {
    assert_eq!(&b[..8], b"\0asm\x01\0\0\0", "a wasm module");
    let (mut imports, mut exports) = (Vec::new(), Vec::new());
    let mut i = 8;
    while i < b.len() {
        let id = b[i];
        i += 1;
        let size = leb(b, &mut i) as usize;
        let end = i + size;
        let mut j = i;
        match id {
            2 => {
                for _ in 0..leb(b, &mut j) {
                    let m = name(b, &mut j);
                    let f = name(b, &mut j);
                    let kind = b[j];
                    j += 1;
                    match kind {
                        0 => {
                            leb(b, &mut j);
                        }
                        1 => {
                            j += 1;
                            skip_limits(b, &mut j);
                        }
                        2 => skip_limits(b, &mut j),
                        _ => j += 2,
                    }
                    imports.push(format!("{m}.{f}"));
                }
            }
            7 => {
                for _ in 0..leb(b, &mut j) {
                    let f = name(b, &mut j);
                    j += 1;
                    leb(b, &mut j);
                    exports.push(f);
                }
            }
            _ => {}
        }
        i = end;
    }
    (imports, exports)
}

#[test]
fn prebuilt_modules_speak_the_abi() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../prebuilt");
    let allowed = ["arena.random", "arena.orders", "arena.fail", "wasi_snapshot_preview1.fd_write"];
    let games = [("pandemic", "arena_game_pandemic"), ("ork-island", "arena_game_ork_island")];
    for (game, bot, marker) in games.into_iter().flat_map(|(g, m)| ["null", "demo", "dummy"].map(|b| (g, b, m))) {
        let path = dir.join(game).join(format!("{bot}.wasm"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (run bots/build.sh)", path.display()));
        let (imports, exports) = interface(&bytes);
        for i in &imports {
            assert!(allowed.contains(&i.as_str()), "{game}/{bot}: import {i} is not allowed");
        }
        for e in ["memory", "arena_abi_v1", marker, "arena_alloc", "arena_start", "arena_play"] {
            assert!(exports.iter().any(|x| x == e), "{game}/{bot}: no export {e}");
        }
        assert!(!exports.iter().any(|x| x.starts_with("arena_abi_v") && x != "arena_abi_v1"));
    }
    let toolchain = std::fs::read_to_string(dir.join("TOOLCHAIN")).expect("prebuilt/TOOLCHAIN");
    assert!(toolchain.starts_with("rustc "), "{toolchain}");
}
