#!/usr/bin/env bash
# Starts docker-compose.yml on the local images (deploy/local/docker-compose.local.yml; Grafana left out), smoke-
# tests it through nginx, and takes it down again (containers, network and volumes), also on failure:
#   - sessions written through nginx read back through nginx, and written on one replica read on the other;
#   - nginx spread the requests over both replicas (each replica's own request counter grew);
#   - of N concurrent conditional writes (If-Match) with the same ETag exactly one wins, the rest get 412;
#   - Prometheus scraped both replicas' sessiondata_* series (asked through its HTTP API);
#   - the Gatling smoke (loadtest/run.sh --smoke) against the nginx entry point.
# Needs a running engine and the images (deploy/local/stack.sh smoke does both). Traffic goes to 127.0.0.1 and to
# the replicas' bridge addresses only; every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/local/functions.sh

work=target/local-stack
mkdir -p "$work"
project=sessiondata-local
docker=/usr/bin/docker
racers=8

log() { echo "[compose-smoke $(date +%H:%M:%S)] $*"; }
fail() { echo "compose smoke FAILED: $*" >&2; exit 1; }
compose() { docker-compose -p "$project" -f docker-compose.yml -f deploy/local/docker-compose.local.yml "$@"; }

SESSIONDATA_TOKEN=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
SESSIONDATA_HTTP_PORT=$(free_port 18280)
PROMETHEUS_PORT=$(free_port 19190)
export SESSIONDATA_TOKEN SESSIONDATA_HTTP_PORT PROMETHEUS_PORT
base=http://127.0.0.1:$SESSIONDATA_HTTP_PORT
api=$base/api/v1
prometheus=http://127.0.0.1:$PROMETHEUS_PORT
auth=(-H "Authorization: Bearer $SESSIONDATA_TOKEN")
type=(-H 'Content-Type: application/vnd.sessiondata.java')

down() {
  local status=$?
  set +e
  compose logs --no-color > "$work/compose.log" 2>&1
  log "docker-compose down (logs: $work/compose.log)"
  compose down -v --remove-orphans > "$work/compose-down.log" 2>&1 || cat "$work/compose-down.log" >&2
  local left
  left=$($docker ps -aq --filter "label=com.docker.compose.project=$project")
  [ -z "$left" ] || { echo "containers of $project still exist after down: $left" >&2; status=1; }
  exit "$status"
}
trap down EXIT
trap 'exit 130' INT TERM

started=$(now)
log "docker-compose up: redis, server-1, server-2, load-balancer (:$SESSIONDATA_HTTP_PORT), prometheus (:$PROMETHEUS_PORT)"
compose up -d --no-build redis server-1 server-2 load-balancer prometheus 2>&1 | sed 's/^/    /'

replica_address() {
  $docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(compose ps -q "$1")"
}
healthy() { curl -fsS --max-time 2 "$1/actuator/health" 2>/dev/null | grep -q '"status":"UP"'; }
replica1=http://$(replica_address server-1):8080
replica2=http://$(replica_address server-2):8080
for _ in $(seq 1 240); do
  healthy "$replica1" && healthy "$replica2" && healthy "$base" && break
  sleep 0.5
done
healthy "$replica1" && healthy "$replica2" && healthy "$base" || fail "the stack was not healthy within 120 s"
log "both replicas and nginx answer /actuator/health UP, $(elapsed "$started") s after up"

# The requests a replica has answered on the session paths, by its own counter.
served() {
  curl -fsS --max-time 5 "$1/actuator/prometheus" \
    | awk '/^http_server_requests_seconds_count\{.*uri="\/api\/v1\/sessions/ { n += $NF } END { printf "%d", n }'
}

