#!/usr/bin/env bash
# Benchmarks issue 34's deadline-day scenario end to end, with figures only (no pass/fail):
# user A uploads three modules that loop forever (`loop br 0` in `arena_play`), then user B a sound
# bot (the Ace example, or Dummy), on a server with 2 workers (BENCH_WORKERS) and the ladder on
# (user C's copy of the sound bot qualifies first, as the ladder's fourth player beside the house bots).
# It prints:
#   1. each upload's time from its upload to its verdict, and the verdict (the looping ones also
#      the worker time their qualification matches took, `duration_ms` of `/api/matches/{id}`);
#   2. the ladder during the run (from A's first upload to the last verdict): when each ladder
#      match finished, the longest gap between two finished ladder matches (the run's start and
#      end count as ends of a gap), and so whether one finished in every 60 s window.
# Uses $ARENA_BIN (default target/release/arena) and a fresh database on $BENCH_DATABASE_URL's
# server (default postgres://postgres@127.0.0.1:5432), dropped at the end; python3 reads the JSON.
# Usage: scripts/bench-deadline.sh [BOT.wasm]   (the sound bot; default: Ace, or Dummy)
set -euo pipefail
cd "$(dirname "$0")/.."

ARENA=${ARENA_BIN:-target/release/arena}
[ -x "$ARENA" ] || { echo "error: $ARENA is missing: cargo build --release -p arena" >&2; exit 1; }
BOT=${1:-}
if [ -z "$BOT" ]; then
  BOT=bots/prebuilt/examples/pandemic/ace.wasm
  [ -f "$BOT" ] || BOT=bots/prebuilt/pandemic/dummy.wasm
fi
WORKERS=${BENCH_WORKERS:-2}
TIMEOUT=${BENCH_TIMEOUT:-900}
BASE_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}
DB="arena_bench_deadline_$$"
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

# The looping Pandemic bot, 187 bytes: sandbox::bench::NULL_BOT_WAT (memory, arena_abi_v1,
# arena_game_pandemic, arena_alloc growing the memory, an empty arena_start) whose arena_play is
# `(loop $l (br $l))`, assembled by hand (no WAT tool needed).
LOOP_HEX="0061736d01000000010e0360000060017f017f60027f7f0003060500000102020503010001075806066d656d6f\
727902000c6172656e615f6162695f76310000136172656e615f67616d655f70616e64656d696300010b6172656e615f\
616c6c6f6300020b6172656e615f737461727400030a6172656e615f706c617900040a3a0502000b02000b2701017f41\
01200041ffff036a4110766a210120013f004b044020013f006b40001a0b418080040b02000b070003400c000b0b"
printf '%s' "$LOOP_HEX" | xxd -r -p >"$tmp/loop.wasm"

DATABASE_URL="$BASE_URL/$DB" "$ARENA" serve --listen "127.0.0.1:$PORT" --data-dir "$tmp/var" \
  --workers "$WORKERS" --seed-start "${BENCH_SEED_START:-12}" >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "$URL/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -sf "$URL/healthz" >/dev/null || { cat "$tmp/server.log" >&2; exit 1; }

# Signs up user $1; its cookie jar is $tmp/$1.jar, its CSRF token printed.
signup() {
  local jar="$tmp/$1.jar"
  curl -sf -c "$jar" -b "$jar" "$URL/signup" >/dev/null
  local csrf
  csrf=$(awk '$6 == "csrf" { print $7 }' "$jar")
  curl -sf -c "$jar" -b "$jar" -o /dev/null -d "username=$1&password=a+bench+password+for+loads&csrf=$csrf" "$URL/signup"
  printf '%s' "$csrf"
}

