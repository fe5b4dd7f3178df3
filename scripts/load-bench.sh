#!/usr/bin/env bash
# The HTTP service's load figures in README.md and docs/benchmarks.md ("HTTP service"): starts
# the release galley-server on a free loopback port with the render cache off (every render is
# drawn), then runs wrk against POST /v1/layout (a 2-line label) and POST /v1/render (a 300×60
# label) at 8 and 64 connections, DURATION seconds each, printing requests/s, p50 and p99
# latency and the server's RSS before and after each run. Last, on a fresh server, RSS after
# 10,000 and after 100,000 render requests (the second must be within 10% of the first; exit 1
# otherwise).
# Traffic goes to 127.0.0.1 only; every run is bounded in time or in requests.
# Usage: scripts/load-bench.sh [DURATION]   (default 30)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-30}"
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
command -v wrk >/dev/null 2>&1 || { echo "load-bench: install wrk (scripts/setup.sh)" >&2; exit 69; }
swift build -c release --traits Server --product galley-server >&2
server="$(swift build -c release --show-bin-path)/galley-server"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/galley-load.XXXXXX")
pid=""
stop_server() {
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=""
  fi
}
trap 'stop_server; rm -rf "$scratch"' EXIT

# Starts the server and sets $pid and $url (the first line it prints).
start_server() {
  "$server" --port 0 --cache-size 0 > "$scratch/server.out" 2> "$scratch/server.err" &
  pid=$!
  for _ in $(seq 100); do
    url=$(head -n 1 "$scratch/server.out" 2>/dev/null || true)
    [ -n "$url" ] && return 0
    sleep 0.1
  done
  echo "load-bench: the server did not start" >&2
  cat "$scratch/server.err" >&2
  exit 1
}

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$pid/status"; }

# A wrk script that posts a body.
write_script() { # NAME BODY
  cat > "$scratch/$1.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[$2]]
LUA
}

layout='{"markup": "Tap %{https://example.com}Lhere%l to see %Bmore%b about the offers of the day", "defaults": {"family": "DejaVu Sans", "size": 15}, "layout": {"width": 240}}'
render='{"markup": "Tap %{https://example.com}Lhere%l to see %Bmore%b about today", "defaults": {"family": "DejaVu Sans", "size": 17}, "layout": {"width": 300, "height": 60, "maxLines": 2}, "render": {"background": "white"}}'
write_script layout "$layout"
write_script render "$render"

start_server
for endpoint in layout render; do
  # Warm up the caches of fonts and glyphs, and check the answer.
  body="$layout"
  [ "$endpoint" = render ] && body="$render"
  code=$(curl -s -o "$scratch/answer" -w '%{http_code}' -X POST "$url/v1/$endpoint" \
    -H 'Content-Type: application/json' --data "$body")
  [ "$code" = 200 ] || { echo "load-bench: /v1/$endpoint answered $code" >&2; cat "$scratch/answer" >&2; exit 1; }
done
[ "$(head -c 4 "$scratch/answer" | od -An -tx1 | tr -d ' ')" = 89504e47 ] ||
  { echo "load-bench: /v1/render did not answer a PNG" >&2; exit 1; }
size=$(curl -s -D - -o /dev/null -X POST "$url/v1/render" \
  -H 'Content-Type: application/json' --data "$render" |
  awk -F': ' '/^Galley-Image-(Width|Height)/ {printf "%s", (n++ ? "x" : ""); printf "%d", $2}')
echo "server: $url, 2 cores, render cache off; the render label is ${size} pixels"
printf '%-12s %5s %12s %9s %9s %10s %10s\n' endpoint conns "requests/s" "p50 ms" "p99 ms" "RSS before" "RSS after"
for endpoint in layout render; do
  for connections in 8 64; do
    before=$(rss_kb)
    wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$scratch/$endpoint.lua" \
      "$url/v1/$endpoint" > "$scratch/wrk.out"
    after=$(rss_kb)
    rate=$(awk '/^Requests\/sec:/ {print $2}' "$scratch/wrk.out")
    p50=$(awk '$1 == "50%" {print $2}' "$scratch/wrk.out")
    p99=$(awk '$1 == "99%" {print $2}' "$scratch/wrk.out")
    ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'; }
    if grep -q 'Non-2xx' "$scratch/wrk.out"; then
      echo "load-bench: non-2xx answers:" >&2
      cat "$scratch/wrk.out" >&2
      exit 1
    fi
    printf '%-12s %5s %12s %9s %9s %8s MB %7s MB\n' "/v1/$endpoint" "$connections" "$rate" \
      "$(ms "$p50")" "$(ms "$p99")" "$((before / 1024))" "$((after / 1024))"
  done
done
stop_server

# RSS against requests served: wrk in 2-second runs (it has no request count of its own)
# until 10,000 and then 100,000 render requests are done.
start_server
served=0
serve_until() { # COUNT: runs wrk until COUNT requests are served in all
  while [ "$served" -lt "$1" ]; do
    wrk -t1 -c8 -d2s -s "$scratch/render.lua" "$url/v1/render" > "$scratch/wrk.out"
    served=$((served + $(awk '/requests in/ {print $1}' "$scratch/wrk.out")))
  done
}
serve_until 10000
rss10k=$(rss_kb)
at10k=$served
serve_until 100000
rss100k=$(rss_kb)
growth=$(awk -v a="$rss10k" -v b="$rss100k" 'BEGIN { printf "%+.1f", (b - a) * 100 / a }')
echo "RSS after $at10k render requests: $((rss10k / 1024)) MB; after $served: $((rss100k / 1024)) MB ($growth%)"
awk -v a="$rss10k" -v b="$rss100k" 'BEGIN { exit !(b <= a * 1.10) }' ||
  { echo "load-bench: RSS grew by more than 10% between 10,000 and 100,000 requests" >&2; exit 1; }
