#!/usr/bin/env bash
# Builds aclsim and runs a sample model on the simulated NPU the way
# profiling clients do:
#  1. an operator subscription: op records arrive through a pipe and are
#     decoded into a per-op table (name, type, start, duration, execution
#     time) with the total device time;
#  2. a collection session (aclprofInit/Start/Stop with step markers and
#     msproftx stamps): msprof-format summaries and a timeline are written,
#     and the demo says where and how to open them.
#   scripts/demo.sh [MODEL] [--iterations N] [--limit ROWS] [--config acl.json]
#                   [--output DIR] [--all-switches] [--dry-run]
# --iterations goes to both steps, --limit and --config to the subscription
# (examples/subscribe_model.cc), --output and --all-switches to the session
# (examples/profile_model.cc). MODEL is a JSON op graph (default
# models/resnet50.json) or an ONNX model.
#
# It installs only the Debian packages its build needs (scripts/setup.sh
# --demo, and --with-onnx for an ONNX model) and builds the two programs in
# build/demo, without the tests, benchmarks or the Python module. --dry-run
# prints the set-up, build and program commands ("+ ..." lines) instead of
# running them (tests/tools/demo_script_test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/demo.sh [MODEL] [--iterations N] [--limit ROWS] [--config acl.json]" \
       "[--output DIR] [--all-switches] [--dry-run]"
}
dry_run=0
run() {
  if [ "$dry_run" -eq 1 ]; then echo "+ $*"; else "$@"; fi
}
quiet() {
  if [ "$dry_run" -eq 1 ]; then echo "+ $*"; else "$@" >/dev/null; fi
}
model=""
subscribe_args=(--limit 25)
profile_args=(--output "$PWD/build/demo_profiling")
while [ $# -gt 0 ]; do
  case "$1" in
    --iterations | --limit | --config | --output)
      if [ $# -lt 2 ]; then
        echo "demo: $1 needs a value" >&2
        usage >&2
        exit 2
      fi
      case "$1" in
        --iterations) subscribe_args+=("$1" "$2"); profile_args+=("$1" "$2") ;;
        --limit | --config) subscribe_args+=("$1" "$2") ;;
        --output) profile_args+=("$1" "$2") ;;
      esac
      shift 2
      ;;
    --all-switches) profile_args+=("$1"); shift ;;
    --dry-run) dry_run=1; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "demo: unknown option $1" >&2; usage >&2; exit 2 ;;
    *)
      if [ -n "$model" ]; then
        echo "demo: one model only ($model, $1)" >&2
        exit 2
      fi
      model="$1"
      shift
      ;;
  esac
done
model="${model:-models/resnet50.json}"
if [ ! -f "$model" ]; then
  echo "demo: no model file $model" >&2
  exit 2
fi

# The loader's own test (runtime/model/model_loader.cc): a JSON graph starts
# with '{' or '[' after an optional BOM and white space; anything else is ONNX.
build=build/demo
first=$(head -c 4096 "$model" | LC_ALL=C tr -d ' \t\r\n' | od -An -tx1 -N4 | tr -d ' \n')
first="${first#efbbbf}"
onnx=OFF
if [ -n "$first" ] && [ "${first:0:2}" != 7b ] && [ "${first:0:2}" != 5b ]; then
  echo "demo: $model is an ONNX model: building with the ONNX loader (libonnx-dev, libprotobuf-dev)"
  onnx=ON
elif grep -qs '^ACLSIM_WITH_ONNX:BOOL=ON$' "$build/CMakeCache.txt"; then
  onnx=ON  # an earlier ONNX run's build keeps its loader rather than rebuilding without it
fi
if [ "$onnx" = ON ]; then
  run scripts/setup.sh --demo --with-onnx
else
  run scripts/setup.sh --demo
fi
quiet cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DACLSIM_BUILD_TESTS=OFF \
  -DACLSIM_BUILD_BENCHMARKS=OFF -DACLSIM_BUILD_PYTHON=OFF -DACLSIM_WITH_ONNX="$onnx"
quiet cmake --build "$build" -j2 --target aclsim_subscribe_model aclsim_profile_model
echo "== aclsim demo: $model on a simulated Ascend NPU =="
echo "-- 1. operator subscription (aclprofModelSubscribe): records read from the pipe --"
run "$build/bin/subscribe_model" "$model" "${subscribe_args[@]}"
echo
echo "-- 2. profiling session (aclprofInit/Start/Stop, step markers, msproftx) --"
run "$build/bin/profile_model" "$model" "${profile_args[@]}"
