#!/usr/bin/env bash
# The capacity benchmark of issue #9: what one session GET and PUT cost through the service, side by side with what
# the store behind it costs, in one run on this machine. Writes a dated report, docs/benchmarks/<yyyy-mm-dd>-capacity/
# (README.md, results.tsv and capacity.png, the chart), then redraws the benchmark's summary page,
# docs/capacity/README.md, from the newest dated capacity report, and the index docs/benchmarks/README.md.
# With --out DIR the report goes under DIR and the summary is left alone.
#
#   loadtest/capacity.sh                 # 1 KB, 10 KB, 100 KB, 1 MB (~35 minutes)
#   loadtest/capacity.sh --warmup 8 --duration 12 --profile --overload 60   # the committed run (~30 minutes)
#   loadtest/capacity.sh --quick         # development: 1 KB and 10 KB, short phases (~5 minutes)
#
# What it measures, for each size:
#   raw Redis    redis-benchmark GET and SET of the same number of bytes, 50 clients, against a redis-server of
#                its own (never the shared one)
#   service      GET and PUT of a session through the memory store and through the Redis store (a private
#                redis-server again), and through the floor beneath the Redis store: loadtest/capacity/
#                RedisPassThrough.java, the least an HTTP front of Redis does on the server's own libraries (Reactor
#                Netty, one Lettuce connection; no token, expiry, ETag or metrics): the maximum, closed loop (wrk,
#                2 threads, 50 connections), then latency
#                percentiles at fixed offered rates of 50 % and 70 % of that maximum (open model: wrk with a
#                paced script, loadtest/capacity/session.lua, over 200 connections so that a send never waits
#                for a free one; wrk2 is not packaged by Debian, and Gatling needs several times the CPU of wrk
#                for the same rate on a 2-core machine)
#
# Options (defaults in brackets):
#   --quick              sizes 1024 10240, warm-up 3 s, phases 5 s
#   --sizes "B ..."      session sizes in bytes [1024 10240 102400 1048576]
#   --stores "S ..."     targets to measure: memory, redis (the service's stores), passthrough (the floor)
#                        [memory redis passthrough]
#   --warmup S           seconds of closed-loop load before each measured maximum [10]; after a server starts,
#                        rounds of this many seconds of GET and PUT until two in a row agree within 5 % (at most 12)
#   --duration S         seconds of each measured phase [15]
#   --overload S         also run 128 parallel 2 MB PUTs for S seconds against a server with -Xmx256m, then
#                        check it is up and healthy [0: skip]
#   --profile            also record a JFR profile of each store under the closed-loop 10 KB GET and list its
#                        top frames in the report; the servers then run JFR from their start (a recording started
#                        on a warm JVM retransforms classes and profiles the code HotSpot recompiles after it)
#   --jar PATH           the server jar to measure [the one under session-server/target, built first]
#   --skip-build         do not build the server jar
#   --what NAME          what the run measures, the dated folder's name after the date [capacity]
#   --out DIR            where the report goes [docs/benchmarks/<today, UTC>-<what>, with -2, -3 ... if taken]
#   --summary            run nothing: redraw docs/capacity/README.md from the newest dated capacity report
#   --max-only           measure the maximum only, not the fixed-rate phases (for comparing two builds quickly)
#   --server-arg ARG     an extra argument for the server (repeatable), e.g. --server-arg --spring.threads.virtual.enabled=false
# Installs wrk, redis-server/redis-tools and gnuplot with apt-get when they are missing. Everything talks to
# 127.0.0.1 only; every process it starts is stopped by its process id on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=processes.sh
. loadtest/processes.sh

sizes="1024 10240 102400 1048576" stores="memory redis passthrough" warmup=10 duration=15 overload=0 profile=false
jar="" skip_build=false out="" what=capacity summary_only=false quick=false
extra_args=() max_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=true sizes="1024 10240" warmup=3 duration=5; shift ;;
    --sizes) sizes="$2"; shift 2 ;;
    --stores) stores="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --overload) overload="$2"; shift 2 ;;
    --profile) profile=true; shift ;;
    --jar) jar="$2"; skip_build=true; shift 2 ;;
    --skip-build) skip_build=true; shift ;;
    --out) out="$2"; shift 2 ;;
    --what) what="$2"; shift 2 ;;
    --summary) summary_only=true; shift ;;
    --server-arg) extra_args+=("$2"); shift 2 ;;
    --max-only) max_only=true; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done

