#!/usr/bin/env bash
# Builds the session server, starts it on 127.0.0.1 (memory store, or Redis), runs one Gatling simulation against
# it, stops it by its process id, and leaves Gatling's HTML report under session-loadtest/target/gatling/.
# Exits non-zero when the build fails, the server does not come up, or an assertion of the simulation fails
# (any failed request, or a 99th percentile over --p99).
#
#   loadtest/run.sh --smoke                         # 30 s, what CI runs
#   loadtest/run.sh --simulation ReadHeavy --store redis --serializer java --rate 200 --duration 120
#   loadtest/run.sh --capacity 2000 --store redis  # open model: ramp 30 s to 2000 requests/s, hold 60 s
#
# Options (defaults in brackets):
#   --simulation NAME   SessionLifecycle or ReadHeavy [SessionLifecycle]
#   --store TYPE        memory or redis [memory]
#   --redis-url URL     with --store redis: use this Redis; otherwise a private redis-server is started on a free
#                       port and stopped afterwards (the Redis of other work is never written to)
#   --serializer ID     serializer that writes the payloads, and the server's active one [fory-shared, the
#                       service's default]; one that exchanges schemas (fory-shared, one-nio) publishes them to
#                       the server first and a fresh reader reads a payload back through it before the load
#   --rate N            new virtual users per second: sessions (SessionLifecycle) or requests (ReadHeavy)
#   --duration S        seconds of steady load [60]
#   --p99 MS            bound on the 99th percentile response time [1000]
#   --population N      sessions ReadHeavy writes before it reads [1000]
#   --ramp S            ReadHeavy: climb from a tenth of --rate to --rate over S seconds first [0]
#   --capacity RATE     the capacity mode: ReadHeavy, ramp 30 s to RATE requests/s, then RATE for --duration
#   --skip-build        reuse the server jar built before
#   --base-url URL      run against this running server (e.g. the nginx of the compose stack) instead of starting
#                       one; --token is then its read-write token, used by the readers too
#   --token TOKEN       with --base-url: a read-write token of that server
#   --smoke             SessionLifecycle, memory store, 5 sessions/s for 30 s, p99 bound 2000 ms
# Traffic goes to 127.0.0.1 only; every wait below is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."

simulation=SessionLifecycle store=memory redis_url="" serializer=fory-shared skip_build=false external_url="" external_token=""
gatling_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --simulation) simulation="$2"; shift 2 ;;
    --store) store="$2"; shift 2 ;;
    --redis-url) redis_url="$2"; shift 2 ;;
    --serializer) serializer="$2"; shift 2 ;;
    --rate|--duration|--p99|--population|--ramp) gatling_args+=("-D${1#--}=$2"); shift 2 ;;
    --capacity) simulation=ReadHeavy; gatling_args+=(-Dramp=30 "-Drate=$2"); shift 2 ;;
    --skip-build) skip_build=true; shift ;;
    --base-url) external_url="$2"; shift 2 ;;
    --token) external_token="$2"; shift 2 ;;
    --smoke) simulation=SessionLifecycle store=memory; gatling_args+=(-Drate=5 -Dduration=30 -Dp99=2000); shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$simulation" in SessionLifecycle|ReadHeavy) ;; *) echo "unknown simulation: $simulation" >&2; exit 2 ;; esac
case "$store" in memory|redis) ;; *) echo "unknown store: $store" >&2; exit 2 ;; esac
if [ -n "$external_url" ] && [ -z "$external_token" ]; then echo "--base-url needs --token" >&2; exit 2; fi

work=session-loadtest/target/loadtest
mkdir -p "$work"
server_pid="" redis_pid=""

# shellcheck source=processes.sh
. loadtest/processes.sh
cleanup() {
  stop "$server_pid" "session server"
  stop "$redis_pid" "redis-server"
}
trap cleanup EXIT

random_token() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }

if [ -n "$external_url" ]; then
  base_url=$external_url write_token=$external_token read_tokens=("$external_token" "$external_token" "$external_token")
  curl -fsS --max-time 5 "$base_url/actuator/health" | grep -q '"status":"UP"' \
    || { echo "the server at $base_url is not healthy" >&2; exit 1; }
  echo "Running against the server at $base_url"
