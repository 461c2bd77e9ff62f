#!/usr/bin/env bash
# Builds the portable conformance suite against an ACL installation and runs
# it (tests/conformance/portable/README.md).
#   scripts/conformance_against.sh PATH   e.g. $ASCEND_TOOLKIT_HOME on an NPU host
#   scripts/conformance_against.sh --self [BUILD_DIR]
#                                          installs aclsim to a temp prefix and
#                                          validates against it; with BUILD_DIR
#                                          (a configured aclsim build, e.g. the
#                                          test suite's build/test, as CI
#                                          passes) that build is installed,
#                                          otherwise a Release build of the
#                                          libraries and tools is made first
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ "${1:-}" = "--self" ]; then
  prefix=$(mktemp -d /tmp/aclsim-install-XXXXXX)
  installed=build/install-check
  if [ $# -ge 2 ]; then
    installed="$2"
    if [ ! -f "$installed/CMakeCache.txt" ]; then
      echo "conformance_against: $installed is not a configured aclsim build" >&2
      exit 2
    fi
  else
    cmake -S . -B "$installed" -G Ninja -DCMAKE_BUILD_TYPE=Release -DACLSIM_BUILD_TESTS=OFF \
      -DACLSIM_BUILD_BENCHMARKS=OFF -DACLSIM_BUILD_PYTHON=OFF -DACLSIM_BUILD_EXAMPLES=OFF >/dev/null
  fi
  cmake --build "$installed" -j2 >/dev/null
  cmake --install "$installed" --prefix "$prefix" >/dev/null
  # The install tree is usable as users use it: find_package and pkg-config.
  rm -rf build/install-consumer
  cmake -S tests/install_consumer -B build/install-consumer -G Ninja -DCMAKE_PREFIX_PATH="$prefix/lib64/cmake" >/dev/null
  cmake --build build/install-consumer >/dev/null
  LD_LIBRARY_PATH="$prefix/lib64" build/install-consumer/consumer
  PKG_CONFIG_PATH="$prefix/lib64/pkgconfig" pkg-config --cflags --libs aclsim
  target="$prefix"
elif [ $# -eq 1 ] && [ "$1" != "--self" ]; then
  target="$1"
else
  echo "usage: $0 PATH | --self [BUILD_DIR]" >&2
  exit 2
fi
build=build/conformance-against
rm -rf "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DACLSIM_CONFORMANCE_AGAINST="$target" >/dev/null
cmake --build "$build" -j2
ctest --test-dir "$build" -j2 --output-on-failure