# The summary page: the newest dated capacity report's chart and maxima, the command, and every dated capacity report.
write_summary() {
  local latest report date title
  latest=$(find docs/benchmarks -mindepth 2 -maxdepth 2 -path '*-capacity*/results.tsv' -printf '%h\n' | sort | tail -1)
  [ -n "$latest" ] || { echo "no dated capacity report under docs/benchmarks" >&2; return 1; }
  cp "$latest/capacity.png" docs/capacity/capacity.png
  {
    echo "# Capacity: a session GET and PUT through the service beside the store behind it"
    echo
    echo "The current figures, from the newest dated run, [$(basename "$latest")](../benchmarks/$(basename "$latest")/README.md)"
    echo "(its latency percentiles at fixed rates, CPU per request and profiles are there)."
    echo "Regenerated by the benchmark's command, \`loadtest/capacity.sh --warmup 8 --duration 12 --profile --overload 60\`"
    echo "(about 30 minutes; \`--quick\` for about 5), which writes a new dated report under \`docs/benchmarks/\` and then"
    echo "this page; \`loadtest/capacity.sh --summary\` redraws this page alone. Only ratios measured in one run mean much:"
    echo "the load generators, the service and Redis share the machine's cores."
    echo
    sed -n '/^Made by/,/^$/p' "$latest/README.md"
    echo "![maximum throughput](capacity.png)"
    echo
    sed -n '/^## Maximum throughput/,/^## Latency/p' "$latest/README.md" | sed '$d' \
      | sed "s#](\.\./\.\./\.\./loadtest/#](../../loadtest/#"
    echo "## Dated reports"
    echo
    echo "What each change bought, run by run, with the profiles before and after: [history.md](history.md)."
    echo
    for report in $(find docs/benchmarks -mindepth 2 -maxdepth 2 -path '*-capacity*/README.md' | sort -r); do
      date=$(basename "$(dirname "$report")" | cut -c1-10)
      title=$(basename "$(dirname "$report")" | cut -c12- | tr '-' ' ')
      echo "- [$date, $title](../benchmarks/$(basename "$(dirname "$report")")/README.md)"
    done
  } > docs/capacity/README.md
  loadtest/benchmarks-index.sh
  echo "Summary: docs/capacity/README.md (from $latest)"
}
if [ "$summary_only" = true ]; then
  write_summary
  exit 0
fi
default_out=false
if [ -z "$out" ]; then
  default_out=true
  out=$(dated_report_dir "$what")
fi

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v redis-server >/dev/null || need+=(redis-server)
command -v redis-benchmark >/dev/null || need+=(redis-tools)
command -v gnuplot >/dev/null || need+=(gnuplot-nox)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} with apt-get"
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
  $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi

work=session-loadtest/target/capacity
mkdir -p "$work" "$out"
pids=() store_redis_pid=""
cleanup() { for pid in "${pids[@]}"; do stop "$pid"; done; }
trap cleanup EXIT

if [ "$skip_build" = false ]; then
  ./mvnw -B -q -pl session-server -am package -DskipTests
fi
if [ -z "$jar" ]; then
  jar=$(find session-server/target -maxdepth 1 -name 'session-server-*.jar' ! -name '*-plain.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' | head -1)
fi
[ -n "$jar" ] && [ -f "$jar" ] || { echo "no server jar: build without --skip-build" >&2; exit 1; }

loads=()
sample_load() { loads+=("$(cut -d' ' -f1-3 /proc/loadavg)"); }

