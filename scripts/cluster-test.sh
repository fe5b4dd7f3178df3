#!/usr/bin/env bash
# A tested multi-instance deployment: three galley-server processes behind HAProxy on
# 127.0.0.1 (deploy/haproxy.cfg as written, only its ports and stats socket moved), with a
# shared --cache-dir, driven by wrk. While wrk runs, each server is restarted in turn
# (SIGTERM, its drain, a new process on the same port, back in the balancer); then, under a
# second wrk run, one is killed with SIGKILL and restarted. Prints each step on standard error
# and the figures as JSON on the last line of standard output: requests, failures and latency
# of each run, each restart's drain time, HAProxy's retries and redispatches, the cache's
# files. Exits 1 when the rolling restart loses a request, or the kill loses more than the
# requests that can be in flight (one per wrk connection); 69 when a tool is missing. The
# shipped deploy/galley-server.service must verify without a warning (systemd-analyze).
#
#   scripts/cluster-test.sh [--debug] [SECONDS]   (SECONDS per wrk run, default 30)
#
# --debug uses the debug build (`swift build --traits Server`), as scripts/test.sh has it;
# the default is the release build, for the figures in docs/deployment.md.
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=release
if [ "${1:-}" = "--debug" ]; then configuration=debug; shift; fi
seconds="${1:-30}"
[[ $seconds =~ ^[0-9]+$ && $seconds -ge 10 ]] || {
  echo "usage: scripts/cluster-test.sh [--debug] [SECONDS ≥ 10]" >&2
  exit 64
}
for tool in haproxy wrk python3 systemd-analyze; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "cluster-test: $tool is missing (scripts/setup.sh installs it)" >&2
    exit 69
  }
done
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
swift build -c "$configuration" --traits Server --product galley-server >&2
server="$(swift build -c "$configuration" --show-bin-path)/galley-server"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/galley-cluster.XXXXXX")
declare -a pids=(0 0 0)
haproxy_pid=""
cleanup() {
  for pid in "${pids[@]}" $haproxy_pid; do
    [ "$pid" != 0 ] && kill -KILL "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
say() { echo "cluster-test: $*" >&2; }

# Four free loopback ports: the balancer's, then the servers'.
read -r -a ports <<<"$(python3 - <<'PY'
import socket
sockets = [socket.socket() for _ in range(4)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in sockets))
for s in sockets: s.close()
PY
)"
front=${ports[0]}
mkdir -p "$scratch/cache"

# Starts server N (0, 1, 2) on its port and waits for its first line.
start_server() {
  local n=$1
  "$server" --port "${ports[$((n + 1))]}" --cache-dir "$scratch/cache" --drain-timeout 5 \
    > "$scratch/server$n.out" 2>> "$scratch/server$n.err" &
  pids[n]=$!
  for _ in $(seq 200); do
    [ -s "$scratch/server$n.out" ] && return 0
    sleep 0.05
  done
  say "server $n did not start"; cat "$scratch/server$n.err" >&2; exit 1
}

# The runtime API: sends a command to HAProxy's stats socket and prints the answer.
haproxy_command() {
  python3 - "$scratch/haproxy.sock" "$1" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(sys.argv[2].encode() + b"\n")
out = b""
while chunk := s.recv(65536): out += chunk
print(out.decode())
PY
}

# A field of `show stat` for a proxy and server (csv header names), e.g. status of galley/g1.
stat_field() { # PROXY SERVER FIELD
  haproxy_command "show stat" | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
head = [h.lstrip("# ") for h in rows[0]]
for row in rows[1:]:
    if row[:2] == [sys.argv[1], sys.argv[2]]: print(row[head.index(sys.argv[3])])
' "$1" "$2" "$3"
}

wait_up() { # N
  for _ in $(seq 200); do
    [ "$(stat_field galley "g$(($1 + 1))" status)" = UP ] && return 0
    sleep 0.05
  done
  say "server $1 did not come back in the balancer"; exit 1
}

# The shipped systemd unit reads without a warning (with this build as its program).
sed "s|/usr/local/bin/galley-server|$server|" deploy/galley-server.service \
  > "$scratch/galley-server@8081.service"
if systemd-analyze verify "$scratch/galley-server@8081.service" 2>&1 | grep .; then
  say "deploy/galley-server.service does not verify"; exit 1
fi

