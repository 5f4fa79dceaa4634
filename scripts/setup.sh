#!/usr/bin/env bash
# Installs what Arena's tests and tools need beyond Rust, from Debian's packages and npm:
#   - C++ bots to wasm (`arena build`, and the server's source uploads): clang-19, lld-19, wasi-libc,
#     libc++/libc++abi/compiler-rt for wasm32;
#   - Rust bots to wasm without rustup targets: rustc-web, cargo-web, rust-web-src (+ lld-19);
#   - browser tests: chromium, and playwright-core from npm (web/package-lock.json);
#   - the tournament server: PostgreSQL (any version with initdb/pg_ctl; `arena serve` starts a
#     private cluster with them when DATABASE_URL is unset).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(clang-19 lld-19 wasi-libc libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32
  rustc-web cargo-web rust-web-src chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then
  missing+=(postgresql)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ! -d web/node_modules/playwright-core ]; then
  (cd web && npm ci --no-audit --no-fund)
fi
echo "setup: done"
