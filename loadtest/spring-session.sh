#!/usr/bin/env bash
# The Spring Session comparison (docs/spring-session/): the sample shop with its sessions in the service (starter,
# one-nio), with the starter's near cache (its default) and without, against the same shop on Spring Session Data
# Redis (its defaults: Java serialization), all on one private Redis, measured in one run by one Gatling simulation:
# latency at a fixed arrival rate, throughput with a fixed number of requests in flight, for reads, changes and a
# mix of nine reads to one change; then the latency again in microseconds (SpringSessionLatency: Gatling records whole
# milliseconds), the shops taking turns request by request at a fixed rate. Starts on 127.0.0.1 a redis-server on a free port, the session server on it
# (Redis store, active serializer one-nio) and the three shops, runs SpringSessionComparison, prints the table of
# docs/spring-session/README.md, and stops everything it started.
#
#   loadtest/spring-session.sh                                     # a run of record: about 45 minutes
#   loadtest/spring-session.sh --rate 20 --step 8 --rounds 1 --jfr  # a short run with JFR recordings
#
# Options (defaults in brackets): --rate N requests/s of the latency steps [40], --step S seconds of every step
# [15], --rounds N measured rounds after the warm-up round [3], --shoppers N sessions per shop and size [16],
# --latency-rate N requests/s over the three shops in the microsecond steps [150], --latency-step S seconds of each
# of them [30],
# --concurrency N requests in flight in the throughput steps [8], --out DIR (from the repository root) where the
# table (README.md), Gatling's statistics and the session sizes are written [docs/benchmarks/<today, UTC>-spring-
# session-comparison, with -2, -3 ... if taken; the index docs/benchmarks/README.md is then redrawn], --jfr (JFR
# recordings of the server and both shops, in the out directory), --skip-build (reuse the jars and the class path
# built before).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=processes.sh
. loadtest/processes.sh

rate=40 step=15 rounds=3 shoppers=16 concurrency=8 latency_rate=150 latency_step=30 out="" jfr=false skip_build=false
while [ $# -gt 0 ]; do
  case "$1" in
    --rate) rate="$2"; shift 2 ;;
    --step) step="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --shoppers) shoppers="$2"; shift 2 ;;
    --concurrency) concurrency="$2"; shift 2 ;;
    --latency-rate) latency_rate="$2"; shift 2 ;;
    --latency-step) latency_step="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --jfr) jfr=true; shift ;;
    --skip-build) skip_build=true; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done

default_out=false
if [ -z "$out" ]; then
  default_out=true
  out=$(dated_report_dir spring-session-comparison)
fi
work=session-loadtest/target/spring-session-run
mkdir -p "$work" "$out"
out=$(cd "$out" && pwd)
pids=()
cleanup() { for pid in "${pids[@]}"; do stop "$pid"; done; }
trap cleanup EXIT

sample=samples/session-spring-sample
if [ "$skip_build" = false ]; then
  # the server's executable jar, and the shop's classes with its runtime class path (it is no executable jar)
  ./mvnw -B -q -pl session-server,$sample -am package dependency:build-classpath -DskipTests \
    '-Dmdep.outputFile=${project.build.directory}/classpath.txt' -DincludeScope=runtime
fi
server_jar=session-server/target/session-server-0.1.0-SNAPSHOT.jar
[ -f "$server_jar" ] && [ -f "$sample/target/classpath.txt" ] || { echo "build first (without --skip-build)" >&2; exit 1; }
# the serializers reflect into the JDK: the parent pom's serializer.jvm.flags, for both shops alike
read -r -a jvm_flags <<< "$(sed -n 's:.*<serializer.jvm.flags>\(.*\)</serializer.jvm.flags>.*:\1:p' pom.xml)"

wait_healthy() {
  local pid="$1" url="$2" log="$3"
  for _ in $(seq 1 360); do
    kill -0 "$pid" 2>/dev/null || { echo "$url exited; last lines of $log:" >&2; tail -40 "$log" >&2; exit 1; }
    curl -fsS --max-time 2 "$url/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && return 0
    sleep 0.5
  done
  echo "$url was not healthy within 180 s; last lines of $log:" >&2; tail -40 "$log" >&2; exit 1
}
# with --jfr, sets jfr_args to record the process named $1 into $out/$1.jfr
jfr_for() { jfr_args=(); [ "$jfr" = false ] || jfr_args=("-XX:StartFlightRecording=filename=$out/$1.jfr,settings=profile"); }