for n in 0 1 2; do start_server $n; done
sed -e "s/127.0.0.1:8080/127.0.0.1:$front/" -e "s/127.0.0.1:8081/127.0.0.1:${ports[1]}/" \
  -e "s/127.0.0.1:8082/127.0.0.1:${ports[2]}/" -e "s/127.0.0.1:8083/127.0.0.1:${ports[3]}/" \
  -e "s|/run/haproxy/galley.sock|$scratch/haproxy.sock|" deploy/haproxy.cfg > "$scratch/haproxy.cfg"
haproxy -c -q -f "$scratch/haproxy.cfg"
haproxy -db -f "$scratch/haproxy.cfg" > "$scratch/haproxy.log" 2>&1 &
haproxy_pid=$!
for _ in $(seq 100); do [ -S "$scratch/haproxy.sock" ] && break; sleep 0.05; done
for n in 0 1 2; do wait_up $n; done
say "3 servers behind HAProxy at http://127.0.0.1:$front"

# wrk: layouts and renders of 200 different labels (the shared cache serves repeats), and a
# JSON summary from its done hook.
cat > "$scratch/load.lua" <<'LUA'
local counter = 0
request = function()
  counter = counter + 1
  local label = (counter * 7919) % 200
  local body = string.format(
    '{"markup": "Label %%B%d%%b of the day", "layout": {"width": 160}}', label)
  local path = counter % 2 == 0 and "/v1/layout" or "/v1/render"
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests": %d, "status": %d, "connect": %d, "read": %d, "write": %d, "timeout": %d, ' ..
    '"p50ms": %.2f, "p99ms": %.2f, "maxms": %.2f}\n',
    summary.requests, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
LUA
connections=16
run_wrk() { # NAME
  wrk -t 2 -c $connections -d "${seconds}s" --timeout 10s -s "$scratch/load.lua" \
    "http://127.0.0.1:$front" > "$scratch/$1.wrk" 2>&1
}

# Rolling restart: each server in turn gets SIGTERM, drains, and is started again.
run_wrk rolling &
wrk_pid=$!
step=$(( seconds * 1000 / 4 ))
drains=()
for n in 0 1 2; do
  sleep "$(awk "BEGIN {print $step / 1000}")"
  start=$(date +%s%N)
  kill -TERM "${pids[$n]}"
  status=0
  wait "${pids[$n]}" || status=$?
  drained=$(( ($(date +%s%N) - start) / 1000000 ))
  [ "$status" = 0 ] || { say "server $n exited with $status after SIGTERM"; exit 1; }
  drains+=("$drained")
  say "server $n drained in $drained ms; starting it again"
  start_server $n
  wait_up $n
done
wait $wrk_pid

# A crash: one server killed with SIGKILL, then started again.
run_wrk kill &
wrk_pid=$!
sleep "$(awk "BEGIN {print $seconds / 3}")"
kill -KILL "${pids[1]}"
wait "${pids[1]}" 2>/dev/null || true
say "server 1 killed; starting it again"
sleep 1
start_server 1
wait_up 1
wait $wrk_pid

retries=$(stat_field galley BACKEND wretr)
redispatches=$(stat_field galley BACKEND wredis)
files=$(find "$scratch/cache" -type f -not -name '.*' | wc -l)
python3 - "$scratch/rolling.wrk" "$scratch/kill.wrk" "$connections" "$retries" "$redispatches" \
  "$files" "$(haproxy -v | head -1 | awk '{print $3}')" "${drains[@]}" <<'PY'
import json, sys
rolling_file, kill_file, connections, retries, redispatches, files, version = sys.argv[1:8]
drains = [int(d) for d in sys.argv[8:]]
def run(path):
    line = next(l for l in open(path) if l.startswith("WRK "))
    figures = json.loads(line[4:])
    figures["failures"] = sum(figures[k] for k in ("status", "connect", "read", "write", "timeout"))
    return figures
rolling, kill = run(rolling_file), run(kill_file)
report = {
    "servers": 3, "balancer": f"haproxy {version}", "wrkConnections": int(connections),
    "rollingRestart": {**rolling, "drainMs": drains},
    "kill": {**kill, "inFlightBound": int(connections)},
    "haproxyRetries": int(retries or 0), "haproxyRedispatches": int(redispatches or 0),
    "sharedCacheFiles": int(files),
}
print(json.dumps(report))
ok = rolling["failures"] == 0 and kill["failures"] <= int(connections) and int(files) > 0
sys.exit(0 if ok else 1)
PY
