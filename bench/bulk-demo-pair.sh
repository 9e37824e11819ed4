#!/bin/bash
# bulk-demo, a baseline build against this one, alternating, each run on a fresh database; prints each run's seconds
# (in all, and when the invoices and the receipts were all written) and each pair's ratio (this / baseline).
#   bench/bulk-demo-pair.sh BASELINE_DIR [N=100000] [ROUNDS=2] [postgres|pglite]
# BASELINE_DIR: a checkout of the baseline (main, say) with its own build (npx tsc -p .) and node_modules.
# PostgreSQL: a scratch database bulk_pair on PGHOST (127.0.0.1) as PGUSER (root), created and dropped for each run.
set -euo pipefail
BASE=$(cd "$1" && pwd); HERE=$(cd "$(dirname "$0")/.." && pwd)
N=${2:-100000}; ROUNDS=${3:-2}; STORAGE=${4:-postgres}
export PGHOST=${PGHOST:-127.0.0.1} PGUSER=${PGUSER:-root}
at() { echo "$2" | grep "$1" | tail -1 | sed 's/.*(\([0-9.]*\) s.*/\1/'; }
run() {
  local dir=$1 out data
  if [ "$STORAGE" = postgres ]; then
    dropdb --if-exists bulk_pair; createdb bulk_pair
    out=$(DATABASE_URL="postgres://$PGUSER@$PGHOST:5432/bulk_pair" node "$dir/dist/src/cli.js" bulk-demo --invoices "$N" 2>&1)
    dropdb bulk_pair
  else
    data=$(mktemp -d)
    out=$(DATA_DIR="$data" node "$dir/dist/src/cli.js" bulk-demo --invoices "$N" 2>&1)
    rm -rf "$data"
  fi
  SECS=$(echo "$out" | grep '"seconds"' | sed 's/.*"seconds":\([0-9.]*\).*/\1/')
  echo "  total $SECS s, invoices written at $(at "^invoices $N/" "$out") s, receipts at $(at '^receipts' "$out") s, load $(cut -d' ' -f1 /proc/loadavg)"
}
for r in $(seq 1 "$ROUNDS"); do
  echo "round $r, $N invoices on $STORAGE, load $(cut -d' ' -f1 /proc/loadavg)"
  echo " baseline:"; run "$BASE"; B=$SECS
  echo " this:"; run "$HERE"; T=$SECS
  echo " ratio this / baseline: $(echo "scale=2; $T / $B" | bc)"
done
