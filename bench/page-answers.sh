#!/bin/bash
# The server's CPU time per answer and its req/s, for two production builds in interleaved
# rounds (docs/decisions/044-stored-page-bytes.md): /login with a browser's Accept-Encoding,
# then, with COOKIE set (a signed-in session's `better-auth.session_token=…`), the signed-in
# /app/books page and the list API, each with a random search term per request.
# CPU time per answer (utime+stime of the server from /proc) holds on a loaded machine,
# where req/s does not. Needs wrk, a database (DATABASE_URL) and the builds' .output folders.
#   DATABASE_URL=postgres://… COOKIE=… bench/page-answers.sh /path/to/main/.output .output
set -euo pipefail
PORT=${BENCH_PORT:-4400}
BASE="http://127.0.0.1:$PORT"
ROUNDS=${ROUNDS:-3}
BROWSER='Accept-Encoding: gzip, deflate, br, zstd'
TERMS=$(mktemp --suffix=.lua)
trap 'rm -f "$TERMS"' EXIT
cat > "$TERMS" <<'LUA'
local terms = {"silent","river","garden","empire","voyage","lighthouse","kingdom","letter","forest","the","night","sea","lost","star","house","king","war","love","city","dream"}
local prefix = os.getenv("PREFIX")
request = function() return wrk.format("GET", prefix .. terms[math.random(#terms)]) end
LUA
TICKS=$(getconf CLK_TCK)
cpu() { awk '{print $14+$15}' "/proc/$1/stat"; }
measure() { # server pid, then wrk's arguments
  local pid=$1; shift
  local before out after
  before=$(cpu "$pid"); out=$(wrk -t2 -c20 -d5s "$@"); after=$(cpu "$pid")
  awk -v a="$after" -v b="$before" -v t="$TICKS" '/requests in/ {n=$1} /Requests\/sec/ {r=$2}
    END {printf "%s req/s, %.2f ms CPU/answer", r, (a-b)/t*1000/n}' <<<"$out"
}
for round in $(seq 1 "$ROUNDS"); do
  for build in "$@"; do
    env NODE_ENV=production MALLOC_ARENA_MAX=2 NODE_OPTIONS=--max-old-space-size=256 PORT="$PORT" BASE_URL="$BASE" \
      AUTH_SECRET=${AUTH_SECRET:-bench-secret-bench-secret-bench-secret-0123} RATE_LIMIT=false LOG_LEVEL=warn \
      node_modules/.bin/node --max-semi-space-size=4 "$build/server/index.mjs" >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 120); do curl -sf "$BASE/api/health" >/dev/null && break; sleep 0.5; done
    for _ in 1 2 3; do curl -s -o /dev/null -H "$BROWSER" "$BASE/login"; done
    line="round $round, $build: /login $(measure $pid -H 'Accept-Encoding: gzip, deflate, br' "$BASE/login")"
    if [ -n "${COOKIE:-}" ]; then
      line+="; page $(PREFIX='/app/books?searchTerm=' measure $pid -s "$TERMS" -H "cookie: $COOKIE" -H "$BROWSER" "$BASE")"
      line+="; API $(PREFIX='/api/rest/books?searchTerm=' measure $pid -s "$TERMS" -H "cookie: $COOKIE" -H "$BROWSER" "$BASE")"
    fi
    echo "$line; load average $(cut -d' ' -f1 /proc/loadavg)"
    kill $pid; wait $pid 2>/dev/null || true
  done
done
