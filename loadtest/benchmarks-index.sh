#!/usr/bin/env bash
# Redraws docs/benchmarks/README.md, the index of the dated benchmark reports: one line per folder
# docs/benchmarks/<yyyy-mm-dd>-<what>/, newest first, with the first heading of its README.md. loadtest/capacity.sh
# calls it after each run; run it by hand after adding a dated report of another benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."

{
  echo "# Benchmark reports, dated"
  echo
  echo "Each folder is one run (or one A/B) as it was committed, named \`<yyyy-mm-dd>-<what was measured>\`; a report is"
  echo "never rewritten, so its figures are those of its day's code and machine. The current figures of each benchmark,"
  echo "with the command that regenerates them, are on its summary page:"
  echo
  echo "- capacity (a session GET and PUT beside raw Redis): [docs/capacity](../capacity/README.md)"
  echo "- serializer race (every serializer id, speed, size, flexibility): [docs/bench](../bench/README.md)"
  echo "- Gatling load test of the service: [docs/loadtest](../loadtest/README.md)"
  echo "- the service's Spring Session against Spring Session Data Redis: [docs/spring-session](../spring-session/README.md)"
  echo
  echo "Decisions taken on these measurements: [docs/design](../design/README.md)."
  echo
  echo "| date | report | what it measured |"
  echo "|---|---|---|"
  for readme in $(find docs/benchmarks -mindepth 2 -maxdepth 2 -name README.md | sort -r); do
    dir=$(basename "$(dirname "$readme")")
    heading=$(grep -m1 '^# ' "$readme" | sed 's/^# //; s/|/\\|/g')
    # a capacity report's heading is the script's own: say which sizes and which server it measured instead
    if sizes=$(grep -m1 '^Sizes: ' "$readme" | sed 's/^Sizes: \([0-9 ]*\) bytes.*/\1/'); [ -n "$sizes" ]; then
      server=$(grep -m1 '^Server jar: ' "$readme" | sed -n 's/.*(\([0-9a-f]*\).*/\1/p' || true)
      heading="capacity.sh, sizes $sizes bytes${server:+, server at $server}"
    fi
    echo "| ${dir:0:10} | [${dir:11}]($dir/README.md) | $heading |"
  done
  for dir in $(find docs/benchmarks -mindepth 1 -maxdepth 1 -type d | sort -r); do
    [ -f "$dir/README.md" ] && continue
    name=$(basename "$dir")
    echo "| ${name:0:10} | [${name:11}]($name/) | files only: $(ls "$dir" | tr '\n' ' ' | sed 's/ $//') |"
  done
} > docs/benchmarks/README.md
echo "Index: docs/benchmarks/README.md"
