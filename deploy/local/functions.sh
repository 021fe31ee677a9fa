# Shell functions the local-stack scripts and loadtest/run.sh share; sourced, not run.

# A TCP port nobody listens on, from a small bounded range: free_port FIRST (tries FIRST .. FIRST+99).
free_port() {
  local port
  for port in $(seq "$1" $(($1 + 99))); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
  done
  echo "no free port in $1-$(($1 + 99))" >&2; return 1
}

# Seconds since a moment taken with now, to a tenth: elapsed "$(now)".
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
