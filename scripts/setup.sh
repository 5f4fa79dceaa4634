#!/usr/bin/env bash
# Installs what Arena's tests and tools need beyond Rust, from Debian's packages and npm:
#   - C++ bots to wasm (`arena build`, and the server's source uploads): clang-19, lld-19, wasi-libc,
#     libc++/libc++abi/compiler-rt for wasm32;
#   - Rust bots to wasm without rustup targets: rustc-web, cargo-web, rust-web-src (+ lld-19);
#   - browser tests: chromium, and playwright-core from npm (web/package-lock.json);
#   - the tournament server: PostgreSQL (any version with initdb/pg_ctl; `arena serve` starts a
#     private cluster with them when DATABASE_URL is unset);
#   - the replay store's S3 tests (server/tests/site_s3.rs) and scripts/term-load.sh: moto in
#     server mode from PyPI (`moto[server]`), an S3-compatible server in one Python process.
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
if ! command -v moto_server >/dev/null && ! python3 -c 'import moto.server' 2>/dev/null; then
  echo "setup: installing moto[server] from PyPI (an S3-compatible server for the replay store's tests)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  if ! python3 -m pip --version >/dev/null 2>&1; then
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-pip >/dev/null
  fi
  # Debian's own Python refuses packages outside apt unless told (PEP 668); a pyenv one does not.
  python3 -m pip install --quiet 'moto[server]' 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages 'moto[server]'
fi
if [ ! -d web/node_modules/playwright-core ]; then
  (cd web && npm ci --no-audit --no-fund)
fi
echo "setup: done"
