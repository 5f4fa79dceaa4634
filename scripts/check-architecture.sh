#!/usr/bin/env bash
# The rules of ARCHITECTURE.md that a machine can check ("Rules the code keeps"); CI runs this.
#  1. No import cycle between the files of any crate (scripts/import-cycles.py).
#  2. The engine never depends on wasmtime, tokio, sqlx or axum: it is pure rules (no I/O).
#  3. Nothing in server/src embeds a file from a tests/ folder: production ships no fixtures.
#  4. No file refers to a path outside the repository (../shared/...).
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0

echo "1. import cycles"
python3 scripts/import-cycles.py --self-test >/dev/null
python3 scripts/import-cycles.py engine/src sandbox/src tournament/src bot-sdk/src server/src || fail=1

echo "2. the engine's dependencies"
if deps=$(cargo tree -p engine -e normal --prefix none 2>/dev/null); then
  bad=$(printf '%s\n' "$deps" | grep -E '^(wasmtime|tokio|sqlx|axum|hyper|reqwest)[ -]' | sort -u || true)
else
  # Without cargo tree (offline without a lock?), read the manifest.
  bad=$(grep -E '^(wasmtime|tokio|sqlx|axum|hyper|reqwest)' engine/Cargo.toml || true)
fi
if [ -n "$bad" ]; then
  echo "  the engine depends on: $bad" >&2
  fail=1
else
  echo "  engine: no wasmtime, tokio, sqlx, axum, hyper, reqwest"
fi

echo "3. fixtures in the product"
if grep -rnE 'include_(str|bytes)!\([^)]*/tests/' server/src; then
  echo "  server/src embeds files from tests/ (above)" >&2
  fail=1
else
  echo "  server/src embeds nothing from tests/"
fi

echo "4. paths outside the repository"
if grep -rnE '\.\./shared|shared/(specs|rules)/' --include=*.rs --include=*.md --include=*.hh --include=*.cc \
  --include=*.sh --include=*.py --include=*.js --include=*.toml --exclude-dir=target --exclude-dir=node_modules \
  --exclude=check-architecture.sh .; then
  echo "  the files above cite paths outside the repository" >&2
  fail=1
else
  echo "  none"
fi
exit $fail
