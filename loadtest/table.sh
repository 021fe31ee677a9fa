#!/usr/bin/env bash
# Makes the load-test table: SessionLifecycle against the memory store and the Redis store, each with fory-shared
# (the service's default) and with java payloads, and redis-benchmark GET/SET of the payload mix's sizes beside it as
# the raw-store reference. Writes a dated report, docs/benchmarks/<yyyy-mm-dd>-loadtest-table/README.md with Gatling's
# summary of each run beside it, then redraws the results section of docs/loadtest/README.md from the newest such
# report, and the index docs/benchmarks/README.md.
#
#   loadtest/table.sh                       # 4 runs of 120 s at 10 sessions/s: about 10 minutes in all
#   loadtest/table.sh --duration 60 --rate 5 --serializers "fory-shared one-nio java"
#   loadtest/table.sh --summary             # run nothing: redraw the results section from the newest report
#
# Run it on a quiet machine: the server, Gatling and Redis share its cores, and anything else running shows up
# in the percentiles. Every run has a p99 bound of 60 s, so that a slow run still gives its numbers; a failed
# request still fails the run and stops the table.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=120 rate=10 serializers="fory-shared java" summary_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --rate) rate="$2"; shift 2 ;;
    --serializers) serializers="$2"; shift 2 ;;
    --summary) summary_only=true; shift ;;
    *) echo "usage: loadtest/table.sh [--duration S] [--rate SESSIONS_PER_S] [--serializers \"ID ...\"] [--summary]" >&2; exit 2 ;;
  esac
done

# The results section of docs/loadtest/README.md, between its two markers: the newest dated table and every report.
write_summary() {
  local latest page=docs/loadtest/README.md
  latest=$(find docs/benchmarks -mindepth 1 -maxdepth 1 -type d -name '*-loadtest-table*' | sort | tail -1)
  [ -n "$latest" ] || { echo "no dated load-test report under docs/benchmarks" >&2; return 1; }
  {
    sed '/^<!-- results: start -->$/q' "$page"
    echo
    echo "The newest table, from [$(basename "$latest")](../benchmarks/$(basename "$latest")/README.md) (its redis-benchmark"
    echo "reference and Gatling's summary of each run are there):"
    echo
    sed -n '/^| store | serializer/,/^$/p' "$latest/README.md"
    echo "Every dated table, newest first:"
    echo
    for report in $(find docs/benchmarks -mindepth 1 -maxdepth 1 -type d -name '*-loadtest-table*' | sort -r); do
      echo "- [$(basename "$report")](../benchmarks/$(basename "$report")/README.md)"
    done
    echo
    sed -n '/^<!-- results: end -->$/,$p' "$page"
  } > "$page.new"
  mv "$page.new" "$page"
  loadtest/benchmarks-index.sh
  echo "Summary: $page (from $latest)"
}
if [ "$summary_only" = true ]; then
  write_summary
  exit 0
fi

# shellcheck source=processes.sh
. loadtest/processes.sh
out=$(dated_report_dir loadtest-table)
mkdir -p "$out"
work=session-loadtest/target/loadtest

# The last "Global Information" block of a Gatling console log, as one Markdown table row.
gatling_row() {
  awk -v label="$1" -v loadavg="$3" -F'|' '
    { gsub(/[ ,]/, "", $2); gsub(/[ ,]/, "", $4) }
    /---- Global Information/ { delete v }
    /^> request count/                   { v["n"] = $2; v["ko"] = $4 + 0 }
    /^> response time 50th percentile/   { v["p50"] = $2 }
    /^> response time 95th percentile/   { v["p95"] = $2 }
    /^> response time 99th percentile/   { v["p99"] = $2 }
    /^> mean throughput/                 { v["rps"] = $2 }
    END { printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", label, v["rps"], v["n"], v["p50"], v["p95"], v["p99"], v["ko"], loadavg }
  ' "$2"
}

rows=() built=false
for store in memory redis; do
  for serializer in $serializers; do
    build_flag=(); [ "$built" = true ] && build_flag=(--skip-build)
    loadtest/run.sh "${build_flag[@]}" --simulation SessionLifecycle --store "$store" --serializer "$serializer" \
      --rate "$rate" --duration "$duration" --p99 60000
    built=true
    # Gatling's closing summary of the run: per request name, then over all requests.
    awk '/^---- Requests/ { buffer = "" } { buffer = buffer $0 "\n" } /^Reports generated/ { printf "%s", buffer; exit }' \
      "$work/gatling.log" > "$out/gatling-$store-$serializer.txt"
    # What else ran on the machine: the 5-minute load average at the end of the run (2 cores here).
    rows+=("$(gatling_row "$store | $serializer" "$work/gatling.log" "$(cut -d' ' -f2 /proc/loadavg)")")
  done
done

# redis-benchmark against a private redis-server, with the sizes of the payload mix.
port=16479
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break; port=$((port + 1)); done
redis-server --bind 127.0.0.1 --port "$port" --save "" --appendonly no > "$work/redis-benchmark-server.log" 2>&1 &
redis_pid=$!
trap 'kill -TERM "$redis_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.2; done
bench_rows=()
for size in 1024 4096 10240 102400 1048576; do
  requests=$(( 200 * 1024 * 1024 / size )); [ "$requests" -gt 100000 ] && requests=100000
  while IFS=, read -r test rps avg min p50 p95 p99 max; do
    [ "$test" = '"test"' ] && continue
    bench_rows+=("| $((size / 1024)) KB | ${test//\"/} | ${rps//\"/} | $requests | ${p50//\"/} | ${p95//\"/} | ${p99//\"/} |")
  done < <(redis-benchmark -h 127.0.0.1 -p "$port" -t set,get -d "$size" -n "$requests" -c 10 --csv)
done

{
  echo "# Load-test results"
  echo
  echo "Made by \`loadtest/table.sh --duration $duration --rate $rate\` on $(date -u +%Y-%m-%d):"
  echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/ {print $2}') GiB,"
  echo "$(java -version 2>&1 | head -1), Redis $(redis-server --version | cut -d' ' -f3 | tr -d 'v='). The server,"
  echo "Gatling and Redis ran on the same machine. Gatling's summary of each run: \`gatling-<store>-<serializer>.txt\`."
  echo
  echo "## Session server, SessionLifecycle"
  echo
  echo "$rate new sessions per second for $duration s; each session is 9 requests (create, 3 reads by different"
  echo "applications, a conditional update, a stale update that must get 412, a read, a conditional delete, a read"
  echo "that must get 404). Payload mix: 30 % 1 KB, 30 % 4 KB, 30 % 10 KB, 9 % 100 KB, 1 % 1 MB (as java.io"
  echo "serialization counts the session; a compact serializer writes the same sessions smaller). Times are Gatling's, in"
  echo "milliseconds, over all requests: HTTP client, server and store together. The load average is the machine's"
  echo "5-minute load at the end of the run: well above 1, and something else was running too."
  echo
  echo "| store | serializer | requests/s | requests | p50 ms | p95 ms | p99 ms | errors | load avg (5 min) |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "## Raw store reference: redis-benchmark"
  echo
  echo "\`redis-benchmark -t set,get -d SIZE -c 10\` against a redis-server of its own on the same machine;"
  echo "latencies in milliseconds."
  echo
  echo "| value size | command | requests/s | requests | p50 ms | p95 ms | p99 ms |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${bench_rows[@]}"
} > "$out/README.md"
echo "Wrote $out/README.md"
write_summary