# A private redis-server: no persistence, on a free port; prints the port.
start_redis() {
  local port; port=$(free_port "$1")
  redis-server --bind 127.0.0.1 --port "$port" --save "" --appendonly no > "$work/redis-$port.log" 2>&1 &
  redis_pid=$!
  pids+=("$redis_pid")
  for _ in $(seq 1 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.2; done
  redis-cli -p "$port" ping >/dev/null
  redis_port=$port
}

results="$out/results.tsv"
printf 'target\top\tsize\tload\trps\tp50_ms\tp90_ms\tp99_ms\tp999_ms\tmax_ms\terrors\tlate\tstatuses\tcpu_busy_pct\twrk_cpu_us_per_request\tserver_cpu_us_per_request\tredis_cpu_us_per_request\n' > "$results"
record() { printf '%s\n' "$(IFS=$'\t'; echo "$*")" >> "$results"; }
# The name of a measured target in results.tsv: service-memory, service-redis, or passthrough (not the service)
target_of() { if [ "$1" = passthrough ]; then echo passthrough; else echo "service-$1"; fi; }

# ---- raw Redis: redis-benchmark, 50 clients; a short pass sizes the measured pass to about --duration seconds
start_redis $((12000 + RANDOM % 9000))
raw_port=$redis_port
for size in $sizes; do
  # SET first: redis-benchmark's GET reads the one key its SET writes (key:__rand_int__ without -r), so the GET
  # pass reads a value of this size only after this size's SET; checked before the GET is measured
  for op in set get; do
    if [ "$op" = get ]; then
      stored=$(redis-cli -p "$raw_port" strlen 'key:__rand_int__')
      [ "$stored" = "$size" ] || { echo "raw Redis GET of $size B would read a value of ${stored:-0} B" >&2; exit 1; }
    fi
    sample_load
    calib=$(redis-benchmark -p "$raw_port" -c 50 -n $((2000 + 50000 * 1024 / size)) -d "$size" -t "$op" --csv -q \
      | sed -n '2p' | cut -d, -f2 | tr -d '"')
    n=$(awk -v r="$calib" -v d="$duration" 'BEGIN { printf "%d", r * d }')
    line=$(redis-benchmark -p "$raw_port" -c 50 -n "$n" -d "$size" -t "$op" --csv -q | sed -n '2p' | tr -d '"')
    IFS=, read -r _ rps _ _ p50 _ p99 max <<< "$line"
    op_upper=$(echo "$op" | tr '[:lower:]' '[:upper:]')
    echo "raw redis $op_upper $size B: $rps req/s, p99 $p99 ms"
    record redis-benchmark "$op_upper" "$size" max "$rps" "$p50" "" "$p99" "" "$max" 0 0 "" "" "" "" ""
  done
done

token=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')

# Starts the server (extra arguments are JVM options, then --, then application arguments); sets server_pid, base.
start_server() {
  local jvm=() app=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do jvm+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  app=("$@")
  local port; port=$(free_port $((22000 + RANDOM % 9000)))
  base="http://127.0.0.1:$port"
  if [ "$profile" = true ]; then
    # JFR from the start, so that the profile window's recording (same settings) changes no compiled code
    jvm+=(-XX:StartFlightRecording=name=launch,settings=profile,maxage=2m)
  fi
  java "${jvm[@]}" -jar "$jar" --server.address=127.0.0.1 --server.port="$port" \
    --sessiondata.serializer.active=java --sessiondata.session.max-size=2MB \
    '--sessiondata.security.clients[0].name=capacity' "--sessiondata.security.clients[0].token=$token" \
    '--sessiondata.security.clients[0].access=read-write' "${app[@]}" ${extra_args[@]+"${extra_args[@]}"} \
    > "$work/server-$port.log" 2>&1 &
  server_log="$work/server-$port.log"
  server_pid=$!
  pids+=("$server_pid")
  await_ready "the server was not healthy" healthy
}

healthy() { curl -fsS --max-time 2 "$base/actuator/health" 2>/dev/null | grep -q '"status":"UP"'; }

# Waits up to 120 s for the command "$2 ..." to succeed against the process just started (server_pid, server_log);
# stops the script with $1 and the log's end if it does not, or if the process ends first.
await_ready() {
  local failure="$1"; shift
  for _ in $(seq 1 240); do
    kill -0 "$server_pid" 2>/dev/null || { tail -40 "$server_log" >&2; exit 1; }
    "$@" && return 0
    sleep 0.5
  done
  echo "$failure within 120 s" >&2; tail -40 "$server_log" >&2; exit 1
}

# Starts the floor, RedisPassThrough.java, against the Redis at $1, on the libraries of the server jar being measured
# (its BOOT-INF/lib, taken out with the JDK's jar tool); sets server_pid, base. A single-file program: the JDK
# compiles it at start, so it is in no artifact.
start_passthrough() {
  local lib="$PWD/$work/passthrough-lib" jar_path; jar_path=$(realpath "$jar")
  rm -rf "$lib" && mkdir -p "$lib"
  (cd "$lib" && jar xf "$jar_path" BOOT-INF/lib)
  local port; port=$(free_port $((22000 + RANDOM % 9000)))
  base="http://127.0.0.1:$port"
  java -Xmx1g -cp "$lib/BOOT-INF/lib/*" loadtest/capacity/RedisPassThrough.java "$port" \
    "redis://127.0.0.1:$1" > "$work/passthrough-$port.log" 2>&1 &
  server_log="$work/passthrough-$port.log"
  server_pid=$!
  pids+=("$server_pid")
  await_ready "the pass-through did not answer" answers_absent_session
}

# The floor has no health endpoint: it is ready when a session it does not hold is answered with 404.
answers_absent_session() {
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$base/api/v1/sessions/absent" 2>/dev/null)" = 404 ]
}

