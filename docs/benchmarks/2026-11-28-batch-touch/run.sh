#!/usr/bin/env bash
# Times 500 single touches against one batch touch of 500 on a private server (and Redis): run.sh redis|memory,
# from the repository root after the server jar is built (SERVER_JAR names another). README.md has the figures.
set -u
store=$1
token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
args=()
rpid=""
if [ "$store" = redis ]; then
  rport=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  redis-server --bind 127.0.0.1 --port "$rport" --save "" --appendonly no > "${TMPDIR:-/tmp}/batch-touch-redis.log" 2>&1 &
  rpid=$!
  for _ in $(seq 1 50); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.2; done
  args=(--sessiondata.store.type=redis "--spring.data.redis.url=redis://127.0.0.1:$rport")
fi
java -Xmx1g -jar "${SERVER_JAR:-session-server/target/session-server-0.1.0-SNAPSHOT.jar}" --server.address=127.0.0.1 --server.port=$port --sessiondata.serializer.active=java \
  '--sessiondata.security.clients[0].name=bench' "--sessiondata.security.clients[0].token=$token" \
  '--sessiondata.security.clients[0].access=read-write' "${args[@]}" > "${TMPDIR:-/tmp}/batch-touch-server-$store.log" 2>&1 &
spid=$!
for _ in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$port/actuator/health" && break; sleep 0.5; done
echo "store $store, load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$(dirname "$0")/bench.py" "$port" "$token"
kill $spid; wait $spid 2>/dev/null
[ -n "$rpid" ] && kill $rpid && wait $rpid 2>/dev/null
echo "load after $(cut -d' ' -f1-3 /proc/loadavg)"
