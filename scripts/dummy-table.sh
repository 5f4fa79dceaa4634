#!/usr/bin/env bash
# Arena's column of the Dummy calibration table (issue 14; docs/games/<game>.md, "Fidelity to
# the kit"): builds every graded reference player of bot-sdk/cpp/reference/<game>/ with
# `arena build` and prints each one's first-place rate against three Dummies (seeds 1..100, the
# player at seat seed mod 4) next to the kit's rate, measured once natively and committed in
# server/kit-figures/<game>/dummy_rates.txt.
# Usage: scripts/dummy-table.sh <pandemic|ork-island|walking-dead|purge|mad-max> [arena strength flags, e.g. --seeds 1..20]
# Needs target/release/arena (cargo build --release -p arena) and the C++ wasm toolchain
# (scripts/setup.sh). Takes about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

game=${1:?usage: scripts/dummy-table.sh <pandemic|ork-island|walking-dead|purge|mad-max> [arena strength flags]}
shift
ARENA=${ARENA_BIN:-target/release/arena}
[ -x "$ARENA" ] || { echo "error: $ARENA is missing: cargo build --release -p arena" >&2; exit 1; }
src="bot-sdk/cpp/reference/${game//-/_}"
[ -d "$src" ] || { echo "error: no reference players for '$game' ($src is missing)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
players=()
# The kit's file lists the players from the weakest to the strongest: keep that order.
while read -r name _; do
  case "$name" in '#'*|'') continue ;; esac
  cc="$src/AI$name.cc"
  [ -f "$cc" ] || { echo "error: $cc is missing" >&2; exit 1; }
  if ! "$ARENA" build "$cc" --game "$game" -o "$tmp/$name.wasm" >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2
    exit 1
  fi
  players+=("$tmp/$name.wasm")
done < "server/kit-figures/${game//-/_}/dummy_rates.txt"
"$ARENA" strength "$game" "${players[@]}" "$@"
