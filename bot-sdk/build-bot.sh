#!/usr/bin/env bash
# Builds a Rust bot crate (a cdylib using arena-bot-sdk) to a WebAssembly module for Arena.
#
#   bot-sdk/build-bot.sh <crate-dir> [-o out.wasm]
#
# Toolchain, in this order:
#   1. rustup with the wasm32-unknown-unknown target installed:
#        cargo build --release --target wasm32-unknown-unknown
#   2. Debian's packages rustc-web, cargo-web, rust-web-src and lld-19: their rustc builds std
#      from source (-Zbuild-std) and links with wasm-ld 19.
# The build is reproducible: source, cargo-home and std-source paths are remapped, so the bytes
# do not depend on where the repository is checked out (same toolchain, same bytes).
#
# With Debian's toolchain, std is built once per toolchain and reused by every later bot: a
# first build makes it under $XDG_CACHE_HOME/arena/wasm-std/ (~/.cache/...), and each bot's
# target directory is seeded from there, so a new bot crate builds in seconds instead of a
# minute. Cargo still decides freshness (a bot with another release profile rebuilds std), and
# the bytes are the same as without the cache.
#
# Environment: CARGO_TARGET_DIR is honoured (default: the crate's workspace target/);
# ARENA_WASM_STD_CACHE=off builds std from scratch in the target directory, as before.
# Prints the path of the module (or copies it to -o).
set -euo pipefail

# This script is also cargo's RUSTC_WRAPPER (Debian toolchain): it appends the per-bot path
# remaps (the SDK's and the workspace's) to the wasm units' rustc calls. They stay out of
# RUSTFLAGS, which every unit's fingerprint includes, so std's units are the same for every bot
# and can be shared; RUSTFLAGS never enter -C metadata (symbol names), so the bytes are
# unchanged.
if [[ "${ARENA_BUILD_BOT_AS_RUSTC:-}" == 1 ]]; then
    rustc="$1"
    shift
    extra=()
    # Only the wasm units: build scripts and proc macros built for the host keep their flags.
    case " $* " in
    *" --target wasm32-unknown-unknown "*)
        IFS=$'\x1f' read -r -a extra <<<"${ARENA_BUILD_BOT_REMAPS:-}"
        ;;
    esac
    if [[ -n "${ARENA_BUILD_BOT_INNER_WRAPPER:-}" ]]; then
        exec "$ARENA_BUILD_BOT_INNER_WRAPPER" "$rustc" "$@" "${extra[@]}"
    fi
    exec "$rustc" "$@" "${extra[@]}"
fi

usage() {
    echo "usage: $0 <crate-dir> [-o out.wasm]" >&2
    exit 2
}

crate=""
out=""
while [[ $# -gt 0 ]]; do
    case "$1" in
    -o)
        [[ $# -ge 2 ]] || usage
        out="$2"
        shift 2
        ;;
    -h | --help) usage ;;
    -*) usage ;;
    *)
        [[ -z "$crate" ]] || usage
        crate="$1"
        shift
        ;;
    esac
done
[[ -n "$crate" ]] || usage
[[ -f "$crate/Cargo.toml" ]] || {
    echo "error: $crate/Cargo.toml not found: give the directory of the bot's crate" >&2
    exit 2
}

crate="$(cd "$crate" && pwd -P)"
sdk="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"