# wrk: GET or PUT of one size; rate 0 is closed loop. Prints the RESULT fields. A paced phase gets 200 connections:
# an open model must never wait for a free connection, and with 50 a queue of a few milliseconds at 70 % of the
# maximum had every connection busy and a third of the sends late (measured on 2026-11-26), which hides the very queueing the
# percentiles are for; idle connections cost the server nothing but their sockets.
#
# Four more fields follow wrk's: how busy the machine's cores were during the phase (from /proc/stat: not idle,
# not waiting for I/O), and the CPU per request of the generator (wrk's user + system time, from the shell's
# `times`), of the server and of the redis-server behind it (from /proc/<pid>/stat; 0 for the memory store), over
# the requests wrk counted. A paced phase costs wrk about
# twice the CPU per request of a closed loop (a timer per send, and each send its own turn of wrk's loop), and the
# server more as well (fewer requests per wake-up), so a rate of 70 % of the closed-loop maximum can keep the shared
# cores nearly fully busy: these fields say how much.
run_wrk() {
  local method="$1" size="$2" rate="$3" seconds="$4" connections=50 result before after server_before server_after
  local redis_before redis_after
  [ "$rate" -gt 0 ] && connections=200
  before=$(head -1 /proc/stat) server_before=$(cpu_us "$server_pid") redis_before=$(cpu_us "$store_redis_pid")
  result=$(wrk -t2 -c"$connections" -d"${seconds}s" --timeout 10s -s loadtest/capacity/session.lua "$base" -- \
    "$method" "$token" "$size" "$rate" 2 | sed -n 's/^RESULT\t//p')
  after=$(head -1 /proc/stat) server_after=$(cpu_us "$server_pid") redis_after=$(cpu_us "$store_redis_pid")
  # run_wrk runs in a command substitution of its own: the children whose time `times` adds up are wrk and the
  # few short commands above; `times` with a redirection runs in this shell, not in a subshell of its own
  times > "$work/times"
  local requests; requests=$(awk -v r="${result%%$'\t'*}" -v s="$seconds" 'BEGIN { printf "%d", r * s }')
  printf '%s\t%s\t%s\t%s\t%s\n' "$result" "$(cpu_busy "$before" "$after")" "$(awk -v n="$requests" '
    function seconds(t,   m) { m = t; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", t); sub(/s$/, "", t); return 60 * m + t }
    NR == 2 { printf "%.1f", (n > 0 ? 1e6 * (seconds($1) + seconds($2)) / n : 0) }' "$work/times")" \
    "$(per_request "$requests" "$((server_after - server_before))")" "$(per_request "$requests" "$((redis_after - redis_before))")"
}

# $2 µs of CPU over $1 requests, per request.
per_request() { awk -v n="$1" -v d="$2" 'BEGIN { printf "%.1f", (n > 0 ? d / n : 0) }'; }

# The share (per cent) of the cores' time between two /proc/stat "cpu" lines that was neither idle nor I/O wait.
cpu_busy() {
  awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, " "); split(b, y, " "); total = 0
    for (i = 2; i <= 9 && i <= n; i++) total += y[i] - x[i] # user to steal: guest time is in user already
    idle = (y[5] - x[5]) + (y[6] - x[6])
    printf "%.0f", (total > 0 ? 100 * (total - idle) / total : 0) }'
}

