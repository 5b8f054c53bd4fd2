#!/bin/sh
# Run the browser suite (all but the static site's test, which builds a whole site: run that one
# on its own) N times in a row and report each run's result and duration, then the pass count.
#
#     sh scripts/browser_runs.sh [N]          # N = 10 by default; logs in $LOGS (/tmp/browser-runs)
#
# A flaky test shows up here and not in one run: each run starts its servers afresh on free
# ports, on a machine whose other users load it as they please.
set -u
cd "$(dirname "$0")/.."
N=${1:-10}
LOGS=${LOGS:-/tmp/browser-runs}
mkdir -p "$LOGS"
passed=0
for i in $(seq 1 "$N"); do
  start=$(date +%s)
  nice .venv/bin/pytest tests/browser -m browser -q \
    --deselect tests/browser/test_site.py >"$LOGS/run-$i.log" 2>&1
  rc=$?
  took=$(( $(date +%s) - start ))
  summary=$(tail -n 1 "$LOGS/run-$i.log")
  [ "$rc" -eq 0 ] && passed=$((passed + 1))
  echo "run $i: exit $rc, ${took}s, load $(cut -d' ' -f1 /proc/loadavg): $summary"
done
echo "$passed of $N runs passed"
[ "$passed" -eq "$N" ]