# Cargo hashes a path dependency outside the bot's workspace (the SDK, for the house bots) by its
# absolute path, and those hashes decide the order of functions in the module. So a bot inside
# this repository is built through a fixed path, a symlink to the repository held under a lock:
# its bytes then do not depend on where the repository is checked out.
repo="$(dirname "$sdk")"
if [[ "$crate" == "$repo"/* ]] && command -v flock >/dev/null 2>&1; then
    stable="/tmp/arena-bot-build"
    exec 9>"$stable.lock"
    flock 9
    rm -f "$stable"
    ln -s "$repo" "$stable"
    crate="$stable/${crate#"$repo"/}"
    sdk="$stable/bot-sdk"
fi
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
target=wasm32-unknown-unknown

# The toolchain.
mode=""
if command -v rustup >/dev/null 2>&1 && (cd "$crate" && rustup target list --installed 2>/dev/null) | grep -qx "$target"; then
    mode=rustup
    cargo=(cargo)
    rustc_bin="$(cd "$crate" && rustup which rustc)"
elif [[ -x /usr/bin/rustc && -x /usr/bin/cargo && -x /usr/lib/llvm-19/bin/wasm-ld ]] &&
    [[ -d "$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library/std" ]]; then
    mode=debian
    cargo=(/usr/bin/cargo)
    rustc_bin=/usr/bin/rustc
    export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-19/bin/wasm-ld
else
    cat >&2 <<EOF
error: no Rust toolchain that can build $target was found. Either:
  - with rustup:  rustup target add $target
  - on Debian 12: apt-get install rustc-web cargo-web rust-web-src lld-19
    (rustc/cargo 1.8x+ in /usr/bin, std sources for -Zbuild-std, /usr/lib/llvm-19/bin/wasm-ld)
EOF
    exit 1
fi

# Path remapping for reproducible bytes (panic messages carry source paths). rustc applies the
# last matching prefix, so the more specific ones come last.
sysroot="$("$rustc_bin" --print sysroot)"
remaps=("$cargo_home=/cargo" "$sysroot=/rust-sysroot")
rust_src="$sysroot/lib/rustlib/src/rust"
if [[ -e "$rust_src" ]]; then
    remaps+=("$(readlink -f "$rust_src")=/rust-src" "$rust_src=/rust-src")
fi
remaps+=("$sdk=/arena-bot-sdk")
# The crate's workspace (the crate itself when it is its own workspace, like the template).
# Members' own paths are relative to it; path dependencies outside it are absolute. All bots of
# one workspace get the same flags, so std (-Zbuild-std) is built once for them.
ws_root="$(cd "$crate" && "${cargo[@]}" locate-project --manifest-path "$crate/Cargo.toml" --workspace --message-format plain 2>/dev/null || true)"
if [[ -n "$ws_root" ]]; then
    ws_root="$(dirname "$ws_root")"
else
    ws_root="$crate"
fi
remaps+=("$ws_root=/workspace")
# The stack pointer, exported so that the host can tell a stack overflow from another
# out-of-bounds access (docs/bot-abi.md, "Freezes").
flags=" -C link-arg=--export=__stack_pointer"
# With -Zbuild-std the per-bot remaps (the last two) go through the wrapper above, so that
# RUSTFLAGS, and with them std's units, are the same for every bot of this toolchain.
shared=${#remaps[@]}
if [[ "$mode" == debian ]]; then
    shared=$((shared - 2))
fi
for r in "${remaps[@]:0:shared}"; do
    flags+=" --remap-path-prefix=$r"
done
export RUSTFLAGS="${RUSTFLAGS:-}$flags"
if [[ "$mode" == debian ]]; then
    bot_remaps=""
    for r in "${remaps[@]:shared}"; do
        bot_remaps+="--remap-path-prefix=$r"$'\x1f'
    done
    export ARENA_BUILD_BOT_AS_RUSTC=1 ARENA_BUILD_BOT_REMAPS="$bot_remaps"
    export ARENA_BUILD_BOT_INNER_WRAPPER="${RUSTC_WRAPPER:-}"
    export RUSTC_WRAPPER="$sdk/build-bot.sh"
fi

# std's print macros print nothing in a wasm32-unknown-unknown bot: refuse them rather than let a
# player wonder where the output went. The SDK's own eprintln!/eprint! (called as
# arena_bot::eprintln!, or imported with `use arena_bot::eprintln`) write to the captured stderr.
refused=""
while IFS= read -r -d '' f; do
    # Comments and string literals are not code; drop line comments and simple strings first.
    code="$(sed -e 's://.*$::' -e 's/"\([^"\\]\|\\.\)*"/""/g' "$f")"
    uses_sdk_macros=0
    if tr '\n' ' ' <<<"$code" | grep -Eq 'use[[:space:]]+arena_bot::(\{[^}]*\beprint(ln)?\b[^}]*\}|eprint(ln)?\b|\*)|macro_use'; then
        uses_sdk_macros=1
    fi
    while IFS= read -r hit; do
        line="${hit%%:*}"
        text="${hit#*:}"
        if grep -Eq '(^|[^:_[:alnum:]])(println|print|dbg)!' <<<"$text"; then
            refused+="  ${f#"$crate"/}:$line: std's print!/println!/dbg! write to stdout, which a bot may not use (and prints nothing here)"$'\n'
        elif [[ $uses_sdk_macros -eq 0 ]] && grep -Eq '(^|[^:_[:alnum:]])(eprintln|eprint)!' <<<"$text"; then
            refused+="  ${f#"$crate"/}:$line: std's eprintln!/eprint! print nothing in a wasm32-unknown-unknown bot"$'\n'
        fi
    done < <(grep -nE '(^|[^:_[:alnum:]])(println|print|dbg|eprintln|eprint)!' <<<"$code" || true)
done < <(find "$crate/src" -name '*.rs' -print0 2>/dev/null)
if [[ -n "$refused" ]]; then
    printf 'error: the bot uses print macros that would print nothing:\n%s' "$refused" >&2
    echo "use arena_bot::eprintln! (or arena_bot::log!): it writes to the bot's stderr, shown to you with each match" >&2
    exit 1
fi

args=(build --release --target "$target" --manifest-path "$crate/Cargo.toml" --message-format json-render-diagnostics)
if [[ "$mode" == debian ]]; then
    args+=(-Zbuild-std=std,panic_abort)
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# The shared std (Debian toolchain): built once per toolchain and flags into the cache by a
# minimal bot-like crate (the template's release profile), then copied into this bot's target
# directory unless it is there already. Copies, not hard links: cargo rewrites some files in
# place. Skipped when a per-bot remap would apply to std's own sources (the bot's workspace
# contains the cargo home or the toolchain), where std's bytes depend on the bot.
seed_std() {
    [[ "$mode" == debian && "${ARENA_WASM_STD_CACHE:-on}" != off ]] || return 0
    local p
    for p in "$cargo_home" "$sysroot" "$(readlink -f "$rust_src" 2>/dev/null || echo "$rust_src")"; do
        [[ "$p/" == "$ws_root/"* || "$p/" == "$sdk/"* ]] && return 0
    done
    local cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/arena/wasm-std"
    local key
    key="$({ "$rustc_bin" -vV; "${cargo[@]}" -vV; echo "$RUSTFLAGS"; echo "seed 2"; } | sha256sum | cut -c1-16)"
    local cache="$cache_root/$key"
    mkdir -p "$cache_root" || return 0
    (
        # One builder at a time; the others wait for its std.
        exec 8>"$cache.lock"
        flock 8
        [[ -f "$cache/ready" ]] && exit 0
        rm -rf "$cache"
        mkdir -p "$cache/seed/src"
        cat >"$cache/seed/Cargo.toml" <<'TOML'
[package]
name = "arena-wasm-std-seed"
version = "0.0.0"
edition = "2021"
publish = false

[lib]
# As the template and the house bots: with an rlib too, LTO wants std as object code and bitcode.
crate-type = ["cdylib", "rlib"]

# The template's (and the house bots') release profile: std's units depend on it.
[profile.release]
opt-level = 3
lto = true
panic = "abort"
codegen-units = 1
strip = true

[workspace]
TOML
        echo '#[no_mangle] pub extern "C" fn arena_seed(n: i32) -> i32 { std::hint::black_box(n) }' >"$cache/seed/src/lib.rs"
        echo "building the standard library for wasm once (cached in $cache)" >&2
        cd "$cache/seed"
        ARENA_BUILD_BOT_REMAPS="--remap-path-prefix=$cache/seed=/workspace" CARGO_TARGET_DIR="$cache/target" \
            "${cargo[@]}" build --release --target "$target" -Zbuild-std=std,panic_abort --quiet >&2 || exit 0
        touch "$cache/ready"
    ) || return 0
    [[ -f "$cache/ready" ]] || return 0
    local target_dir
    target_dir="$("${cargo[@]}" metadata --format-version 1 --no-deps --manifest-path "$crate/Cargo.toml" 2>/dev/null |
        grep -o '"target_directory":"[^"]*"' | head -n 1 | cut -d'"' -f4)" || return 0
    [[ -n "$target_dir" ]] || return 0
    local sub d
    for sub in "$target/release" release; do
        for d in deps build .fingerprint; do
            [[ -d "$cache/target/$sub/$d" ]] || continue
            mkdir -p "$target_dir/$sub/$d"
            cp -a -n "$cache/target/$sub/$d/." "$target_dir/$sub/$d/" 2>/dev/null || true
        done
    done
}
seed_std
if ! "${cargo[@]}" "${args[@]}" >"$log"; then
    echo "error: the build failed ($mode toolchain)" >&2
    exit 1
fi
wasm="$(grep -o '"filenames":\[[^]]*\]' "$log" | grep -o '"[^"]*\.wasm"' | tr -d '"' | tail -n 1)"
if [[ -z "$wasm" || ! -f "$wasm" ]]; then
    echo "error: the build made no .wasm: is the crate a cdylib ([lib] crate-type = [\"cdylib\"])?" >&2
    exit 1
fi
if [[ -n "$out" ]]; then
    mkdir -p "$(dirname "$out")"
    cp "$wasm" "$out"
    chmod 644 "$out"
    echo "$out"
else
    echo "$wasm"
fi