# 1. Across replicas, directly: written on one, read on the other, with the same version.
for pair in "$replica1 $replica2" "$replica2 $replica1"; do
  read -r writer reader <<< "$pair"
  id=smoke-cross-$RANDOM$RANDOM
  body="written on $writer"
  put_etag=$(curl -fsS -o /dev/null -D - -X PUT "${auth[@]}" "${type[@]}" --data-binary "$body" "$writer/api/v1/sessions/$id" \
    | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')
  got=$(curl -fsS -D "$work/headers.txt" "${auth[@]}" "$reader/api/v1/sessions/$id")
  get_etag=$(tr -d '\r' < "$work/headers.txt" | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')
  [ "$got" = "$body" ] && [ -n "$put_etag" ] && [ "$put_etag" = "$get_etag" ] \
    || fail "a session written on $writer read on $reader as '$got' (ETag $get_etag, written $put_etag)"
done
log "a session written on either replica reads the same (bytes and ETag) on the other"

# 2. Through nginx: every session written reads back, and both replicas served.
before1=$(served "$replica1") before2=$(served "$replica2")
for i in $(seq 1 20); do
  curl -fsS -o /dev/null -X PUT "${auth[@]}" "${type[@]}" --data-binary "session $i" "$api/sessions/smoke-$i" \
    || fail "PUT smoke-$i through nginx"
done
for i in $(seq 1 20); do
  got=$(curl -fsS "${auth[@]}" "$api/sessions/smoke-$i") || fail "GET smoke-$i through nginx"
  [ "$got" = "session $i" ] || fail "GET smoke-$i through nginx returned '$got'"
done
delta1=$(($(served "$replica1") - before1)) delta2=$(($(served "$replica2") - before2))
[ "$delta1" -gt 0 ] && [ "$delta2" -gt 0 ] || fail "nginx did not use both replicas (server-1 $delta1, server-2 $delta2 requests)"
log "20 PUT + 20 GET through nginx all read back; server-1 served $delta1, server-2 served $delta2 of them"

# 3. The conditional update race: N writers with the same ETag at once, through nginx; exactly one wins.
curl -fsS -o /dev/null -X PUT "${auth[@]}" "${type[@]}" --data-binary 'race start' "$api/sessions/smoke-race"
etag=$(curl -fsS -o /dev/null -D - "${auth[@]}" "$api/sessions/smoke-race" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')
[ -n "$etag" ] || fail "no ETag on smoke-race"
rm -f "$work"/race-*.status
for i in $(seq 1 "$racers"); do
  curl -sS -o /dev/null -w '%{http_code}' -X PUT "${auth[@]}" "${type[@]}" -H "If-Match: $etag" \
    --data-binary "racer $i" "$api/sessions/smoke-race" > "$work/race-$i.status" &
done
wait
wins=$(grep -lx 200 "$work"/race-*.status | wc -l || true)
refused=$(grep -lx 412 "$work"/race-*.status | wc -l || true)
winner=$(grep -lx 200 "$work"/race-*.status | sed 's/.*race-\([0-9]*\)\.status/\1/' || true)
stored=$(curl -fsS "${auth[@]}" "$api/sessions/smoke-race")
[ "$wins" -eq 1 ] && [ "$refused" -eq $((racers - 1)) ] && [ "$stored" = "racer $winner" ] \
  || fail "conditional race: $wins won, $refused got 412 of $racers; stored '$stored'"
log "conditional race: of $racers concurrent If-Match writes exactly one won (racer $winner), $refused got 412"

# 4. Prometheus has scraped both replicas' sessiondata_* series, the store operations of the requests above among
# them (it scrapes every 10 s; a meter appears on a replica's endpoint with its first use).
query='sum by (instance) (sessiondata_store_operations_seconds_count{job="session-server"})'
instances=""
for _ in $(seq 1 45); do
  instances=$(curl -fsS --max-time 5 -G "$prometheus/api/v1/query" --data-urlencode "query=$query" 2>/dev/null \
    | python3 -c "import json, sys; print(' '.join(sorted(r['metric']['instance'] + '=' + r['value'][1] for r in json.load(sys.stdin)['data']['result'] if float(r['value'][1]) > 0)))" \
    2>/dev/null || true)
  [ "$(wc -w <<< "$instances")" -eq 2 ] && break
  sleep 2
done
[ "$(wc -w <<< "$instances")" -eq 2 ] || fail "Prometheus has not scraped sessiondata_* series of both replicas: '$instances'"
series=$(curl -fsS --max-time 5 -G "$prometheus/api/v1/query" \
  --data-urlencode 'query=count by (instance) ({__name__=~"sessiondata_.+",job="session-server"})' \
  | python3 -c "import json, sys; print(' '.join(sorted(r['metric']['instance'] + '=' + r['value'][1] for r in json.load(sys.stdin)['data']['result'])))")
log "Prometheus scraped both replicas: store operations counted $instances; sessiondata_* series $series"

# 5. The Gatling smoke against the nginx entry point.
log "Gatling smoke through nginx"
loadtest/run.sh --smoke --base-url "$base" --token "$SESSIONDATA_TOKEN" > "$work/gatling-smoke.log" 2>&1 \
  || { tail -60 "$work/gatling-smoke.log" >&2; fail "the Gatling smoke through nginx"; }
grep -E 'request count|failed|OK=|KO=|Global:|Every sessiondata' "$work/gatling-smoke.log" | head -12 | sed 's/^/    /'
log "compose smoke passed in $(elapsed "$started") s"
