#!/usr/bin/env bash
# A/B comparison of two server configurations on a busy machine: both servers run at the same time, and short
# closed-loop wrk runs (2 threads, 50 connections) alternate between them, so that whatever else loads the machine
# loads both alike. Prints each round and the median requests/s of each side; this is how
# docs/capacity/history.md says what each change bought. Beside the rate it prints what each request cost in CPU
# time (the server's and, with the Redis store, its redis-server's, from /proc/<pid>/stat over the run divided by
# the requests answered): a figure that the other work on a busy machine disturbs far less than the rate.
#
#   loadtest/ab.sh --a-jar old.jar --b-jar new.jar --method GET --size 10240 --store memory
#   loadtest/ab.sh --a-jar new.jar --b-jar new.jar --b-arg --spring.threads.virtual.enabled=true
#
# Options (defaults in brackets): --a-jar/--b-jar PATH (required), --a-arg/--b-arg ARG (repeatable, extra server
# arguments), --a-jvm/--b-jvm OPTION (repeatable, extra JVM options, e.g. -XX:StartFlightRecording), --method
# GET|PUT [GET], --size BYTES [10240], --store memory|redis [memory] (redis: one private redis-server per side),
# --rounds N [5], --seconds S per run [6], --a-index/--b-index (that side's PUTs name a principal in Session-Index,
# one per session, so its writes keep the principal index: with the same jar on both sides, what the index costs),
# --b-subscribers N (N change feed streams, each a curl reading GET /api/v1/changes of side B for the whole run: with
# the same jar on both sides, what the feed's fan-out costs the writes; each round says how many still read, since
# the feed cuts one that falls behind and its curl does not come back; the subscribers' own CPU per request is
# printed beside the server's, since on one machine they share its cores), --a-subscribers N (the same on side A:
# two jars' fan-out against each other).
# Talks to 127.0.0.1 only; stops what it started.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=processes.sh
. loadtest/processes.sh

a_jar="" b_jar="" a_args=() b_args=() a_jvm=() b_jvm=() method=GET size=10240 store=memory rounds=5 seconds=6
a_index="" b_index="" a_subscribers=0 b_subscribers=0
while [ $# -gt 0 ]; do
  case "$1" in
    --a-jar) a_jar="$2"; shift 2 ;;
    --b-jar) b_jar="$2"; shift 2 ;;
    --a-arg) a_args+=("$2"); shift 2 ;;
    --b-arg) b_args+=("$2"); shift 2 ;;
    --a-jvm) a_jvm+=("$2"); shift 2 ;;
    --b-jvm) b_jvm+=("$2"); shift 2 ;;
    --method) method="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    --store) store="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --a-index) a_index=index; shift ;;
    --b-index) b_index=index; shift ;;
    --a-subscribers) a_subscribers="$2"; shift 2 ;;
    --b-subscribers) b_subscribers="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -f "$a_jar" ] && [ -f "$b_jar" ] || { echo "--a-jar and --b-jar must name server jars" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is missing: loadtest/capacity.sh installs it" >&2; exit 1; }

work=session-loadtest/target/ab
mkdir -p "$work"
pids=()
cleanup() { for pid in "${pids[@]}"; do stop "$pid"; done; }
trap cleanup EXIT
token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')

