#!/usr/bin/env bash
# Builds aclsim and runs a sample model on the simulated NPU, printing a
# per-op table (name, type, engine, start, duration) and the total device time.
#   scripts/demo.sh [MODEL.json] [run_model options, e.g. --iterations 2 --limit 60]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build=build/release
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DACLSIM_BUILD_TESTS=OFF \
  -DACLSIM_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j2 --target aclsim_run_model >/dev/null
model="${1:-models/resnet50.json}"
[ $# -gt 0 ] && shift
echo "== aclsim demo: $model on the simulated NPU =="
"$build/bin/run_model" "$model" "$@"
