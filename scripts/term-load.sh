#!/usr/bin/env bash
# A term-sized elimination tournament through the server, measured against `arena tournament`
# on the same machine (figures only, no pass/fail on speed; the exactly-once checks do fail):
#   - `arena serve --workers 0 --no-ladder` (the web site and the schedulers; a version whose
#     --workers 0 still starts one worker plays matches too) and TERM_WORKERS `arena worker`
#     processes (one match slot each) on one Postgres, replays in an S3 bucket (moto in server
#     mode, as in the tests: scripts/setup.sh installs it);
#   - TERM_ENTRANTS (120) students imported with `arena admin import-users`, each with a qualified
#     representative of one of several kinds: the house Demo, Dummy and Null, the Rust example
#     Ace and the C++ starter kit's AIDemo built with `arena build` (a student's C++ is 5-10
#     times a Rust bot's size); default parameters, 4 finalists, 4 final matches;
#   - one worker process is killed (SIGKILL) in the middle and started again;
#   - then `arena tournament` plays the same line-up on TERM_JOBS (default: all) cores.
# Prints: matches per second of both and their ratio, the server's time per recorded result
# (the worker's result transaction, p50 and p99, from its log) and per replay write, peak
# Postgres connections, replay bytes written (and objects in the bucket), and checks that every
# match was recorded exactly once. CPU heavy: minutes of every core.
# Usage: scripts/term-load.sh            (needs target/release/arena: cargo build --release -p arena)
set -euo pipefail
cd "$(dirname "$0")/.."

ARENA=$(realpath "${ARENA_BIN:-target/release/arena}")
[ -x "$ARENA" ] || { echo "error: $ARENA is missing: cargo build --release -p arena" >&2; exit 1; }
ENTRANTS=${TERM_ENTRANTS:-120}
WORKERS=${TERM_WORKERS:-2}
JOBS=${TERM_JOBS:-$(nproc)}
LEASE=${TERM_LEASE_SECS:-6}
GAME=pandemic
BASE_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}
DB="arena_term_$$"
tmp=$(mktemp -d)
pids=()
moto=""
cleanup() {
  for p in "${pids[@]}" $moto; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}" $moto; do wait "$p" 2>/dev/null || true; done
  psql "$BASE_URL/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
sql() { psql "$BASE_URL/$DB" -qAtX -v ON_ERROR_STOP=1 "$@"; }

# The S3 server and its bucket.
command -v moto_server >/dev/null || { echo "error: moto_server is missing: run scripts/setup.sh" >&2; exit 1; }
MOTO_PORT=$(free_port)
moto_server -H 127.0.0.1 -p "$MOTO_PORT" >"$tmp/moto.log" 2>&1 &
moto=$!
for _ in $(seq 200); do curl -sf "http://127.0.0.1:$MOTO_PORT/" >/dev/null 2>&1 && break; sleep 0.1; done
curl -sf -X PUT "http://127.0.0.1:$MOTO_PORT/arena-term" >/dev/null
export AWS_ENDPOINT="http://127.0.0.1:$MOTO_PORT" AWS_ALLOW_HTTP=true AWS_REGION=us-east-1 \
  AWS_ACCESS_KEY_ID=term AWS_SECRET_ACCESS_KEY=term
export ARENA_REPLAY_STORE=s3://arena-term/replays DATABASE_URL="$BASE_URL/$DB" ARENA_LOG=info
psql "$BASE_URL/postgres" -qc "CREATE DATABASE $DB" >/dev/null

# The web server (migrations, house bots, the tournaments' ticks).
PORT=$(free_port)
"$ARENA" serve --listen "127.0.0.1:$PORT" --workers 0 --no-ladder --lease-secs "$LEASE" >"$tmp/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 300); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || { cat "$tmp/serve.log" >&2; exit 1; }

# The class and its bots.
python3 -c "
print('username,email,admin')
for i in range($ENTRANTS): print(f'student{i:03},student{i:03}@term.example.edu')
" >"$tmp/roster.csv"
"$ARENA" admin import-users "$tmp/roster.csv" >"$tmp/invitations.csv" 2>"$tmp/import.log"
cp bots/prebuilt/examples/pandemic/ace.wasm "$tmp/Ace.wasm"
kinds=(Demo Dummy Null "$tmp/Ace.wasm")
if "$ARENA" build bot-sdk/cpp/examples/pandemic/AIDemo.cc --game "$GAME" -o "$tmp/AIDemo.wasm" >"$tmp/build.log" 2>&1; then
  kinds+=("$tmp/AIDemo.wasm")
