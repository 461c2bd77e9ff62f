#!/usr/bin/env bash
# Installs what is missing, builds aclsim with -j2 and runs every test.
#   scripts/test.sh                      debug build, whole suite
#   scripts/test.sh --sanitize=address   ASan + UBSan build, whole suite
#   scripts/test.sh --sanitize=thread    TSan build, whole suite
#   extra arguments after -- go to ctest (e.g. -- -R Conformance)
# First the generated files' checks (scripts/check/generated.sh, as CI's tree
# checks run them). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer=""
ctest_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize=address|--sanitize=thread) sanitizer="${1#--sanitize=}" ;;
    --sanitize=*) echo "unknown sanitizer: ${1#--sanitize=} (address or thread)" >&2; exit 2 ;;
    --) shift; ctest_args=("$@"); break ;;
    *) echo "usage: $0 [--sanitize=address|thread] [-- ctest args]" >&2; exit 2 ;;
  esac
  shift
done

scripts/setup.sh
scripts/check/generated.sh

build="build/test${sanitizer:+-$sanitizer}"
# The Python module is tested in the plain build only: Debian's python3 is
# not built with the sanitizer runtimes the module would need.
python=ON
[ -n "$sanitizer" ] && python=OFF
# The sanitizer builds run the conformance suite on the default backend (and
# TSan on the remote server, whose client and server threads it checks), not
# again on the simulator plugin, the remote server (ASan: its framing is
# fuzzed and its unit tests run) and the null, skeleton and fixed-latency
# backends, which reach the runtime through the same code (their own tests,
# tests/plugin/ and tests/backends/, still run); the TSan build builds and
# runs only the tests of code that runs threads (ACLSIM_TEST_SCOPE,
# tests/CMakeLists.txt). docs/ci.md has what each build runs and what that
# saves.
scope=all
backends="sim-plugin;remote;null;skeleton;fixed_latency"
case "$sanitizer" in
  address) backends="" ;;
  thread) backends="remote"; scope=threads ;;
esac
# A unity build (sources compiled eight at a time as one translation unit)
# roughly halves the compile time of the three builds CI makes (docs/ci.md);
# the Release builds of demo.sh, bench.sh and the install compile each file
# on its own, so a file that does not include what it uses still fails there.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DACLSIM_SANITIZER="$sanitizer" -DACLSIM_WERROR=ON -DACLSIM_BUILD_BENCHMARKS=OFF \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
  -DACLSIM_BUILD_PYTHON="$python" -DACLSIM_TEST_SCOPE="$scope" -DACLSIM_CONFORMANCE_BACKENDS="$backends" >/dev/null
echo "test.sh: ${sanitizer:-plain} build, tests: $scope, conformance backends: sim${backends:+;$backends}"
cmake --build "$build" -j2

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
# The tests' plog files (docs/logging.md) go under the build tree, not to
# ~/ascend/log; a fresh directory per run.
export ASCEND_PROCESS_LOG_PATH="$PWD/$build/plog"
rm -rf "$ASCEND_PROCESS_LOG_PATH"
# Each suite's runner appends its case tally here (tests/testing/isolated_main.cc).
export ACLSIM_TEST_TALLY="$PWD/$build/test_tally.txt"
rm -f "$ACLSIM_TEST_TALLY"
junit="$PWD/$build/ctest_junit.xml"
expect=()
[ ${#ctest_args[@]} -eq 0 ] && expect=(--expect-all "$PWD/$build")
status=0
(cd "$build" && ctest -j2 --output-on-failure --timeout 300 --output-junit "$junit" "${ctest_args[@]}") || status=$?
# The count of cases run (CTest counts suites), and with the whole suite
# selected, a check that every listed case ran.
/usr/bin/python3 scripts/check/test_counts.py --junit "$junit" --tally "$ACLSIM_TEST_TALLY" \
  --label "cases${sanitizer:+ ($sanitizer)}" "${expect[@]}" || status=1
exit "$status"