redis_port=$(free_port 16400)
redis-server --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no > "$work/redis.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.2; done
redis_url="redis://127.0.0.1:$redis_port"

token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
server_port=$(free_port 18100)
jfr_for server
java -Xmx512m ${jfr_args[@]+"${jfr_args[@]}"} -jar "$server_jar" --server.address=127.0.0.1 --server.port="$server_port" \
  --sessiondata.store.type=redis "--spring.data.redis.url=$redis_url" --sessiondata.serializer.active=one-nio \
  '--sessiondata.security.clients[0].name=shop' "--sessiondata.security.clients[0].token=$token" \
  '--sessiondata.security.clients[0].access=read-write' > "$work/server.log" 2>&1 &
pids+=($!)
wait_healthy $! "http://127.0.0.1:$server_port" "$work/server.log"

shop_classpath="$sample/target/classes:$(cat "$sample/target/classpath.txt")"
# Starts one shop on a free port from $2 with the arguments after it; sets shop_url.
start_shop() {
  local name="$1" port; port=$(free_port "$2"); shift 2
  jfr_for "shop-$name"
  java -Xmx512m "${jvm_flags[@]}" ${jfr_args[@]+"${jfr_args[@]}"} -cp "$shop_classpath" dev.sessiondata.sample.ShopApplication \
    --server.address=127.0.0.1 --server.port="$port" "$@" > "$work/shop-$name.log" 2>&1 &
  pids+=($!)
  shop_url="http://127.0.0.1:$port"
  wait_healthy $! "$shop_url" "$work/shop-$name.log"
}
start_shop service 18200 "--sessiondata.client.base-uri=http://127.0.0.1:$server_port" "--sessiondata.client.token=$token"
service_shop=$shop_url
start_shop uncached 18250 "--sessiondata.client.base-uri=http://127.0.0.1:$server_port" "--sessiondata.client.token=$token" \
  --sessiondata.client.near-cache.enabled=false
uncached_shop=$shop_url
start_shop redis 18300 --spring.profiles.active=spring-session-redis "--spring.data.redis.url=$redis_url"
redis_shop=$shop_url
echo "Shops: service $service_shop, without its near cache $uncached_shop, Spring Session Data Redis $redis_shop; Redis $redis_url"

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
./mvnw -B -pl session-loadtest -am verify -Pgatling -DskipTests \
  -Dgatling.simulationClass=dev.sessiondata.loadtest.SpringSessionComparison \
  -DserviceShop="$service_shop" -DuncachedShop="$uncached_shop" -DredisShop="$redis_shop" -Drate="$rate" -Dstep="$step" -Drounds="$rounds" \
  -Dshoppers="$shoppers" -Dconcurrency="$concurrency" -Dgatling.charting.indicators.percentile2=90 2>&1 | tee "$work/gatling.log"
# The same requests' latency in microseconds; its classes are the simulation's, compiled by the run above.
java -Drate="$latency_rate" -Dseconds="$latency_step" -Dshoppers="$shoppers" \
  -DserverMetrics="http://127.0.0.1:$server_port/actuator/prometheus" -DserverToken="$token" -cp session-loadtest/target/test-classes \
  dev.sessiondata.loadtest.SpringSessionLatency "service=$service_shop" "service-uncached=$uncached_shop" \
  "spring-session-redis=$redis_shop" 2>&1 | tee "$work/latency.log"
grep '^TSV' "$work/latency.log" | cut -f2- > "$out/latency.tsv"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# What a session of each size weighs in the Redis both use: serialized bytes and Redis' own memory per key.
{
  echo "# stored sessions: store, bytes of serialized session (sum of hash values), MEMORY USAGE"
  for key in $(redis-cli -p "$redis_port" --scan --pattern 'sessiondata:*:session:*') \
             $(redis-cli -p "$redis_port" --scan --pattern 'spring:session:sessions:*'); do
    case "$key" in sessiondata:*) bytes=$(redis-cli -p "$redis_port" hstrlen "$key" data) store=service ;;
      *) bytes=0 store=spring-session-redis
         for field in $(redis-cli -p "$redis_port" hkeys "$key"); do
           bytes=$((bytes + $(redis-cli -p "$redis_port" hstrlen "$key" "$field")))
         done ;;
    esac
    echo "$store $bytes $(redis-cli -p "$redis_port" memory usage "$key" samples 0)"
  done | sort | awk '{ k = $1 " " ($2 > 30000 ? "100KB" : "4KB"); n[k]++; b[k] += $2; m[k] += $3 }
    END { for (k in n) printf "%s: %d sessions, %.0f bytes serialized, %.0f bytes MEMORY USAGE (mean)\n", k, n[k], b[k] / n[k], m[k] / n[k] }' | sort
} > "$out/sizes.txt"

