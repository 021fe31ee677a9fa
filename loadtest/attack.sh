#!/usr/bin/env bash
# The attack shapes of #33, each against a server of its own: for every shape it starts the built server jar on
# 127.0.0.1 with -Xmx256m, one read-write and one read-only token and the store the finding names (a private
# redis-server on a free port for the Redis store), runs loadtest/attack.py's shape (attackers from 127.0.0.2 and
# up, a legitimate client from 127.0.0.1 with a 2 s timeout), then records whether the server is alive and healthy,
# whether it logged an OutOfMemoryError, how many ERROR and WARN lines and stack frames it logged, and its own
# counters (connections closed by reason, requests rejected, slides refused). One JSON line per shape.
#
#   loadtest/attack.sh [--shapes LIST] [--seconds 45] [--count N] [--out DIR] [--skip-build]
#
# --count replaces the count of the shapes' connections (the first number below) for every shape run.
#
# Shapes (finding of #33 in brackets; the store in the second column):
#   pipelined-readers  redis   300 connections pipelining 4 GETs of a 2 MiB session, never reading; 8 readers that read [1]
#   silent             memory  16,000 connections from 16 addresses (each under its per-address cap) that send nothing [2]
#   trickling          memory  3,000 connections sending a header line every 10 s [2]
#   slow-bodies        memory  8 PUTs of 2 MiB announced, a byte every 5 s [3]
#   full-store         redis   Redis past maxmemory (noeviction); reads and writes of the legitimate client [4]
#   schema-listers     memory  200 connections asking for 4 MiB descriptor pages, never reading [5]
#   frozen-store       redis   Redis stopped (SIGSTOP) 8 s under 12 conditional creates; answers against what was stored [8]
#   id-change-race     memory and redis  a DELETE racing an id change, two id changes racing; 200 rounds each [9]
#   malformed          memory  malformed chunked bodies, 9 KB chunk extensions, 40 pipelined requests [10]
# Findings 6 and 7 need a JVM client: ForySharedExchangeTest (serializer-fory) and SchemaRepublishIT (session-client).
# Raise `ulimit -n` above 17,000 for the silent shape. Everything talks to 127.0.0.1 and stops by itself; the
# processes it started are stopped by their ids.
set -euo pipefail
cd "$(dirname "$0")/.."

shapes="pipelined-readers silent trickling slow-bodies full-store schema-listers frozen-store id-change-race malformed"
seconds=45 count=0 out="" skip_build=false
while [ $# -gt 0 ]; do
  case "$1" in
    --shapes) shapes="${2//,/ }"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --count) count="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --skip-build) skip_build=true; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done

# shellcheck source=processes.sh
. loadtest/processes.sh
work=session-loadtest/target/attack
mkdir -p "$work"
server_pid="" redis_pid=""
cleanup() {
  stop "$server_pid" "session server"; server_pid=""
  stop "$redis_pid" "redis-server"; redis_pid=""
}
trap cleanup EXIT

if [ "$skip_build" = false ]; then
  ./mvnw -o -B -q -pl session-server -am -DskipTests -Dcyclonedx.skip -Dlicense.skip -Dmaven.source.skip \
    -Dmaven.javadoc.skip package
fi
jar=$(find session-server/target -maxdepth 1 -name 'session-server-*.jar' ! -name '*-plain.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' | head -1)
[ -n "$jar" ] || { echo "no server jar under session-server/target: build without --skip-build" >&2; exit 1; }
# a copy of its own, so that a build during the run does not replace the jar under a running server
cp "$jar" "$work/server.jar"
jar="$work/server.jar"
random_token() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }

# Starts the server (and a private Redis for store redis) for one run; sets port, redis_port, tokens, log.
start() {
  local store="$1" name="$2"
  log="$work/$name.log"
  local args=(--sessiondata.store.type="$store")
  redis_port=0
  if [ "$store" = redis ]; then
    redis_port=$(free_port 16379)
    redis-server --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no > "$work/$name.redis.log" 2>&1 &
    redis_pid=$!
    for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.2; done
    args+=("--spring.data.redis.url=redis://127.0.0.1:$redis_port")
  fi
  write_token=$(random_token) read_token=$(random_token)
  port=$(free_port 18080)
  java -Xmx256m -XX:+ExitOnOutOfMemoryError -jar "$jar" --server.address=127.0.0.1 --server.port="$port" \
    "${args[@]}" \
    "--sessiondata.security.clients[0].name=attack-writer" "--sessiondata.security.clients[0].token=$write_token" \
    "--sessiondata.security.clients[0].access=read-write" \
    "--sessiondata.security.clients[1].name=attack-reader" "--sessiondata.security.clients[1].token=$read_token" \
    "--sessiondata.security.clients[1].access=read" > "$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 240); do
    kill -0 "$server_pid" 2>/dev/null || { echo "the server exited; last lines of its log:" >&2; tail -40 "$log" >&2; exit 1; }
    curl -fsS --max-time 2 "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && return 0
    sleep 0.5
  done
  echo "the server was not healthy within 120 s" >&2; exit 1
}

# The server's own figures after a run, as JSON members.
after() {
  local alive=false healthy=false
  kill -0 "$server_pid" 2>/dev/null && alive=true
  curl -fsS --max-time 5 "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && healthy=true
  local metrics
  metrics=$(curl -fsS --max-time 10 "http://127.0.0.1:$port/actuator/prometheus" 2>/dev/null \
    | grep -E '^(sessiondata_connections_closed|sessiondata_requests_rejected|sessiondata_store_slide_refused)' \
    | grep -v ' 0\.0$' | sed 's/"/\\"/g' | paste -sd'|' || true)
  printf '"alive":%s,"healthy":%s,"oom":%s,"log_error_lines":%s,"log_warn_lines":%s,"log_stack_frames":%s,"counters":"%s"' \
    "$alive" "$healthy" "$(grep -q OutOfMemoryError "$log" && echo true || echo false)" \
    "$(grep -c ' ERROR ' "$log" || true)" "$(grep -c ' WARN ' "$log" || true)" \
    "$(grep -cE '^\s+at ' "$log" || true)" "$metrics"
}

results="$work/results.jsonl"
: > "$results"
run() {
  local shape="$1" store="$2"
  echo "== $shape ($store store, ${seconds} s)" >&2
  start "$store" "$shape-$store"
  local figures
  figures=$(python3 loadtest/attack.py "$shape" --port "$port" --token "$read_token" --writer-token "$write_token" \
    --seconds "$seconds" --count "$count" --redis-pid "${redis_pid:-0}" --redis-port "$redis_port" ${sources:+--sources "$sources"} \
    2>>"$work/$shape-$store.attack.err" || echo '{"attack_failed":true}')
  echo "{\"shape\":\"$shape\",\"store\":\"$store\",$(after),${figures#\{}" | tee -a "$results"
  cleanup
}

for shape in $shapes; do
  sources=""
  case "$shape" in
    pipelined-readers|full-store|frozen-store) run "$shape" redis ;;
    silent) sources=16; run "$shape" memory ;;
    trickling|slow-bodies|schema-listers|malformed) sources=1; run "$shape" memory ;;
    id-change-race) run "$shape" memory; run "$shape" redis ;;
    *) echo "unknown shape: $shape (see --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$out" ]; then mkdir -p "$out"; cp "$results" "$out/results.jsonl"; fi
