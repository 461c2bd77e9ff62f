#!/usr/bin/env bash
# Builds the benchmarks in Release and runs them; prints each case next to
# its same-run baseline as a ratio (machines here are shared and noisy, so
# ratios, not absolute times, are what to compare across runs).
#   scripts/bench.sh [--filter REGEX] [--repetitions N]
set -euo pipefail
cd "$(dirname "$0")/.."
filter="."
reps=3
while [ $# -gt 0 ]; do
  case "$1" in
    --filter) filter="$2"; shift ;;
    --repetitions) reps="$2"; shift ;;
    *) echo "usage: $0 [--filter REGEX] [--repetitions N]" >&2; exit 2 ;;
  esac
  shift
done
scripts/setup.sh
build=build/bench
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DACLSIM_BUILD_TESTS=OFF -DACLSIM_BUILD_BENCHMARKS=ON >/dev/null
cmake --build "$build" -j2 >/dev/null
out="$build/results"
mkdir -p "$out"
for b in "$build"/bench/*_bench; do
  name=$(basename "$b")
  "$b" --benchmark_filter="$filter" --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
       --benchmark_out="$out/$name.json" --benchmark_out_format=json >/dev/null
done
/usr/bin/python3 scripts/check/bench_report.py "$out"/*.json
