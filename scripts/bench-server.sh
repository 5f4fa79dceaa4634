#!/usr/bin/env bash
# Benchmarks the tournament server end to end, with figures only (no pass/fail):
#   1. time from upload to qualification verdict (sanity match + 4 matches against Dummies);
#   2. latency of the leaderboard and a match page under 200 concurrent keep-alive clients
#      (`arena loadtest`), while the server's workers play ladder matches.
# Uses target/release/arena and a fresh database on $BENCH_DATABASE_URL's server
# (default postgres://postgres@127.0.0.1:5432), dropped at the end.
# Usage: scripts/bench-server.sh [BOT.wasm]   (default: the Ace example bot, or Dummy)
# BENCH_SERVE_ARGS adds flags to `arena serve` (e.g. "--no-ladder" to measure pages alone).
# Seeds count up from 12 (`--seed-start`, BENCH_SEED_START), a start on which Ace qualifies, so
# the verdict always takes the whole qualification (a failing bot stops at its first loss).
set -euo pipefail
cd "$(dirname "$0")/.."

ARENA=${ARENA_BIN:-target/release/arena}
[ -x "$ARENA" ] || { echo "error: $ARENA is missing: cargo build --release -p arena" >&2; exit 1; }
BOT=${1:-}
if [ -z "$BOT" ]; then
  BOT=bots/prebuilt/examples/pandemic/ace.wasm
  [ -f "$BOT" ] || BOT=bots/prebuilt/pandemic/dummy.wasm
fi
BASE_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}
DB="arena_bench_$$"
PORT=$((20000 + RANDOM % 20000))
URL="http://127.0.0.1:$PORT"
tmp=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  psql "$BASE_URL/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# shellcheck disable=SC2086 # BENCH_SERVE_ARGS is a list of flags (e.g. "--no-ladder --workers 1")
DATABASE_URL="$BASE_URL/$DB" "$ARENA" serve --listen "127.0.0.1:$PORT" --data-dir "$tmp/var" \
  --seed-start "${BENCH_SEED_START:-12}" ${BENCH_SERVE_ARGS:-} \
  >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "$URL/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -sf "$URL/healthz" >/dev/null || { cat "$tmp/server.log" >&2; exit 1; }

# Sign up (the form's CSRF token is the csrf cookie's value).
jar="$tmp/cookies"
curl -sf -c "$jar" -b "$jar" "$URL/signup" >/dev/null
csrf=$(awk '$6 == "csrf" { print $7 }' "$jar")
curl -sf -c "$jar" -b "$jar" -o /dev/null -d "username=bencher&password=a+bench+password+for+loads&csrf=$csrf" "$URL/signup"

echo "== upload to qualification verdict ($(basename "$BOT"), $(nproc) cores)"
start=$(date +%s.%N)
reply=$(curl -sf -b "$jar" -H "x-csrf-token: $csrf" -F game=pandemic -F name=Bench -F "wasm=@$BOT" "$URL/api/bots")
id=$(printf '%s' "$reply" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
[ -n "$id" ] || { echo "upload failed: $reply" >&2; exit 1; }
status=qualifying
while [ "$status" = qualifying ]; do
  sleep 0.02
  status=$(curl -sf "$URL/api/bots/$id" | sed -n 's/.*"status":"\([a-z]*\)".*/\1/p')
done
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v v="$status" 'BEGIN { printf "verdict: %s in %.2f s (goal: <= 3 s)\n", v, e - s }'
curl -sf "$URL/api/bots/$id" | sed -n 's/.*"verdict":"\([^"]*\)".*/  \1/p'

# One of its qualification matches (sed, not grep | head: no SIGPIPE under pipefail).
match=$(curl -sf "$URL/api/bots/$id" | sed -n 's/.*"match_id":\([0-9]*\).*/\1/p')
[ -n "$match" ] || { echo "error: no match listed for bot $id" >&2; exit 1; }
echo
echo "== 200 concurrent anonymous clients, 10 s, leaderboard and match page $match (ladder running)"
"$ARENA" loadtest "$URL/games/pandemic" "$URL/matches/$match" --concurrency 200 --duration 10s --warmup 2s
echo "(goal: p99 <= 20 ms)"

# The bencher's own session: its match page also shows its bot's stderr.
session=$(awk '$6 == "arena_session" { print $7 }' "$jar")
[ -n "$session" ] || { echo "error: no session cookie after signing up" >&2; exit 1; }
echo
echo "== 200 concurrent logged-in clients (the match's bot's owner), 10 s, the same pages"
"$ARENA" loadtest "$URL/games/pandemic" "$URL/matches/$match" --concurrency 200 --duration 10s --warmup 2s \
  --cookie "arena_session=$session; csrf=$csrf"
echo "(goal: p99 <= 20 ms)"