report=$(ls -td session-loadtest/target/gatling/springsessioncomparison-* | head -1)
# Gatling's statistics table (index.html) as tab-separated values: name, total, OK, KO, % KO, count/s, min, p50,
# p90, p95, p99, max, mean, standard deviation (milliseconds)
awk 'match($0, /ellipsed-name">[^<]*/) { name = substr($0, RSTART + 15, RLENGTH - 15) }
     match($0, /col-[0-9]+">[^<]*<\/td>/) { split(substr($0, RSTART + 4, RLENGTH - 9), cell, "\">"); row[name] = row[name] "\t" cell[2] }
     END { for (name in row) print name row[name] }' "$report/index.html" | sort > "$out/stats.tsv"
{
  echo "Load average (1, 5, 15 min): $load_before before, $load_after after; $(nproc) cores."
  echo "Fixed rate $rate requests/s, $concurrency in flight for the throughput, steps of $step s, $rounds measured rounds, $shoppers shoppers per shop and size."
  echo
  echo "| size | request | shop | p50 ms | p90 ms | p99 ms | requests/s ($concurrency in flight) | p50 ratio | p90 ratio | p99 ratio | throughput ratio |"
  echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  awk -F'\t' -v seconds="$((rounds * step))" '
    { p50[$1] = $8; p90[$1] = $9; p99[$1] = $11; count[$1] = $2 }
    function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "-" }
    END {
      split("4KB 100KB", sizes, " "); split("read write mixed", kinds, " ")
      split("service service-uncached", shops, " ")
      for (s = 1; s <= 2; s++) for (k = 1; k <= 3; k++) {
        b = "spring-session-redis " sizes[s] " " kinds[k]; tb = count[b " closed"] / seconds
        for (h = 1; h <= 2; h++) {
          a = shops[h] " " sizes[s] " " kinds[k]; ta = count[a " closed"] / seconds
          printf "| %s | %s | %s | %s | %s | %s | %.0f | %s | %s | %s | %s |\n", sizes[s], kinds[k], shops[h], p50[a], p90[a], p99[a], ta,
            ratio(p50[a], p50[b]), ratio(p90[a], p90[b]), ratio(p99[a], p99[b]), ratio(ta, tb)
        }
        printf "| %s | %s | spring-session-redis | %s | %s | %s | %.0f | | | | |\n", sizes[s], kinds[k], p50[b], p90[b], p99[b], tb
      }
    }' "$out/stats.tsv"
  echo
  echo "Shops: service (the starter, its near cache on: the default), service-uncached (near cache off), spring-session-redis."
  echo "Ratios: each service shop over Spring Session Data Redis' (latency below 1 and throughput above 1: the service's is faster)."
  echo "Mixed: nine reads to one change, named as one request."
  echo
  echo "## Latency in microseconds"
  echo
  echo "$latency_rate requests/s over the three shops, which take turns request by request (the order rotating every turn);"
  echo "steps of $latency_step s after a warm-up; latency counted from when each request was due (late sends: more than one"
  echo "interval behind). Ratios over Spring Session Data Redis'."
  echo
  sed -n '/^| size | request | shop | p50 µs/,/^$/p' "$work/latency.log"
  echo "Inside the session server during those steps (both service shops' requests): its mean time per session request,"
  echo "from the request's arrival to its answer's end, and per store operation in it (on Redis, one round trip)."
  echo
  sed -n '/^| size | request | inside the session server/,/^$/p' "$work/latency.log"
  cat "$out/sizes.txt"
} | { echo "# Spring Session: the starter's shop, with its near cache and without, against Spring Session Data Redis' ($(date -u '+%Y-%m-%d %H:%M UTC'))"; echo; cat; } \
  | tee "$out/README.md"
[ "$default_out" = false ] || loadtest/benchmarks-index.sh
echo "Gatling report: $report/index.html"