measure_service() {
  local store="$1"
  # the JIT's first compilation passes: on two cores that wrk and the server keep busy they take tens of seconds,
  # and a fixed warm-up left the first measured rows at half their rate whatever their size; so warm up at the
  # smallest size until GET and PUT both give the rate they gave the round before, within 5 %, at most 12 rounds
  head -c 1024 /dev/urandom > "$work/body"
  curl -fsS -o /dev/null -X PUT "$base/api/v1/sessions/cap-1024?ttl=86400" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/vnd.sessiondata.java' --data-binary @"$work/body"
  local round last_get=0 last_put=0 get put
  for round in $(seq 1 12); do
    get=$(run_wrk GET 1024 0 "$warmup" | cut -f1) put=$(run_wrk PUT 1024 0 "$warmup" | cut -f1)
    if awk -v a="$last_get" -v b="$get" -v c="$last_put" -v d="$put" 'function near(x, y) { return x > 0 && y > 0 &&
        (y - x) / x < 0.05 && (x - y) / x < 0.05 } BEGIN { exit !(near(a, b) && near(c, d)) }'; then
      break
    fi
    last_get=$get last_put=$put
  done
  echo "$store: warmed up in $round rounds of ${warmup} s GET and PUT 1024 B (last: $get and $put req/s)"
  for size in $sizes; do
    head -c "$size" /dev/urandom > "$work/body"
    curl -fsS -o /dev/null -X PUT "$base/api/v1/sessions/cap-$size?ttl=86400" -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/vnd.sessiondata.java' --data-binary @"$work/body"
    for method in GET PUT; do
      run_wrk "$method" "$size" 0 "$warmup" > /dev/null
      sample_load
      IFS=$'\t' read -r rps p50 p90 p99 p999 max errors late statuses busy wrk_cpu server_cpu redis_cpu <<< "$(run_wrk "$method" "$size" 0 "$duration")"
      echo "$store $method $size B max: $rps req/s, p99 $p99 ms ($statuses), cores $busy % busy, CPU per request: wrk $wrk_cpu µs, server $server_cpu µs, Redis $redis_cpu µs"
      record "$(target_of "$store")" "$method" "$size" max "$rps" "$p50" "$p90" "$p99" "$p999" "$max" "$errors" "$late" "$statuses" "$busy" "$wrk_cpu" "$server_cpu" "$redis_cpu"
      for share in $([ "$max_only" = true ] || echo 50 70); do
        rate=$(awk -v r="$rps" -v s="$share" 'BEGIN { printf "%d", r * s / 100 }')
        [ "$rate" -ge 2 ] || rate=2
        sample_load
        IFS=$'\t' read -r got p50 p90 p99 p999 max errors late statuses busy wrk_cpu server_cpu redis_cpu <<< "$(run_wrk "$method" "$size" "$rate" "$duration")"
        echo "$store $method $size B at $share % ($rate req/s offered): $got req/s, p99 $p99 ms, late $late, cores $busy % busy, CPU per request: wrk $wrk_cpu µs, server $server_cpu µs, Redis $redis_cpu µs"
        record "$(target_of "$store")" "$method" "$size" "$share%" "$got" "$p50" "$p90" "$p99" "$p999" "$max" "$errors" "$late" "$statuses" "$busy" "$wrk_cpu" "$server_cpu" "$redis_cpu"
      done
    done
  done
}

