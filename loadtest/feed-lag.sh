#!/usr/bin/env bash
# The change feed's lag under a paced write load: one server on a private redis-server (Redis store), N change feed
# subscribers (curl reading GET /api/v1/changes for the whole run), a closed-loop warm-up, a rest long enough for the
# lag timer's window (2 minutes) to forget it, then wrk pacing 1 KB PUTs at a fixed rate (open model). Prints the
# PUTs answered and their latency, sessiondata.changes.lag p50/p99/max (from the store's commit to the event's
# hand-over to a subscriber's connection) from /actuator/prometheus, and the CPU per write of the server and Redis.
#
#   loadtest/feed-lag.sh --jar session-server/target/session-server-0.1.0-SNAPSHOT.jar --rate 7000
#
# Options (defaults in brackets): --jar PATH (required), --rate PUTs/s [7000; half the store's maximum is what issue
# 34 asks for: measure the maximum with loadtest/ab.sh or loadtest/capacity.sh first], --subscribers N [1],
# --seconds S of the paced run [30], --arg ARG (repeatable, extra server arguments, e.g.
# --sessiondata.changes.write-interval=0ms). Talks to 127.0.0.1 only; stops what it started. About 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=processes.sh
. loadtest/processes.sh

jar="" rate=7000 subscribers=1 seconds=30 args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) jar="$2"; shift 2 ;;
    --rate) rate="$2"; shift 2 ;;
    --subscribers) subscribers="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --arg) args+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -f "$jar" ] || { echo "--jar must name a server jar" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is missing: loadtest/capacity.sh installs it" >&2; exit 1; }

work=session-loadtest/target/feed-lag
mkdir -p "$work"
pids=()
cleanup() { for pid in "${pids[@]}"; do stop "$pid"; done; }
trap cleanup EXIT
token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')

redis_port=$(free_port $((12000 + RANDOM % 9000)))
redis-server --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no > "$work/redis.log" 2>&1 &
redis_pid=$!; pids+=($!)
for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.2; done
port=$(free_port $((22000 + RANDOM % 9000)))
java -Xmx1g -jar "$jar" --server.address=127.0.0.1 --server.port="$port" --sessiondata.serializer.active=java \
  '--sessiondata.security.clients[0].name=lag' "--sessiondata.security.clients[0].token=$token" \
  '--sessiondata.security.clients[0].access=read-write' --sessiondata.store.type=redis \
  "--spring.data.redis.url=redis://127.0.0.1:$redis_port" \
  "--sessiondata.changes.max-subscribers-per-client=$((subscribers + 8))" \
  ${args[@]+"${args[@]}"} > "$work/server.log" 2>&1 &
server_pid=$!; pids+=($!)
base="http://127.0.0.1:$port"
for _ in $(seq 1 240); do
  curl -fsS --max-time 2 "$base/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && break
  sleep 0.5
done
for _ in $(seq 1 "$subscribers"); do
  curl -sN -o /dev/null -H "Authorization: Bearer $token" "$base/api/v1/changes" &
  pids+=($!)
done

echo "warm-up: 10 s closed loop, then 130 s of rest (the lag timer's window forgets the warm-up)"
wrk -t2 -c50 -d10s --timeout 10s -s loadtest/capacity/session.lua "$base" -- PUT "$token" 1024 0 2 > /dev/null
sleep 130
s0=$(cpu_us "$server_pid") r0=$(cpu_us "$redis_pid")
echo "paced: $rate PUT/s for $seconds s, $subscribers subscriber(s) (load $(cut -d' ' -f1 /proc/loadavg))"
wrk -t2 -c50 -d"${seconds}s" --timeout 10s -s loadtest/capacity/session.lua "$base" -- PUT "$token" 1024 "$rate" 2 \
  | sed -n 's/^RESULT\t//p' > "$work/result"
s1=$(cpu_us "$server_pid") r1=$(cpu_us "$redis_pid")
read -r rps _ < "$work/result"
echo "PUTs answered: $rps/s; wrk's RESULT line: $(cat "$work/result")"
awk -v rps="$rps" -v t="$seconds" -v s="$((s1 - s0))" -v r="$((r1 - r0))" \
  'BEGIN { n = rps * t; printf "CPU per write: server %.1f µs, Redis %.1f µs\n", s / n, r / n }'
curl -fsS -H "Authorization: Bearer $token" "$base/actuator/prometheus" \
  | grep -E '^sessiondata_changes_(lag_seconds(_max)?\{|lag_seconds\{.*quantile|lag_seconds_count|published_total)' \
  | sed 's/^/  /'
echo "(load $(cut -d' ' -f1 /proc/loadavg), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
