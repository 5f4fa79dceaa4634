#!/usr/bin/env bash
# Builds Arena's house bots to WebAssembly and refreshes bots/prebuilt/ (the modules the server
# embeds, committed so that machines without a wasm toolchain work).
#
#   bots/build.sh           build, copy to prebuilt/<game>/<bot>.wasm, write prebuilt/TOOLCHAIN
#   bots/build.sh --check   rebuild from scratch into a temporary directory and fail if any
#                           module differs from the committed one
#
# The bytes depend on the toolchain only (bot-sdk/build-bot.sh remaps every path), so --check
# must run with the toolchain recorded in prebuilt/TOOLCHAIN.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
build_bot="$here/../bot-sdk/build-bot.sh"
prebuilt="$here/prebuilt"

# game/bot -> crate directory
bots=(
    "pandemic/null:pandemic/null"
    "pandemic/demo:pandemic/demo"
    "pandemic/dummy:pandemic/dummy"
    "ork-island/null:ork_island/null"
    "ork-island/demo:ork_island/demo"
    "ork-island/dummy:ork_island/dummy"
    "walking-dead/null:walking_dead/null"
    "walking-dead/demo:walking_dead/demo"
    "walking-dead/dummy:walking_dead/dummy"
    "purge/null:purge/null"
    "purge/demo:purge/demo"
    "purge/dummy:purge/dummy"
    "mad-max/null:mad_max/null"
    "mad-max/demo:mad_max/demo"
    "mad-max/dummy:mad_max/dummy"
    # Not a house bot: the example that beats Dummy (server tests, scripts/bench-server.sh).
    "examples/pandemic/ace:pandemic/ace"
)

check=false
case "${1:-}" in
"") ;;
--check) check=true ;;
*)
    echo "usage: $0 [--check]" >&2
    exit 2
    ;;
esac

# The toolchain build-bot.sh picks, as `rustc -vV` prints it.
toolchain() {
    if command -v rustup >/dev/null 2>&1 &&
        (cd "$here" && rustup target list --installed 2>/dev/null) | grep -qx wasm32-unknown-unknown; then
        (cd "$here" && rustc -vV)
    else
        /usr/bin/rustc -vV
    fi
}

if $check; then
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    export CARGO_TARGET_DIR="$tmp/target"
    failed=()
    for entry in "${bots[@]}"; do
        name="${entry%%:*}"
        crate="${entry#*:}"
        mkdir -p "$(dirname "$tmp/$name.wasm")"
        "$build_bot" "$here/$crate" -o "$tmp/$name.wasm" >/dev/null
        if ! cmp -s "$tmp/$name.wasm" "$prebuilt/$name.wasm"; then
            failed+=("$name")
        fi
    done
    if [[ ${#failed[@]} -gt 0 ]]; then
        echo "error: these prebuilt modules differ from a fresh build: ${failed[*]}" >&2
        if ! diff <(toolchain) "$prebuilt/TOOLCHAIN" >/dev/null 2>&1; then
            echo "note: this toolchain is not the one recorded in bots/prebuilt/TOOLCHAIN:" >&2
            diff <(toolchain) "$prebuilt/TOOLCHAIN" >&2 || true
            echo "the check is only meaningful with that toolchain" >&2
        else
            echo "the sources changed since the modules were built: run bots/build.sh and commit bots/prebuilt/" >&2
        fi
        exit 1
    fi
    echo "prebuilt modules match a fresh build: ${bots[*]%%:*}"
    exit 0
fi

for entry in "${bots[@]}"; do
    name="${entry%%:*}"
    crate="${entry#*:}"
    mkdir -p "$(dirname "$prebuilt/$name.wasm")"
    "$build_bot" "$here/$crate" -o "$prebuilt/$name.wasm" >/dev/null
    echo "built $prebuilt/$name.wasm"
done
toolchain >"$prebuilt/TOOLCHAIN"
(cd "$prebuilt" && sha256sum $(for e in "${bots[@]}"; do echo "${e%%:*}.wasm"; done) >SHA256SUMS)
cat "$prebuilt/SHA256SUMS"