# A JFR recording's execution samples: the top frames, and the samples by the layer of their first frame outside
# the JDK (who made the JDK do the work: Tomcat, Spring, Micrometer, Caffeine, Lettuce, or our own code).
profile_summary() {
  jfr print --stack-depth 64 --events jdk.ExecutionSample "$1" | awk '
    /stackTrace = \[/ { inside = 1; top = ""; first = ""; next }
    inside && /^[ \t]*\]/ { inside = 0; print top "\t" (first == "" ? top : first); next }
    inside { frame = $0; sub(/^[ \t]+/, "", frame); sub(/[ \t]+line:.*/, "", frame)
             if (top == "") top = frame
             if (first == "" && frame !~ /^(java|jdk|sun)\./ && frame != "...") first = frame }' > "$work/samples.tsv"
  local total; total=$(wc -l < "$work/samples.tsv")
  echo "$total execution samples. Top frames:"
  # awk, not head: head's early exit would be a SIGPIPE for sort, which pipefail makes the script's end
  cut -f1 "$work/samples.tsv" | sort | uniq -c | sort -rn | awk 'NR <= 20' \
    | awk -v t="$total" '{ n = $1; $1 = ""; printf "%6d %5.1f %%%s\n", n, 100 * n / t, $0 }'
  echo
  echo "Samples by the layer of their first frame outside the JDK:"
  cut -f2 "$work/samples.tsv" | awk -v t="$total" '{ f = $0
      if (f ~ /^dev\.sessiondata/) l = "ours (dev.sessiondata)"
      else if (f ~ /^org\.apache\.(tomcat|catalina|coyote)/) l = "Tomcat"
      else if (f ~ /^org\.springframework\.(web|http)/) l = "Spring web (MVC, filters, converters)"
      else if (f ~ /^org\.springframework/) l = "Spring other"
      else if (f ~ /^io\.micrometer/) l = "Micrometer (observation, meters)"
      else if (f ~ /^com\.github\.benmanes/) l = "Caffeine"
      else if (f ~ /^(io\.lettuce|io\.netty|reactor)/) l = "Lettuce / Netty / Reactor"
      else if (f ~ /^(java|jdk|sun)\./) l = "JDK only"
      else l = "other: " f
      n[l]++ }
    END { for (l in n) printf "%6d %5.1f %% %s\n", n[l], 100 * n[l] / t, l }' | sort -rn | awk 'NR <= 12'
}

profile_reports=()
for store in $stores; do
  store_redis_pid=""
  if [ "$store" = redis ]; then
    start_redis $((12000 + RANDOM % 9000))
    store_redis_pid=$redis_pid
    start_server -Xmx1g -- --sessiondata.store.type=redis "--spring.data.redis.url=redis://127.0.0.1:$redis_port"
  elif [ "$store" = passthrough ]; then
    start_redis $((12000 + RANDOM % 9000))
    store_redis_pid=$redis_pid
    start_passthrough "$redis_port"
  else
    start_server -Xmx1g -- --sessiondata.store.type=memory
  fi
  measure_service "$store"
  if [ "$profile" = true ] && [ "$store" != passthrough ]; then
    # written again: the larger sizes' PUTs may have made the bounded memory store evict it, and a profile of 404s
    # (answered by WebFlux with a problem document) is not the read this profile is about
    head -c 10240 /dev/urandom > "$work/body"
    curl -fsS -o /dev/null -X PUT "$base/api/v1/sessions/cap-10240?ttl=86400" -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/vnd.sessiondata.java' --data-binary @"$work/body"
    run_wrk GET 10240 0 "$warmup" > /dev/null
    jcmd "$server_pid" JFR.start name=window settings=profile > /dev/null
    run_wrk GET 10240 0 "$duration" > /dev/null
    jcmd "$server_pid" JFR.stop name=window filename="$PWD/$work/get-10k-$store.jfr" > /dev/null
    profile_summary "$work/get-10k-$store.jfr" > "$out/profile-get-10k-$store.txt"
    profile_reports+=("$store:$out/profile-get-10k-$store.txt")
  fi
  stop "$server_pid"
