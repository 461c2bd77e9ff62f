#!/usr/bin/env bash
# Builds aclsim and runs a sample model on the simulated NPU the way a
# profiling client does: it subscribes to the model's op records through a
# pipe, executes it, and prints a per-op table decoded from those records
# (name, type, start, duration, execution time) and the total device time;
# then prints the simulator's own view of the same run (engine, cores).
#   scripts/demo.sh [MODEL.json] [--iterations N] [--limit ROWS]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build=build/release
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DACLSIM_BUILD_TESTS=OFF \
  -DACLSIM_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j2 --target aclsim_subscribe_model aclsim_run_model >/dev/null
model="${1:-models/resnet50.json}"
[ $# -gt 0 ] && shift
echo "== aclsim demo: $model on a simulated Ascend NPU, op records from aclprofModelSubscribe =="
"$build/bin/subscribe_model" "$model" --limit 25 "$@"
echo
echo "== the simulator's schedule of the same model (aclsim_ext.h task trace) =="
"$build/bin/run_model" "$model" --limit 10 "$@"
