#!/usr/bin/env bash
# Screenshots of the Grafana dashboard's main queries with live data, drawn by Prometheus' own graph page:
# starts the server jar (memory store, the compose deployment's metrics configuration) and a Prometheus that scrapes
# its /actuator/prometheus every 2 s, puts 50 s of paced load on it (wrk with loadtest/capacity/session.lua: GETs of
# 1 KB and 10 KB sessions, 10 KB PUTs, and a trickle of misses and stale conditional writes), then has headless
# Chromium photograph one query per image into docs/images/prometheus-*.png. Grafana itself is not used: the
# queries are those of deploy/grafana/dashboards/sessiondata.json with its $__rate_interval as 10 s.
#
#   loadtest/metrics-screenshots.sh [--skip-build]
#
# Needs wrk, prometheus and chromium (Debian packages of those names). Everything listens on 127.0.0.1; every
# process it starts is stopped by its process id on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=processes.sh
. loadtest/processes.sh

[ "${1:-}" = --skip-build ] || ./mvnw -B -q -pl session-server -am package -DskipTests
jar=$(find session-server/target -maxdepth 1 -name 'session-server-*.jar' ! -name '*-plain.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' | head -1)
[ -n "$jar" ] || { echo "no server jar: build without --skip-build" >&2; exit 1; }
for tool in wrk prometheus chromium; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install -y $tool)" >&2; exit 1; }
done

work=$(mktemp -d)
pids=()
cleanup() { for pid in ${pids[@]+"${pids[@]}"}; do stop "$pid"; done; rm -rf "$work"; }
trap cleanup EXIT

port=$(free_port 18180) prometheus_port=$(free_port 19190)
token=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
base="http://127.0.0.1:$port"
SESSIONDATA_TOKEN="$token" java -Xmx512m -jar "$jar" --spring.config.additional-location=file:deploy/server/application.yml \
  --server.address=127.0.0.1 --server.port="$port" --sessiondata.store.type=memory \
  '--sessiondata.security.clients[0].name=screenshots' "--sessiondata.security.clients[0].token=$token" \
  '--sessiondata.security.clients[0].access=read-write' > "$work/server.log" 2>&1 &
pids+=($!)
cat > "$work/prometheus.yml" <<YML
global:
  scrape_interval: 2s
  evaluation_interval: 2s
scrape_configs:
  - job_name: session-server
    metrics_path: /actuator/prometheus
    static_configs:
      - targets: ['127.0.0.1:$port']
YML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
  --web.listen-address="127.0.0.1:$prometheus_port" > "$work/prometheus.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 240); do curl -fsS --max-time 2 "$base/actuator/health" 2>/dev/null | grep -q UP && break; sleep 0.5; done
curl -fsS --max-time 2 "$base/actuator/health" | grep -q UP || { tail -40 "$work/server.log" >&2; exit 1; }

for size in 1024 10240; do
  head -c "$size" /dev/urandom > "$work/body-$size"
  curl -fsS -o /dev/null -X PUT "$base/api/v1/sessions/cap-$size?ttl=86400" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/vnd.sessiondata.java' --data-binary @"$work/body-$size"
done
echo "50 s of load on $base"
load=()
for job in "GET 1024 300" "GET 10240 150" "PUT 10240 100"; do
  read -r method size rate <<< "$job"
  wrk -t1 -c8 -d50s --timeout 10s -s loadtest/capacity/session.lua "$base" -- "$method" "$token" "$size" "$rate" 1 \
    > "$work/wrk-$method-$size.txt" 2>&1 &
  load+=($!)
done
end=$((SECONDS + 50))
while [ $SECONDS -lt $end ]; do
  curl -s -o /dev/null "$base/api/v1/sessions/absent-$RANDOM" -H "Authorization: Bearer $token"
  curl -s -o /dev/null -X PUT "$base/api/v1/sessions/cap-1024?ttl=86400" -H "Authorization: Bearer $token" \
    -H 'If-Match: "stale"' -H 'Content-Type: application/vnd.sessiondata.java' --data-binary @"$work/body-1024"
  sleep 0.1
done
wait "${load[@]}"
sleep 4
# the graph page's end time has minutes only: the next whole minute keeps the load inside the two minutes shown
at=$(date -u -d '+1 minute' '+%Y-%m-%d %H:%M')

api='job="session-server", uri=~"/api/.*"'
quantile() { echo "label_replace(histogram_quantile($1, sum by (le) (rate(http_server_requests_seconds_bucket{$api}[10s]))), \"quantile\", \"$2\", \"\", \"\")"; }
shoot() {
  local url profile
  url="http://127.0.0.1:$prometheus_port/graph?$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlencode([
      ("g0.expr", sys.argv[1]), ("g0.tab", "0"), ("g0.stacked", "0"), ("g0.show_exemplars", "0"),
      ("g0.range_input", "2m"), ("g0.end_input", sys.argv[2]), ("g0.moment_input", sys.argv[2])]))' "$2" "$at")"
  profile=$(mktemp -d)
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$profile" --virtual-time-budget=15000 \
    --window-size=1280,900 --screenshot="docs/images/prometheus-$1.png" "$url" > "$work/chromium.log" 2>&1
  rm -rf "$profile"
  echo "docs/images/prometheus-$1.png"
}
shoot request-rate "sum by (method, status) (rate(http_server_requests_seconds_count{$api}[10s]))"
shoot latency-percentiles "$(quantile 0.5 p50) or $(quantile 0.95 p95) or $(quantile 0.99 p99)"
shoot store-operations "sum by (operation, outcome) (rate(sessiondata_store_operations_seconds_count[10s]))"
