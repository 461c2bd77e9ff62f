#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan+UBSan; the libraries unity-built
# as in scripts/test.sh's builds) and runs each for a
# bounded time from the seed corpus in tests/fuzz/corpus/. Exits non-zero on
# any crash, leak or sanitizer report.
#   scripts/fuzz.sh [--seconds N]   (default 20 per target)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=20
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift ;;
    *) echo "usage: $0 [--seconds N]" >&2; exit 2 ;;
  esac
  shift
done
scripts/setup.sh --with-fuzz
build=build/fuzz
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DACLSIM_BUILD_TESTS=OFF \
  -DACLSIM_BUILD_BENCHMARKS=OFF -DACLSIM_BUILD_EXAMPLES=OFF -DACLSIM_BUILD_FUZZERS=ON \
  -DACLSIM_SANITIZER=address -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 >/dev/null
cmake --build "$build" -j2 --target accessor_fuzz model_loader_fuzz config_fuzz onnx_loader_fuzz remote_frames_fuzz \
  raw_data_fuzz om_fuzz mspti_records_fuzz
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export ASCEND_GLOBAL_LOG_LEVEL=4  # the targets provoke error paths on purpose
# Each target runs for |seconds| on one core; two run at a time (the
# machines have two cores), each with its own corpus, log and artifacts.
run_target() {
  local target="$1"
  local work="$build/corpus/$target"
  mkdir -p "$work"
  cp -n tests/fuzz/corpus/"$target"/* "$work"/ 2>/dev/null || true
  local log="$build/${target}_fuzz.log"
  local status=0
  "$build/fuzz/${target}_fuzz" -max_total_time="$seconds" -seed=1 -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=4096 -artifact_prefix="$build/${target}-" "$work" >"$log" 2>&1 || status=$?
  echo "$status" >"$build/${target}_fuzz.status"
}
report_target() {
  local target="$1"
  local log="$build/${target}_fuzz.log"
  local status
  status=$(cat "$build/${target}_fuzz.status")
  echo "== fuzz $target for ${seconds}s"
  grep -E "Done|stat::number_of_executed_units|frames handled|ERROR|SUMMARY|Test unit written" "$log" || true
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $target found a problem (exit $status); the input is in $build/${target}-*" >&2
    grep -E "^ +#[0-9]+ " "$log" | head -20 >&2 || true
    return 1
  fi
}
targets=(accessor model_loader config onnx_loader remote_frames raw_data om mspti_records)
failed=0
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  pair=("${targets[@]:i:2}")
  for target in "${pair[@]}"; do run_target "$target" & done
  wait
  for target in "${pair[@]}"; do report_target "$target" || failed=1; done
done
if [ "$failed" -ne 0 ]; then exit 1; fi
echo "fuzz: all targets ran without findings"