# Starts one side (name, jar, then its JVM options, --, its server arguments); sets base, server_pid, redis_pid.
start_side() {
  local name="$1" jar="$2" jvm=(); shift 2
  while [ $# -gt 0 ] && [ "$1" != -- ]; do jvm+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  local store_args=(--sessiondata.store.type=memory)
  if [ "$store" = redis ]; then
    local redis_port; redis_port=$(free_port $((12000 + RANDOM % 9000)))
    redis-server --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no > "$work/redis-$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.2; done
    store_args=(--sessiondata.store.type=redis "--spring.data.redis.url=redis://127.0.0.1:$redis_port")
    redis_pid=$!
  else
    redis_pid=""
  fi
  local port; port=$(free_port $((22000 + RANDOM % 9000)))
  java -Xmx1g ${jvm[@]+"${jvm[@]}"} -jar "$jar" --server.address=127.0.0.1 --server.port="$port" --sessiondata.serializer.active=java \
    '--sessiondata.security.clients[0].name=ab' "--sessiondata.security.clients[0].token=$token" \
    '--sessiondata.security.clients[0].access=read-write' "${store_args[@]}" "$@" > "$work/server-$name.log" 2>&1 &
  pids+=($!)
  server_pid=$!
  base="http://127.0.0.1:$port"
}

wait_healthy() {
  for _ in $(seq 1 240); do
    curl -fsS --max-time 2 "$1/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && return 0
    sleep 0.5
  done
  echo "$1 was not healthy within 120 s" >&2; exit 1
}

[ "$a_subscribers" -gt 0 ] && a_args+=("--sessiondata.changes.max-subscribers-per-client=$((a_subscribers + 8))")
[ "$b_subscribers" -gt 0 ] && b_args+=("--sessiondata.changes.max-subscribers-per-client=$((b_subscribers + 8))")
start_side a "$a_jar" ${a_jvm[@]+"${a_jvm[@]}"} -- ${a_args[@]+"${a_args[@]}"}; a_base=$base a_server=$server_pid a_redis=$redis_pid
start_side b "$b_jar" ${b_jvm[@]+"${b_jvm[@]}"} -- ${b_args[@]+"${b_args[@]}"}; b_base=$base b_server=$server_pid b_redis=$redis_pid
wait_healthy "$a_base"; wait_healthy "$b_base"
subscriber_pids=() a_subscriber_pids=() b_subscriber_pids=()
for _ in $(seq 1 "$a_subscribers"); do
  curl -sN -o /dev/null -H "Authorization: Bearer $token" "$a_base/api/v1/changes" &
  pids+=($!) subscriber_pids+=($!) a_subscriber_pids+=($!)
done
for _ in $(seq 1 "$b_subscribers"); do
  curl -sN -o /dev/null -H "Authorization: Bearer $token" "$b_base/api/v1/changes" &
  pids+=($!) subscriber_pids+=($!) b_subscriber_pids+=($!)
done
# The subscribers still reading: the feed cuts one that falls behind by its buffer with a reset, and its curl ends
# (it does not reconnect), so a round where fewer read measured fewer.
reading() {
  local pid n=0
  for pid in ${subscriber_pids[@]+"${subscriber_pids[@]}"}; do kill -0 "$pid" 2>/dev/null && n=$((n + 1)); done
  echo "$n"
}

head -c "$size" /dev/urandom > "$work/body"
run() {
  local index=""
  [ "$1" = "$a_base" ] && index=$a_index
  [ "$1" = "$b_base" ] && index=$b_index
  wrk -t2 -c50 -d"$2s" --timeout 10s -s loadtest/capacity/session.lua "$1" -- "$method" "$token" "$size" 0 2 $index \
    | sed -n 's/^RESULT\t//p' | cut -f1
}
# CPU time (user + system) of the processes named so far, in microseconds, those that have ended counting 0.
cpu_us_of() {
  local pid total=0
  for pid in "$@"; do
    [ -r "/proc/$pid/stat" ] && total=$((total + $(cpu_us "$pid" 2>/dev/null || echo 0)))
  done
  echo "$total"
}
# One measured run of a side (base, server pid, redis pid, then its subscribers' pids):
# "req/s server-µs-per-request redis-µs-per-request subscribers-µs-per-request".
measure() {
  local base="$1" server="$2" redis="$3" s0 r0 c0 rps
  shift 3
  s0=$(cpu_us "$server") r0=$(cpu_us "$redis") c0=$(cpu_us_of "$@")
  rps=$(run "$base" "$seconds")
  awk -v rps="$rps" -v t="$seconds" -v s="$(( $(cpu_us "$server") - s0 ))" -v r="$(( $(cpu_us "$redis") - r0 ))" \
    -v c="$(( $(cpu_us_of "$@") - c0 ))" \
    'BEGIN { n = rps * t; printf "%s %.1f %.1f %.1f", rps, (n > 0 ? s / n : 0), (n > 0 ? r / n : 0), (n > 0 ? c / n : 0) }'
}
for b in "$a_base" "$b_base"; do
  curl -fsS -o /dev/null -X PUT "$b/api/v1/sessions/cap-$size?ttl=86400" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/vnd.sessiondata.java' --data-binary @"$work/body"
  run "$b" "$((5 * seconds))" > /dev/null   # warm-up: the JIT of a loaded 2-core machine needs it
done
a_results=() b_results=() a_server_cpu=() b_server_cpu=() a_redis_cpu=() b_redis_cpu=() a_sub_cpu=() b_sub_cpu=()
for round in $(seq 1 "$rounds"); do
  read -r a a_s a_r a_c <<< "$(measure "$a_base" "$a_server" "$a_redis" ${a_subscriber_pids[@]+"${a_subscriber_pids[@]}"})"
  read -r b b_s b_r b_c <<< "$(measure "$b_base" "$b_server" "$b_redis" ${b_subscriber_pids[@]+"${b_subscriber_pids[@]}"})"
  a_results+=("$a") b_results+=("$b") a_server_cpu+=("$a_s") b_server_cpu+=("$b_s") a_redis_cpu+=("$a_r") b_redis_cpu+=("$b_r")
  a_sub_cpu+=("$a_c") b_sub_cpu+=("$b_c")
  a_sub="" b_sub="" readers=""
  [ "$a_subscribers" -gt 0 ] && a_sub=", $a_c µs subscribers"
  [ "$b_subscribers" -gt 0 ] && b_sub=", $b_c µs subscribers"
  [ -n "${subscriber_pids[0]:-}" ] && readers=", $(reading) of $((a_subscribers + b_subscribers)) subscribers reading"
  echo "round $round: A $a req/s ($a_s µs server, $a_r µs Redis$a_sub CPU per request)," \
    "B $b req/s ($b_s µs, $b_r µs$b_sub) (load $(cut -d' ' -f1 /proc/loadavg)$readers)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ma=$(median "${a_results[@]}") mb=$(median "${b_results[@]}")
echo "$method $size B, $store store: median A $ma req/s, B $mb req/s, B/A $(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.2f", b / a }')"
subscribers_cpu=""
[ -n "${subscriber_pids[0]:-}" ] && subscribers_cpu="; subscribers A $(median "${a_sub_cpu[@]}") µs, B $(median "${b_sub_cpu[@]}") µs"
echo "CPU per request, median: server A $(median "${a_server_cpu[@]}") µs, B $(median "${b_server_cpu[@]}") µs;" \
  "Redis A $(median "${a_redis_cpu[@]}") µs, B $(median "${b_redis_cpu[@]}") µs$subscribers_cpu"
