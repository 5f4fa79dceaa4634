//! The house bots (Null, Demo, Dummy) as WebAssembly, built from `bots/` with the Rust SDK and
//! embedded in the binary, so that `arena` needs no wasm toolchain to play them.
//! `bots/build.sh --check` verifies that the committed files rebuild byte for byte.

/// A house bot: its display name and module bytes.
pub struct HouseBot {
    pub name: &'static str,
    pub wasm: &'static [u8],
}

const PANDEMIC: &[HouseBot] = &[
    HouseBot { name: "Null", wasm: include_bytes!("../../bots/prebuilt/pandemic/null.wasm") },
    HouseBot { name: "Demo", wasm: include_bytes!("../../bots/prebuilt/pandemic/demo.wasm") },
    HouseBot { name: "Dummy", wasm: include_bytes!("../../bots/prebuilt/pandemic/dummy.wasm") },
];

const ORK_ISLAND: &[HouseBot] = &[
    HouseBot { name: "Null", wasm: include_bytes!("../../bots/prebuilt/ork-island/null.wasm") },
    HouseBot { name: "Demo", wasm: include_bytes!("../../bots/prebuilt/ork-island/demo.wasm") },
    HouseBot { name: "Dummy", wasm: include_bytes!("../../bots/prebuilt/ork-island/dummy.wasm") },
];

const WALKING_DEAD: &[HouseBot] = &[
    HouseBot { name: "Null", wasm: include_bytes!("../../bots/prebuilt/walking-dead/null.wasm") },
    HouseBot { name: "Demo", wasm: include_bytes!("../../bots/prebuilt/walking-dead/demo.wasm") },
    HouseBot { name: "Dummy", wasm: include_bytes!("../../bots/prebuilt/walking-dead/dummy.wasm") },
];

const PURGE: &[HouseBot] = &[
    HouseBot { name: "Null", wasm: include_bytes!("../../bots/prebuilt/purge/null.wasm") },
    HouseBot { name: "Demo", wasm: include_bytes!("../../bots/prebuilt/purge/demo.wasm") },
    HouseBot { name: "Dummy", wasm: include_bytes!("../../bots/prebuilt/purge/dummy.wasm") },
];

const MAD_MAX: &[HouseBot] = &[
    HouseBot { name: "Null", wasm: include_bytes!("../../bots/prebuilt/mad-max/null.wasm") },
    HouseBot { name: "Demo", wasm: include_bytes!("../../bots/prebuilt/mad-max/demo.wasm") },
    HouseBot { name: "Dummy", wasm: include_bytes!("../../bots/prebuilt/mad-max/dummy.wasm") },
];

/// A game's house bots.
pub fn house_bots(game: &str) -> &'static [HouseBot] {
    match game {
        "pandemic" => PANDEMIC,
        "ork-island" => ORK_ISLAND,
        "walking-dead" => WALKING_DEAD,
        "purge" => PURGE,
        "mad-max" => MAD_MAX,
        _ => &[],
    }
}

/// A house bot by case-insensitive name.
pub fn find(game: &str, name: &str) -> Option<&'static HouseBot> {
    house_bots(game).iter().find(|b| b.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_playable_game_has_null_demo_and_dummy() {
        for g in engine::catalog::games() {
            let names: Vec<&str> = super::house_bots(g.name()).iter().map(|b| b.name).collect();
            assert_eq!(names, ["Null", "Demo", "Dummy"], "{}", g.name());
            for b in super::house_bots(g.name()) {
                assert_eq!(&b.wasm[..4], b"\0asm", "{} {}", g.name(), b.name);
            }
        }
    }
}
