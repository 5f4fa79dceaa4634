#!/usr/bin/env bash
# Benchmarks source uploads (`-F source=@AIName.cc`, compiled on the server in its jail), with
# figures only (no pass/fail):
#   1. compile time (CPU, wall clock) and peak memory of the kit's AIDemo.cc and of a generated
#      2,000-line student-sized player, each uploaded alone;
#   2. 20 source uploads by 10 users at once (2 each, all different files) with 2 compile slots
#      (BENCH_COMPILES, `--compiles-per-process`): time from upload to the compile's verdict (the
#      201 answer: the server waits up to 600 s for it, `--source-upload-wait`, rather than
#      answering 202 with the compile's page after the default 20 s), p50 and p95.
# Uses $ARENA_BIN (default target/release/arena) and a fresh database on $BENCH_DATABASE_URL's
# server (default postgres://postgres@127.0.0.1:5432), dropped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

ARENA=${ARENA_BIN:-target/release/arena}
[ -x "$ARENA" ] || { echo "error: $ARENA is missing: cargo build --release -p arena" >&2; exit 1; }
BASE_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}
DB="arena_bench_src_$$"
PORT=$((20000 + RANDOM % 20000))
URL="http://127.0.0.1:$PORT"
DEMO=bot-sdk/cpp/examples/pandemic/AIDemo.cc
tmp=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  psql "$BASE_URL/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

ARENA_MAX_QUALIFYING_PER_USER=10 DATABASE_URL="$BASE_URL/$DB" XDG_CACHE_HOME="$tmp/cache" "$ARENA" serve \
  --listen "127.0.0.1:$PORT" --data-dir "$tmp/var" --no-ladder --workers 1 \
  --compiles-per-process "${BENCH_COMPILES:-2}" --source-upload-wait 600 >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 300); do curl -sf "$URL/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -sf "$URL/healthz" >/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
grep -q "source uploads   on" "$tmp/server.log" || { grep "source uploads" "$tmp/server.log" >&2; exit 1; }

# Signs up user $1; its cookie jar is $tmp/$1.jar, its CSRF token printed.
signup() {
  local jar="$tmp/$1.jar"
  curl -sf -c "$jar" -b "$jar" "$URL/signup" >/dev/null
  local csrf
  csrf=$(awk '$6 == "csrf" { print $7 }' "$jar")
  curl -sf -c "$jar" -b "$jar" -o /dev/null -d "username=$1&password=a+bench+password+for+loads&csrf=$csrf" "$URL/signup"
  printf '%s' "$csrf"
}

# Uploads source $3 as bot $2 for user $1 (CSRF $4); prints "seconds http_status".
upload() {
  curl -s -o "$tmp/reply-$2" -w '%{time_total} %{http_code}\n' -b "$tmp/$1.jar" -H "x-csrf-token: $4" \
    -F game=pandemic -F "name=$2" -F "source=@$3" "$URL/api/bots"
}

# A 2,000-line player: AIDemo.cc and generated helpers of a student's kind (loops, vectors, maps).
big="$tmp/AIBig.cc"
{
  echo '#include <vector>'
  echo '#include <map>'
  echo '#include <queue>'
  echo '#include <algorithm>'
  for k in $(seq 1 180); do
    cat <<EOF
static int helper$k(const std::vector<int>& v, std::map<int, int>& seen) {
  std::queue<int> q;
  int best = $k;
  for (int i = 0; i < (int)v.size(); ++i) {
    if (v[i] % ($k + 1) == 0) q.push(v[i]);
    seen[v[i]] += i;
  }
  while (!q.empty()) { best = std::max(best, q.front() + seen[q.front()]); q.pop(); }
  return best;
}
EOF
  done
  cat "$DEMO"
  echo 'int use_helpers() { std::vector<int> v(10, 1); std::map<int, int> m; int s = 0;'
  for k in $(seq 1 180); do echo "  s += helper$k(v, m);"; done
  echo '  return s; }'
} >"$big"

csrf=$(signup solo)
echo "== one source at a time ($(nproc) cores; compile CPU, wall clock, peak memory as recorded)"
for f in "$DEMO" "$big"; do
  name=$(basename "$f" .cc | sed 's/^AI//')
  read -r secs code < <(upload solo "S$name" "$f" "$csrf")
  figures=$(psql "$BASE_URL/$DB" -tAc "SELECT cpu_ms, wall_ms, peak_memory_bytes / 1048576 FROM compiles ORDER BY id DESC LIMIT 1")
  IFS='|' read -r cpu wall mib <<<"$figures"
  printf '%s (%s lines): answer %s in %.2f s; compile %s ms CPU, %s ms wall clock, peak %s MiB\n' \
    "$(basename "$f")" "$(wc -l <"$f")" "$code" "$secs" "$cpu" "$wall" "$mib"
done

echo "== 20 source uploads by 10 users at once, ${BENCH_COMPILES:-2} compile slots"
declare -A tokens
for u in $(seq 1 10); do tokens[$u]=$(signup "user$u"); done
for u in $(seq 1 10); do
  for k in 1 2; do
    f="$tmp/AIU${u}_$k.cc"
    { cat "$DEMO"; echo "// user $u file $k"; } >"$f"
    upload "user$u" "U${u}_$k" "$f" "${tokens[$u]}" >"$tmp/time-$u-$k" &
  done
done
wait_pids=$(jobs -p | grep -v "^$server\$" || true)
# shellcheck disable=SC2086 # a list of pids
[ -n "$wait_pids" ] && wait $wait_pids
cat "$tmp"/time-* | awk '{ print $2 }' | sort | uniq -c | awk '{ printf "status %s: %s uploads\n", $2, $1 }'
cat "$tmp"/time-* | awk '{ print $1 }' | sort -n | awk '
  { t[NR] = $1 }
  END {
    p50 = t[int((NR + 1) * 0.50)]; p95 = t[int((NR * 0.95) + 0.999)];
    printf "time to verdict: p50 %.2f s, p95 %.2f s, max %.2f s (%d uploads)\n", p50, p95, t[NR], NR
  }'
