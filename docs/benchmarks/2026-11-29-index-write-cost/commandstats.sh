#!/usr/bin/env bash
# Redis calls per indexed PUT: one private redis-server and one server of the jar, 5 s of indexed PUTs (wrk, the
# capacity script, 1 KiB), then INFO commandstats divided by the PUTs that Redis ran (the put script's calls).
#   docs/benchmarks/2026-11-29-index-write-cost/commandstats.sh server.jar index|none
set -euo pipefail
jar="$(realpath "$1")" index="${2:-index}"
cd "$(dirname "$0")/../../.."
logs=$(mktemp -d)
rp=$((16000 + RANDOM % 2000)); sp=$((26000 + RANDOM % 2000))
token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
redis-server --bind 127.0.0.1 --port $rp --save "" --appendonly no > "$logs/redis.log" 2>&1 & rpid=$!
sleep 0.5
java -Xmx1g -jar "$jar" --server.address=127.0.0.1 --server.port=$sp --sessiondata.serializer.active=java \
  '--sessiondata.security.clients[0].name=ab' "--sessiondata.security.clients[0].token=$token" \
  '--sessiondata.security.clients[0].access=read-write' --sessiondata.store.type=redis \
  "--spring.data.redis.url=redis://127.0.0.1:$rp" > "$logs/server.log" 2>&1 & spid=$!
trap 'kill $spid $rpid 2>/dev/null' EXIT
for _ in $(seq 1 240); do curl -fsS "http://127.0.0.1:$sp/actuator/health" 2>/dev/null | grep -q UP && break; sleep 0.5; done
wrk -t2 -c50 -d3s -s loadtest/capacity/session.lua "http://127.0.0.1:$sp" -- PUT "$token" 1024 0 2 $index > /dev/null
redis-cli -p $rp CONFIG RESETSTAT > /dev/null
wrk -t2 -c50 -d5s -s loadtest/capacity/session.lua "http://127.0.0.1:$sp" -- PUT "$token" 1024 0 2 $index > /dev/null
redis-cli -p $rp INFO commandstats | tr -d '\r' | grep cmdstat | sed 's/cmdstat_//; s/:calls=/ /; s/,usec=/ /; s/,usec_per_call.*//' \
  | awk '{ c[$1] = $2; u[$1] = $3 } END { n = c["evalsha"]; for (k in c) printf "%-10s %8.2f calls/PUT %8.2f usec/PUT\n", k, c[k] / n, u[k] / n; printf "PUTs %d\n", n }' | sort
