#!/usr/bin/env bash
# Redis's own counters under attack.py's pipelined-readers shape (45 s), which loadtest/attack.sh does not keep:
# a private redis-server and the server jar given (default: the one built under session-server/target) with the
# flags attack.sh uses, CONFIG RESETSTAT before the shape, then INFO stats, INFO commandstats and the server's
# store read timers after it. Run from the repository root; stops what it started by its process ids.
set -u
jar="${1:-$(ls session-server/target/session-server-*.jar | grep -v plain | head -1)}"
work=session-loadtest/target/redis-traffic
mkdir -p "$work"
redis_port=16991 server_port=18991
redis-server --bind 127.0.0.1 --port $redis_port --save "" --appendonly no > "$work/redis.log" 2>&1 & redis_pid=$!
sleep 1
write_token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n') read_token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
java -Xmx256m -XX:+ExitOnOutOfMemoryError -jar "$jar" --server.address=127.0.0.1 --server.port=$server_port \
  --sessiondata.store.type=redis --spring.data.redis.url=redis://127.0.0.1:$redis_port \
  "--sessiondata.security.clients[0].name=writer" "--sessiondata.security.clients[0].token=$write_token" \
  "--sessiondata.security.clients[0].access=read-write" \
  "--sessiondata.security.clients[1].name=reader" "--sessiondata.security.clients[1].token=$read_token" \
  "--sessiondata.security.clients[1].access=read" > "$work/server.log" 2>&1 & server_pid=$!
for _ in $(seq 1 90); do curl -s -o /dev/null http://127.0.0.1:$server_port/actuator/health && break; sleep 1; done
redis-cli -p $redis_port CONFIG RESETSTAT > /dev/null
python3 loadtest/attack.py pipelined-readers --port $server_port --token "$read_token" --writer-token "$write_token" \
  --seconds 45 --redis-pid $redis_pid --redis-port $redis_port > "$work/figures.json" 2> "$work/attack.err"
redis-cli -p $redis_port INFO stats | grep -E "total_net_output_bytes|total_net_input_bytes|total_commands_processed"
redis-cli -p $redis_port INFO commandstats | grep -E "evalsha|hset|eval:"
curl -s http://127.0.0.1:$server_port/actuator/prometheus \
  | grep -E '^sessiondata_store_operations_seconds_count\{.*operation="get"'
kill $server_pid; wait $server_pid 2>/dev/null
kill $redis_pid; wait $redis_pid 2>/dev/null
cat "$work/figures.json"