else
  echo "note: the C++ AIDemo did not build (clang-19 missing?); playing without it" >&2
fi
hashes=()
for k in "${kinds[@]}"; do
  if [ -f "$k" ]; then
    hash="sha256:$(sha256sum "$k" | cut -c1-64)"
    sql -v hash="$hash" <<SQL
\\set b64 \`base64 -w0 $k\`
INSERT INTO wasm_modules (hash, bytes, size)
VALUES (:'hash', decode(:'b64', 'base64'), length(decode(:'b64', 'base64'))) ON CONFLICT DO NOTHING;
SQL
  else
    hash=$(sql -c "SELECT b.wasm_hash FROM bots b JOIN users u ON u.id = b.user_id
                   WHERE u.is_house AND b.game = '$GAME' AND b.name = '$k' ORDER BY b.id DESC LIMIT 1")
  fi
  hashes+=("'$hash'")
done
hash_list=$(IFS=,; echo "${hashes[*]}")
sql <<SQL
WITH kinds AS (SELECT k - 1 AS k, hash FROM unnest(ARRAY[$hash_list]) WITH ORDINALITY AS v(hash, k)),
     students AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM users WHERE NOT is_house)
INSERT INTO bots (game, name, user_id, wasm_hash, status, qualified_at)
SELECT '$GAME', 'Bot' || s.i, s.id, k.hash, 'qualified', now()
FROM students s JOIN kinds k ON k.k = s.i % (SELECT count(*) FROM kinds);
INSERT INTO representatives (user_id, game, bot_id)
SELECT b.user_id, b.game, b.id FROM bots b JOIN users u ON u.id = b.user_id WHERE NOT u.is_house;
SQL
sizes=$(sql -c "SELECT string_agg(DISTINCT size::text, ', ') FROM wasm_modules w JOIN bots b ON b.wasm_hash = w.hash
                JOIN users u ON u.id = b.user_id WHERE NOT u.is_house")

# The workers, then the tournament (starts at the server's next tick).
start_worker() {
  "$ARENA" worker --workers 1 --no-ladder --lease-secs "$LEASE" >>"$tmp/worker-$1.log" 2>&1 &
  worker_pid[$1]=$!
  pids+=($!)
}
declare -a worker_pid
for w in $(seq "$WORKERS"); do start_worker "$w"; done
sleep 2
tid=$(sql -c "INSERT INTO tournaments (game, name, finalists, final_matches, tie_replays, seed, starts_at)
              VALUES ('$GAME', 'Term load', 4, 4, 3, 1, now()) RETURNING id")
(
  peak=0
  while true; do
    n=$(psql "$BASE_URL/postgres" -qAtX -c "SELECT count(*) FROM pg_stat_activity WHERE datname = '$DB'" 2>/dev/null || echo 0)
    [ "$n" -gt "$peak" ] && peak=$n && echo "$peak" >"$tmp/peak"
    sleep 0.5
  done
) &
pids+=($!)

echo "== term load: $ENTRANTS entrants ($(printf '%s ' "${kinds[@]##*/}")), module sizes $sizes bytes"
echo "   arena serve --workers 0 + $WORKERS arena worker processes (1 slot each), lease $LEASE s, $(nproc) cores"
state=scheduled
killed=""
while [ "$state" != done ]; do
  sleep 1
  state=$(sql -c "SELECT state FROM tournaments WHERE id = $tid")
  case $state in paused | cancelled) echo "error: the tournament is $state: $(sql -c "SELECT note FROM tournaments WHERE id = $tid")" >&2; exit 1 ;; esac
  outs=$(sql -c "SELECT count(*) FROM tournament_outs WHERE tournament_id = $tid")
  if [ -z "$killed" ] && [ "$outs" -ge $(((ENTRANTS - 4) / 4)) ]; then
    kill -9 "${worker_pid[1]}"
    wait "${worker_pid[1]}" 2>/dev/null || true
    killed=$(sql -c "SELECT count(*) FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
                     WHERE tm.tournament_id = $tid AND m.state = 'done'")
    echo "   killed worker 1 (SIGKILL) after $killed matches, round $((outs + 1)); restarting it in 2 s"
    sleep 2
    start_worker 1
  fi
done

# Exactly once: every played match recorded once, one per key, one out per round, none failed.
read -r done_matches recorded failed replayed <<<"$(sql -F ' ' -c "
  SELECT count(*) FILTER (WHERE m.state = 'done'), count(*) FILTER (WHERE tm.recorded_seq IS NOT NULL),
         count(*) FILTER (WHERE m.state = 'failed'), count(*) FILTER (WHERE m.state = 'done' AND m.attempts > 1)
  FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id WHERE tm.tournament_id = $tid")"
twice=$(sql -c "SELECT count(*) FROM (SELECT 1 FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
                WHERE tm.tournament_id = $tid AND m.state = 'done'
                GROUP BY stage, stage_no, turn, idx, attempt HAVING count(*) > 1) x")
outs=$(sql -c "SELECT count(*) FROM tournament_outs WHERE tournament_id = $tid")
in_db=$(sql -c "SELECT count(*) FROM replays")
seconds=$(sql -c "SELECT extract(epoch FROM finished_at - started_at) FROM tournaments WHERE id = $tid")
bytes=$(sql -c "SELECT sum(m.replay_size) FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
                WHERE tm.tournament_id = $tid AND m.state = 'done'")
read -r objects object_bytes <<<"$(python3 -c "
import boto3
s3 = boto3.client('s3', endpoint_url='$AWS_ENDPOINT', region_name='us-east-1',
                  aws_access_key_id='term', aws_secret_access_key='term')
n = b = 0
for page in s3.get_paginator('list_objects_v2').paginate(Bucket='arena-term'):
    for o in page.get('Contents', []):
        n += 1; b += o['Size']
print(n, b)")"
cat "$tmp"/worker-*.log "$tmp/serve.log" >"$tmp/all.log"
percentiles() { # field name -> "p50 p99" in ms
  python3 -c "
import re, sys
v = sorted(int(m) / 1000 for m in re.findall(r'$1=(\d+)', open('$tmp/all.log').read()))
if not v: print('- -'); sys.exit()
print('%.2f %.2f %d' % (v[len(v) // 2], v[min(len(v) - 1, int(len(v) * 0.99))], len(v)))"
}
read -r rec50 rec99 logged <<<"$(percentiles record_us)"
read -r put50 put99 _ <<<"$(percentiles store_us)"

echo
echo "server: $done_matches matches in $(printf '%.1f' "$seconds") s: $(python3 -c "print(f'{$done_matches / $seconds:.1f}')") matches/s"
echo "  result transaction (record): p50 $rec50 ms, p99 $rec99 ms over $logged results; replay write to S3: p50 $put50 ms, p99 $put99 ms"
echo "  peak Postgres connections: $(cat "$tmp/peak" 2>/dev/null || echo '?')"
echo "  replay bytes written: $bytes in $done_matches replays (bucket: $objects objects, $object_bytes bytes; kept in the database: $in_db)"
echo "  exactly once: $done_matches done, $recorded recorded, $twice keys done twice, $failed failed, $outs outs of $((ENTRANTS - 4)) rounds; $replayed matches re-played after the kill"
ok=1
[ "$done_matches" = "$recorded" ] || ok=0
[ "$twice" = 0 ] || ok=0
[ "$failed" = 0 ] || ok=0
[ "$outs" = $((ENTRANTS - 4)) ] || ok=0
[ "$objects" -ge "$done_matches" ] || ok=0
[ "$in_db" = 0 ] || ok=0

# The same line-up locally.
for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
pids=()
lineup=()
for i in $(seq 0 $((ENTRANTS - 1))); do lineup+=("${kinds[$((i % ${#kinds[@]}))]}"); done
"$ARENA" tournament "$GAME" "${lineup[@]}" --seed 1 --finalists 4 --final-matches 4 --tie-replays 3 \
  --jobs "$JOBS" --json >"$tmp/cli.json" 2>"$tmp/cli.log"
cli=$(tail -1 "$tmp/cli.log")
# TERM_CLI_JSON=FILE keeps the local run (for scripts/tournament-estimate.py).
[ -z "${TERM_CLI_JSON:-}" ] || cp "$tmp/cli.json" "$TERM_CLI_JSON"
echo "arena tournament (same line-up, $JOBS jobs): $cli"
cli_rate=$(sed -n 's/.*: \([0-9.]*\) matches\/s,.*/\1/p' <<<"$cli")
python3 -c "print(f'server / CLI matches per second: {($done_matches / $seconds) / $cli_rate:.0%} (goal: at least 90%)')"
[ "$ok" = 1 ] || { echo "error: the exactly-once checks failed (above)" >&2; exit 1; }
echo "exactly once: ok"