done

overload_result=""
if [ "$overload" -gt 0 ]; then
  start_server -Xmx256m -- --sessiondata.store.type=memory
  sample_load
  IFS=$'\t' read -r rps _ _ p99 _ max errors _ statuses <<< "$(CAPACITY_STATUSES=1 wrk -t2 -c128 -d"${overload}s" --timeout 30s \
    -s loadtest/capacity/session.lua "$base" -- PUT "$token" 2097152 0 2 | sed -n 's/^RESULT\t//p')"
  alive=no; kill -0 "$server_pid" 2>/dev/null && alive=yes
  health=$(curl -fsS --max-time 5 "$base/actuator/health" 2>/dev/null | grep -o '"status":"[A-Z]*"' | head -1 || true)
  oom=$(grep -c OutOfMemoryError "$server_log" || true)
  overload_result="128 parallel 2 MB PUTs for ${overload} s, -Xmx256m: $rps req/s, statuses $statuses, non-2xx and socket errors $errors; process alive: $alive; health afterwards: ${health:-none}; OutOfMemoryError in the log: $oom"
  echo "$overload_result"
  stop "$server_pid"
fi

# ---- the chart: maximum throughput per size, each target beside raw Redis
for op in GET PUT; do
  raw_op=$op; [ "$op" = PUT ] && raw_op=SET
  {
    printf 'size'
    for t in redis-benchmark $(for s in $stores; do target_of "$s"; done); do printf '\t%s' "$t"; done
    printf '\n'
    for size in $sizes; do
      printf '%s' "$( [ "$size" -ge 1048576 ] && echo "$((size / 1048576)) MB" || echo "$((size / 1024)) KB")"
      for t in redis-benchmark $(for s in $stores; do target_of "$s"; done); do
        want=$op; [ "$t" = redis-benchmark ] && want=$raw_op
        printf '\t%s' "$(awk -F'\t' -v t="$t" -v o="$want" -v s="$size" '$1 == t && $2 == o && $3 == s && $4 == "max" { print $5 }' "$results")"
      done
      printf '\n'
    done
  } > "$work/chart-$op.tsv"
done
gnuplot <<EOF
set terminal pngcairo size 1100,450 font ",10" noenhanced
set output "$out/capacity.png"
set multiplot layout 1,2 title "Maximum throughput, closed loop, 50 connections (log scale)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set ylabel "requests/s"
set key top right
set datafile separator "\t"
set grid ytics
set title "GET (raw: redis-benchmark GET)"
plot for [i=2:$((2 + $(echo $stores | wc -w)))] "$work/chart-GET.tsv" using i:xtic(1) title columnhead
set title "PUT (raw: redis-benchmark SET)"
plot for [i=2:$((2 + $(echo $stores | wc -w)))] "$work/chart-PUT.tsv" using i:xtic(1) title columnhead
unset multiplot
EOF

