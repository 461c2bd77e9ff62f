#!/usr/bin/env bash
# Builds aclsim and runs a sample model on the simulated NPU the way
# profiling clients do:
#  1. an operator subscription: op records arrive through a pipe and are
#     decoded into a per-op table (name, type, start, duration, execution
#     time) with the total device time;
#  2. a collection session (aclprofInit/Start/Stop with step markers and
#     msproftx stamps): msprof-format summaries and a timeline are written,
#     and the demo says where and how to open them.
#   scripts/demo.sh [MODEL.json] [--iterations N]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build=build/release
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DACLSIM_BUILD_TESTS=OFF \
  -DACLSIM_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j2 --target aclsim_subscribe_model aclsim_profile_model >/dev/null
model="${1:-models/resnet50.json}"
[ $# -gt 0 ] && shift
echo "== aclsim demo: $model on a simulated Ascend NPU =="
echo "-- 1. operator subscription (aclprofModelSubscribe): records read from the pipe --"
"$build/bin/subscribe_model" "$model" --limit 25 "$@"
echo
echo "-- 2. profiling session (aclprofInit/Start/Stop, step markers, msproftx) --"
"$build/bin/profile_model" "$model" --output "$PWD/build/demo_profiling" "$@"
