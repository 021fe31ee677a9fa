#!/usr/bin/env bash
# The transport alone: a GET and a conditional PUT of one session of SIZE bytes against this worktree's server on
# a private redis-server, through the JDK HttpClient (direct executor) and through HttpURLConnection, interleaved
# (Transport.java): latency per request and CPU of the client and the server per pair.
#   loadtest/spring-write/transport.sh SIZE...
# N (pairs per round, 1000), ROUNDS (4) and MODES (httpclient,urlconnection; or urlconnection,streamed) in the
# environment change what runs.
set -euo pipefail
cd "$(dirname "$0")/../.."; . loadtest/processes.sh
H=loadtest/spring-write W=session-loadtest/target/spring-write; mkdir -p $W
pids=(); cleanup() { for pid in "${pids[@]}"; do stop "$pid"; done; }; trap cleanup EXIT
rp=$(free_port 16650); redis-server --bind 127.0.0.1 --port $rp --save "" --appendonly no > $W/redis2.log 2>&1 & pids+=($!)
for _ in $(seq 1 50); do redis-cli -p $rp ping >/dev/null 2>&1 && break; sleep 0.2; done
token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n'); port=$(free_port 18650)
java -Xmx512m -jar session-server/target/session-server-0.1.0-SNAPSHOT.jar --server.address=127.0.0.1 --server.port=$port --sessiondata.store.type=redis \
    --spring.data.redis.url=redis://127.0.0.1:$rp --sessiondata.serializer.active=one-nio '--sessiondata.security.clients[0].name=shop' \
    "--sessiondata.security.clients[0].token=$token" '--sessiondata.security.clients[0].access=read-write' > $W/server-t.log 2>&1 & spid=$!; pids+=($!)
for _ in $(seq 1 360); do curl -fsS --max-time 2 "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q UP && break; sleep 0.5; done
for size in "$@"; do java $H/Transport.java http://127.0.0.1:$port $token $size ${N:-1000} ${ROUNDS:-4} $spid ${MODES:-httpclient,urlconnection}; done