# ---- the report
{
  echo "# Capacity: a session GET and PUT through the service beside the store behind it"
  echo
  echo "Made by \`loadtest/capacity.sh$([ "$quick" = true ] && echo ' --quick')\` on $(date -u '+%Y-%m-%d %H:%M UTC'),"
  echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(java -version 2>&1 | head -1)."
  echo "Sizes: $sizes bytes; warm-up ${warmup} s, each phase ${duration} s; server \`-Xmx1g\`, serializer id \`java\`$([ ${#extra_args[@]} -gt 0 ] && echo ", server arguments \`${extra_args[*]}\`")."
  echo "Server jar: \`$jar\` ($(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- session-server 2>/dev/null || echo ', with uncommitted changes'))."
  echo "Load generators, the service and Redis share the same cores: only ratios from the same run mean much."
  echo
  echo "Load average (1, 5, 15 min) at the start of each phase: lowest \`$(printf '%s\n' "${loads[@]}" | sort -n | head -1)\`,"
  echo "highest \`$(printf '%s\n' "${loads[@]}" | sort -n | tail -1)\` ($(printf '%s\n' "${loads[@]}" | wc -l) samples)."
  echo
  [ -f "$out/history.md" ] && echo "What each change of issue #9 bought, the baseline and the profiles before and after: [history.md](history.md)." && echo
  echo "![maximum throughput](capacity.png)"
  echo
  echo "## Maximum throughput against raw Redis"
  echo
  echo "| size | op | raw Redis | memory store | ratio | Redis store | ratio | pass-through (floor) | ratio | Redis store / floor |"
  echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  for size in $sizes; do
    for op in GET PUT; do
      raw_op=$op; [ "$op" = PUT ] && raw_op=SET
      awk -F'\t' -v o="$op" -v ro="$raw_op" -v s="$size" '
        function count(v) { return v == "" ? "-" : sprintf("%.0f", v) }
        function share(v, of) { return v == "" || of == "" ? "-" : sprintf("%.0f %%", 100 * v / of) }
        $3 == s && $4 == "max" { if ($1 == "redis-benchmark" && $2 == ro) raw = $5; if ($2 == o) v[$1] = $5 }
        END {
          m = v["service-memory"]; r = v["service-redis"]; f = v["passthrough"]
          printf "| %s | %s | %.0f | %s | %s | %s | %s | %s | %s | %s |\n", s, o, raw, count(m), share(m, raw),
            count(r), share(r, raw), count(f), share(f, raw), share(r, f) }' "$results"
    done
  done
  echo
  echo "The pass-through is the floor beneath the Redis store: an HTTP front of Redis on the server's own libraries"
  echo "that does nothing of a session service ([RedisPassThrough.java]($(realpath -m --relative-to="$out" loadtest/capacity/RedisPassThrough.java)))."
  echo "What the Redis store costs above it is the service's own cost; what it costs above raw Redis is any HTTP hop's."
  echo
  echo "## Latency (ms) at the maximum and at fixed offered rates of 50 % and 70 % of it"
  echo
  echo "\"late\" is the share of sends the paced script could not make on time (all connections busy): where it is"
  echo "above a few per cent, the offered rate was not held and the percentiles understate queueing. \"answers\":"
  echo "how many had a status of 400 or above (wrk counts them; the script does not read answers, to cost the"
  echo "generator less CPU)."
  echo
  echo "\"cores busy\": the share of both cores' time that was not idle during the phase (the generator's, the"
  echo "server's and Redis' work together); \"CPU per request\": the generator's (wrk), the server's and that of the"
  echo "redis-server behind it (none for the memory store), in µs."
  echo
  echo "| target | op | size | load | req/s | p50 | p90 | p99 | p99.9 | max | late | answers | cores busy | CPU per request, wrk / server / Redis |"
  echo "|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|"
  awk -F'\t' 'NR > 1 && $1 != "redis-benchmark" {
      printf "| %s | %s | %s | %s | %.0f | %s | %s | %s | %s | %s | %.1f %% | %s | %s %% | %s / %s / %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 100 * $12, $13, $14, $15, $16, $17 }' "$results"
  echo
  echo "Raw Redis (redis-benchmark, 50 clients):"
  echo
  echo "| op | size | req/s | p50 | p99 | max |"
  echo "|---|--:|--:|--:|--:|--:|"
  awk -F'\t' '$1 == "redis-benchmark" { printf "| %s | %s | %.0f | %s | %s | %s |\n", $2, $3, $5, $6, $8, $10 }' "$results"
  if [ -n "$overload_result" ]; then
    echo
    echo "## Overload"
    echo
    echo "$overload_result"
  fi
  for entry in ${profile_reports[@]+"${profile_reports[@]}"}; do
    echo
    echo "## Profile: top frames of the ${entry%%:*} store's 10 KB GET under closed-loop load (JFR execution samples)"
    echo
    echo "JFR ran from the server's start; the window is a second recording of the measured phase."
    echo
    echo '```'
    cat "${entry#*:}"
    echo '```'
  done
} > "$out/README.md"
echo "Report: $out/README.md"
[ "$default_out" = false ] || write_summary