else
  if [ "$skip_build" = false ]; then
    ./mvnw -B -q -pl session-server -am package -DskipTests
  fi
  jar=$(find session-server/target -maxdepth 1 -name 'session-server-*.jar' ! -name '*-plain.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' | head -1)
  [ -n "$jar" ] || { echo "no server jar under session-server/target: build without --skip-build" >&2; exit 1; }

  server_args=()
  if [ "$store" = redis ]; then
    if [ -z "$redis_url" ]; then
      redis_port=$(free_port 16379)
      redis-server --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no > "$work/redis.log" 2>&1 &
      redis_pid=$!
      for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.2; done
      redis-cli -p "$redis_port" ping >/dev/null
      redis_url="redis://127.0.0.1:$redis_port"
    fi
    server_args+=(--sessiondata.store.type=redis "--spring.data.redis.url=$redis_url")
  else
    server_args+=(--sessiondata.store.type=memory)
  fi

  # One writer and three reading applications, each with its own token; the readers' tokens are read-only.
  write_token=$(random_token) read_tokens=()
  server_args+=("--sessiondata.security.clients[0].name=loadtest-writer"
                "--sessiondata.security.clients[0].token=$write_token"
                "--sessiondata.security.clients[0].access=read-write")
  for i in 1 2 3; do
    token=$(random_token); read_tokens+=("$token")
    server_args+=("--sessiondata.security.clients[$i].name=loadtest-application-$i"
                  "--sessiondata.security.clients[$i].token=$token"
                  "--sessiondata.security.clients[$i].access=read")
  done

  port=$(free_port 18080)
  base_url="http://127.0.0.1:$port"
  echo "Starting the session server on $base_url ($store store, active serializer $serializer); log: $work/server.log"
  # The configuration of the docker-compose deployment (its metrics histograms above all), with the store, the
  # serializer and the clients of this run given on the command line, which takes precedence.
  SESSIONDATA_TOKEN="$write_token" java -Xmx1g -jar "$jar" \
    --spring.config.additional-location=file:deploy/server/application.yml \
    --server.address=127.0.0.1 --server.port="$port" \
    --sessiondata.serializer.active="$serializer" \
    "${server_args[@]}" > "$work/server.log" 2>&1 &
  server_pid=$!

  for _ in $(seq 1 240); do
    kill -0 "$server_pid" 2>/dev/null || { echo "the server exited; last lines of its log:" >&2; tail -40 "$work/server.log" >&2; exit 1; }
    curl -fsS --max-time 2 "$base_url/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && break
    sleep 0.5
  done
  curl -fsS --max-time 2 "$base_url/actuator/health" | grep -q '"status":"UP"' \
    || { echo "the server was not healthy within 120 s; last lines of its log:" >&2; tail -40 "$work/server.log" >&2; exit 1; }
fi

echo "Running $simulation"
status=0
./mvnw -B -pl session-loadtest -am verify -Pgatling -DskipTests \
  -Dgatling.simulationClass="dev.sessiondata.loadtest.$simulation" \
  -DbaseUrl="$base_url" -Dtoken="$write_token" -DreadTokens="$(IFS=,; echo "${read_tokens[*]}")" \
  -Dserializer="$serializer" "${gatling_args[@]}" 2>&1 | tee "$work/gatling.log" || status=$?

# The Grafana dashboard shows only meters the server really exports: after a lifecycle run (which creates,
# conflicts, deletes and misses) every sessiondata.* and http.server.requests family the dashboard queries must be
# on /actuator/prometheus. (Micrometer's JVM meters are left out: the GC pause timer appears only after a GC.)
if [ "$status" -eq 0 ] && [ "$simulation" = SessionLifecycle ]; then
  curl -fsS --max-time 10 "$base_url/actuator/prometheus" > "$work/prometheus.txt"
  missing=0
  for family in $(grep -o '\b\(http_server\|sessiondata\)_[a-z_]*' deploy/grafana/dashboards/sessiondata.json | sort -u); do
    grep -q "^$family[{ ]" "$work/prometheus.txt" || { echo "the dashboard queries $family, which the server does not export" >&2; missing=1; }
  done
  [ "$missing" -eq 0 ] && echo "Every sessiondata and http.server metric the Grafana dashboard queries is exported by the server."
  status=$missing
fi

report=$(ls -td session-loadtest/target/gatling/"$(echo "$simulation" | tr '[:upper:]' '[:lower:]')"-* 2>/dev/null | head -1 || true)
[ -n "$report" ] && echo "Gatling report: $report/index.html"
exit "$status"
