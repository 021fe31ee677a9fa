#!/usr/bin/env bash
# A/B of the sample shop's write request (POST /attribute, one attribute changed) and read request, timed in µs by
# WriteTiming.java (sequential requests, shops interleaved per round, p10/p50/p90/p99) with the CPU per request of
# each shop's processes from /proc/<pid>/stat: shop "base" (a snapshot of an earlier build: its server jar and its
# shop class path), shop "new" (this worktree's build), and the same shop on Spring Session Data Redis, all on one
# private redis-server on 127.0.0.1, stopped by pid at the end.
#
#   loadtest/spring-write/ab.sh --snapshot DIR          copy this worktree's built server jar and shop class path to DIR
#   loadtest/spring-write/ab.sh DIR SIZE N ROUNDS [--jfr]   run the A/B (JFR recordings go to the work directory);
#     with NEW=DIR2 in the environment, shop "new" runs from that snapshot instead of the worktree;
#     with LOAD="write|read CONC WARM-SECONDS MEASURED-SECONDS", the closed model of Load.java instead (CONC requests
#     in flight, ROUNDS interleaved rounds, N unused): CPU per request of each process and of each thread group
#     (Tomcat, event loops, Lettuce, JIT compilers, GC; count a round once the compilers are quiet), latencies and
#     Redis' INFO commandstats of each step (calls, µs per call; they include the seeding of the step's sessions)
#
# Build first: ./mvnw -B -q -pl session-server,samples/session-spring-sample -am package dependency:build-classpath
#   -DskipTests '-Dmdep.outputFile=${project.build.directory}/classpath.txt' -DincludeScope=runtime
set -euo pipefail
cd "$(dirname "$0")/../.."
. loadtest/processes.sh
if [ "${1:-}" = --snapshot ]; then
  B=$2; mkdir -p "$B/lib"; cp session-server/target/session-server-0.1.0-SNAPSHOT.jar "$B/server.jar"
  rm -rf "$B/classes"; cp -r samples/session-spring-sample/target/classes "$B/classes"; cp=$B/classes
  for j in $(tr ':' '\n' < samples/session-spring-sample/target/classpath.txt); do
    case $j in "$PWD"/*) cp "$j" "$B/lib/"; cp=$cp:$B/lib/$(basename "$j") ;; *) cp=$cp:$j ;; esac
  done
  echo "$cp" > "$B/classpath.txt"; exit 0
fi
B=$1 size=$2 n=$3 rounds=$4 jfr=${5:-}
H=loadtest/spring-write W=session-loadtest/target/spring-write; mkdir -p $W
pids=(); cleanup() { for pid in "${pids[@]}"; do stop "$pid"; done; }; trap cleanup EXIT
read -r -a jvm_flags <<< "$(sed -n 's:.*<serializer.jvm.flags>\(.*\)</serializer.jvm.flags>.*:\1:p' pom.xml)"
jfrarg() { [ -z "$jfr" ] && return 0; echo "-XX:StartFlightRecording=filename=$W/$1.jfr,settings=profile"; }
rp=$(free_port 16600); redis-server --bind 127.0.0.1 --port $rp --save "" --appendonly no > $W/redis.log 2>&1 & redis_pid=$!; pids+=($!)
for _ in $(seq 1 50); do redis-cli -p $rp ping >/dev/null 2>&1 && break; sleep 0.2; done
token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
healthy() { for _ in $(seq 1 360); do curl -fsS --max-time 2 "$1/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && return 0; sleep 0.5; done; echo "$1 not up" >&2; exit 1; }
server() { local name=$1 jar=$2 port; port=$(free_port $3)
  java -Xmx512m $(jfrarg server-$name) -jar $jar --server.address=127.0.0.1 --server.port=$port --sessiondata.store.type=redis \
    --spring.data.redis.url=redis://127.0.0.1:$rp --sessiondata.serializer.active=one-nio '--sessiondata.security.clients[0].name=shop' \
    "--sessiondata.security.clients[0].token=$token" '--sessiondata.security.clients[0].access=read-write' > $W/server-$name.log 2>&1 &
  pids+=($!); spid=$!; surl=http://127.0.0.1:$port; }
shop() { local name=$1 cp=$2 port; port=$(free_port $3); shift 3
  java -Xmx512m "${jvm_flags[@]}" $(jfrarg shop-$name) -cp "$cp" dev.sessiondata.sample.ShopApplication --server.address=127.0.0.1 --server.port=$port "$@" > $W/shop-$name.log 2>&1 &
  pids+=($!); shpid=$!; shurl=http://127.0.0.1:$port; }
server base $B/server.jar 18600; base_server=$spid base_surl=$surl
new_jar=session-server/target/session-server-0.1.0-SNAPSHOT.jar
new_cp="samples/session-spring-sample/target/classes:$(cat samples/session-spring-sample/target/classpath.txt)"
if [ -n "${NEW:-}" ]; then new_jar=$NEW/server.jar new_cp=$(cat "$NEW/classpath.txt"); fi
server new $new_jar 18700; new_server=$spid new_surl=$surl
healthy $base_surl; healthy $new_surl
shop base "$(cat $B/classpath.txt)" 18800 --sessiondata.client.base-uri=$base_surl --sessiondata.client.token=$token; base_shop=$shpid base_url=$shurl
shop new "$new_cp" 18900 --sessiondata.client.base-uri=$new_surl --sessiondata.client.token=$token; new_shop=$shpid new_url=$shurl
shop redis "$new_cp" 19000 --spring.profiles.active=spring-session-redis --spring.data.redis.url=redis://127.0.0.1:$rp; redis_shop=$shpid redis_url=$shurl
healthy $base_url; healthy $new_url; healthy $redis_url
redis-cli -p $rp config resetstat >/dev/null
if [ -z "${LOAD:-}" ]; then
  java $H/WriteTiming.java $size $n $rounds "base,$base_url,$base_shop,$base_server,$redis_pid" "new,$new_url,$new_shop,$new_server,$redis_pid" "redis,$redis_url,$redis_shop,$redis_pid"
else
  mkdir -p $W/classes; javac -d $W/classes $H/WriteTiming.java $H/Load.java
  # Redis' own time per command of each shop's step (INFO commandstats, reset before each step)
  commands() { redis-cli -p $rp info commandstats | sed -n 's/^cmdstat_\([a-z|]*\):calls=\([0-9]*\),usec=\([0-9]*\),usec_per_call=\([0-9.]*\).*/    redis \1: \2 calls, \4 us per call/p'; }
  step() { redis-cli -p $rp config resetstat >/dev/null; echo "== round $1 $2"; shift 2; java -cp $W/classes Load "$@"; commands; }
  # base and new take turns at going first: whichever goes first meets a JIT less warmed up
  for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) = 1 ]; then
      step $r base $base_url $size $LOAD $base_shop $base_server $redis_pid
      step $r new $new_url $size $LOAD $new_shop $new_server $redis_pid
    else
      step $r new $new_url $size $LOAD $new_shop $new_server $redis_pid
      step $r base $base_url $size $LOAD $base_shop $base_server $redis_pid
    fi
    step $r redis $redis_url $size $LOAD $redis_shop $redis_pid
  done
fi
redis-cli -p $rp info commandstats | grep -E 'cmdstat_(hmget|hget|hgetall|hset|hmset|evalsha|fcall|eval|expire|pexpire|del|multi|exec)' || true
