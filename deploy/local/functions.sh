# Shell functions the local-stack scripts share; sourced, not run.

# free_port and stop come from the load-test scripts' shared functions.
# shellcheck source=../../loadtest/processes.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../loadtest/processes.sh"

# Seconds since a moment taken with now, to a tenth: elapsed "$(now)".
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
