#!/usr/bin/env bash
# Runs one benchmark on a baseline commit and on the working tree, alternately, three times each, so both
# meet the same machine: `tooling/bench-against.sh <baseline-rev> <bench-script> [runs]`, e.g.
# `BENCH_RATES=100,300 BENCH_SECONDS=10 tooling/bench-against.sh b1c8f7c bench:commands`.
# The baseline is checked out into a worktree under $BENCH_BASE_DIR (default /tmp/el-bench-base) with its own
# `npm ci`; every run's output goes to $BENCH_OUT_DIR (default /tmp/el-bench-out), one file per run.
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:?baseline revision}"
bench="${2:?benchmark script, e.g. bench:commands}"
runs="${3:-3}"
base="${BENCH_BASE_DIR:-/tmp/el-bench-base}"
out="${BENCH_OUT_DIR:-/tmp/el-bench-out}"
mkdir -p "$out"
if [ ! -d "$base/node_modules" ]; then
  git worktree add --force --detach "$base" "$rev" >/dev/null
  (cd "$base" && npm ci --no-audit --no-fund >/dev/null)
fi
head="$(git rev-parse --short HEAD)"
for run in $(seq 1 "$runs"); do
  echo "run $run: baseline $rev" >&2
  (cd "$base" && npm run -s "$bench") >"$out/$bench-base-$run.txt" 2>&1
  echo "run $run: working tree at $head" >&2
  npm run -s "$bench" >"$out/$bench-head-$run.txt" 2>&1
done
echo "outputs in $out" >&2