# Uploads module $3 as bot $2 for user $1 (CSRF $4); prints the bot's id.
upload() {
  local reply id
  reply=$(curl -s -b "$tmp/$1.jar" -H "x-csrf-token: $4" -F game=pandemic -F "name=$2" -F "wasm=@$3" "$URL/api/bots")
  id=$(printf '%s' "$reply" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  [ -n "$id" ] || { echo "error: upload of $2 failed: $reply" >&2; exit 1; }
  printf '%s' "$id"
}

now() { date +%s.%N; }

csrf_a=$(signup deadline_a)
csrf_b=$(signup deadline_b)
csrf_c=$(signup deadline_c)

# The ladder first: the house bots are three, so user C's bot (the same module as B's) qualifies
# to make a fourth, and the run starts once the ladder has finished a match.
status() { curl -sf "$URL/api/bots/$1" | sed -n 's/.*"status":"\([a-z]*\)".*/\1/p'; }
ladder_bot=$(upload deadline_c Ladder "$BOT" "$csrf_c")
for _ in $(seq 3000); do [ "$(status "$ladder_bot")" != qualifying ] && break; sleep 0.1; done
[ "$(status "$ladder_bot")" = qualified ] \
  || { echo "error: the ladder's fourth player did not qualify: $(status "$ladder_bot")" >&2; exit 1; }
ladder_done() {
  curl -sf "$URL/api/games/pandemic/matches?kind=ladder" | python3 -c '
import json, sys
print(sum(1 for m in json.load(sys.stdin)["matches"] if m["state"] == "done"))'
}
for _ in $(seq 1200); do [ "$(ladder_done)" -gt 0 ] && break; sleep 0.1; done
[ "$(ladder_done)" -gt 0 ] || { echo "error: no ladder match finished in 120 s" >&2; exit 1; }

echo "== deadline day: 3 looping uploads by A, then $(basename "$BOT") by B ($WORKERS workers, $(nproc) cores, ladder on)"
start=$(now)
declare -a ids names uploaded
for name in LoopA LoopB LoopC; do
  ids+=("$(upload deadline_a "$name" "$tmp/loop.wasm" "$csrf_a")")
  names+=("$name (A, $(stat -c %s "$tmp/loop.wasm") B, loops)")
  uploaded+=("$(now)")
done
ids+=("$(upload deadline_b Sound "$BOT" "$csrf_b")")
names+=("Sound (B, $(basename "$BOT"))")
uploaded+=("$(now)")

declare -a verdict_at
left=${#ids[@]}
while [ "$left" -gt 0 ]; do
  sleep 0.1
  left=0
  for i in "${!ids[@]}"; do
    [ -n "${verdict_at[$i]:-}" ] && continue
    s=$(status "${ids[$i]}")
    if [ "$s" = qualifying ] || [ -z "$s" ]; then
      left=$((left + 1))
    else
      verdict_at[i]=$(now)
    fi
  done
  awk -v s="$start" -v n="$(now)" -v t="$TIMEOUT" 'BEGIN { exit !(n - s > t) }' \
    && { echo "error: $left uploads without a verdict after $TIMEOUT s" >&2; exit 1; }
done
end=$(now)

for i in "${!ids[@]}"; do
  detail=$(curl -sf "$URL/api/bots/${ids[$i]}")
  worker_ms=0
  for m in $(printf '%s' "$detail" | python3 -c '
import json, sys
print(" ".join(str(q["match_id"]) for q in json.load(sys.stdin)["qualification"]))'); do
    ms=$(curl -sf "$URL/api/matches/$m" | python3 -c 'import json, sys; print(json.load(sys.stdin)["duration_ms"] or 0)')
    worker_ms=$(awk -v a="$worker_ms" -v b="$ms" 'BEGIN { print a + b }')
  done
  printf '%s' "$detail" | python3 -c '
import json, sys
b = json.load(sys.stdin)
print("%s: %s in %.1f s (upload at +%.1f s; its %d qualification matches took %.1f worker-seconds)" % (
    sys.argv[1], b["status"], float(sys.argv[3]) - float(sys.argv[2]), float(sys.argv[2]) - float(sys.argv[4]),
    len(b["qualification"]), float(sys.argv[5]) / 1000))
print("  verdict: %s" % b["verdict"])' "${names[$i]}" "${uploaded[$i]}" "${verdict_at[$i]}" "$start" "$worker_ms"
done

# Every finished ladder match (all pages of the list, newest first).
page="/api/games/pandemic/matches?kind=ladder"
: >"$tmp/ladder.json"
while [ -n "$page" ]; do
  curl -sf "$URL$page" >"$tmp/page.json"
  cat "$tmp/page.json" >>"$tmp/ladder.json"
  echo >>"$tmp/ladder.json"
  page=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["older"] or "")' "$tmp/page.json")
done
echo
python3 - "$tmp/ladder.json" "$start" "$end" <<'EOF'
import json, sys
from datetime import datetime
path, start, end = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
times = []
for line in open(path):
    if line.strip():
        for m in json.loads(line)["matches"]:
            if m["state"] == "done" and m["finished_at"]:
                t = datetime.fromisoformat(m["finished_at"].replace("Z", "+00:00")).timestamp()
                if start <= t <= end:
                    times.append(t - start)
times.sort()
span = end - start
print("== ladder during the run (%.1f s, from A's first upload to the last verdict)" % span)
print("%d ladder matches finished, at +s: %s" % (len(times), " ".join("%.1f" % t for t in times) or "none"))
ends = [0.0] + times + [span]
gaps = [(b - a, a, b) for a, b in zip(ends, ends[1:])]
gap, a, b = max(gaps)
print("longest gap without a finished ladder match: %.1f s (from +%.1f s to +%.1f s)" % (gap, a, b))
print("a ladder match finished in every 60 s window of the run: %s" % ("yes" if gap <= 60 else "no"))
EOF
