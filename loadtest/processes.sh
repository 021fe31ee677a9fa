# Shell functions the load-test scripts share (sourced, not run): stopping what a script started, by process id,
# finding a free port on 127.0.0.1, the CPU time a process has used, and where a new dated report goes.

# Stops one process by its id: TERM, then KILL after 20 s. $2 names it in the message.
stop() {
  local pid="$1" name="${2:-process}"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.2; done
  echo "$name (pid $pid) did not stop within 20 s; killing it" >&2
  kill -KILL "$pid" 2>/dev/null || true
}

# A TCP port nobody listens on, from a small bounded range starting at $1 (keep it below 32768, the start of
# Linux's ephemeral range, where an outgoing connection may hold a port nobody listens on).
free_port() {
  local port
  for port in $(seq "$1" $(($1 + 99))); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
  done
  echo "no free port in $1-$(($1 + 99))" >&2; return 1
}

# The user + system CPU time process $1 has used so far, in µs (0 without a process id).
cpu_us() {
  [ -n "$1" ] && awk -v hz="$(getconf CLK_TCK)" '{ printf "%d", ($14 + $15) * 1000000 / hz }' "/proc/$1/stat" || echo 0
}

# A new dated report folder's path: docs/benchmarks/<today, UTC>-$1, with -2, -3 ... when a run of the day has it.
dated_report_dir() {
  local dir base n=2
  dir="docs/benchmarks/$(date -u +%F)-$1" base="docs/benchmarks/$(date -u +%F)-$1"
  while [ -e "$dir" ]; do dir="$base-$n"; n=$((n + 1)); done
  echo "$dir"
}
