#!/usr/bin/env bash
# Installs the Debian packages aclsim needs, if any is missing.
#   scripts/setup.sh [--with-fuzz]       everything the tests, checks and benchmarks use
#   scripts/setup.sh --demo [--with-onnx]
#                                        only what scripts/demo.sh builds with: the core
#                                        libraries and the examples, configured without
#                                        tests, benchmarks, the Python module or (unless
#                                        --with-onnx) the ONNX loader
# (--with-python is accepted and does nothing: the default list has the Python packages.)
set -euo pipefail

# Configure and build of the core, the tools and the examples: the compilers,
# nlohmann-json and SQLite (the model loader, the msprof database), Boost.Asio
# (the remote device server), CLI11 (tools/), libsafec through pkg-config
# (libc_sec.so).
demo=(cmake ninja-build g++ pkg-config nlohmann-json3-dev libsqlite3-dev libboost-dev libcli11-dev libsafec-dev)
# The ONNX loader (runtime/model/onnx/, -DACLSIM_WITH_ONNX=ON).
onnx=(libonnx-dev libprotobuf-dev)
# Tests, checks, benchmarks and the Python module on top of those.
full=(googletest libgtest-dev libgmock-dev chromium clang-format libbenchmark-dev python3 binutils
      pybind11-dev python3-dev python3-pytest python3-numpy
      protobuf-compiler libonnx-testdata python3-onnx)

profile=full
with_onnx=0
extra=()
for arg in "$@"; do
  case "$arg" in
    --demo) profile=demo ;;
    --with-onnx) with_onnx=1 ;;
    --with-python) ;;  # accepted for old callers: the Python packages are in the default list
    --with-fuzz) extra+=(clang libclang-rt-dev) ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done
packages=("${demo[@]}")
if [ "$profile" = full ]; then
  packages+=("${onnx[@]}" "${full[@]}")
elif [ "$with_onnx" -eq 1 ]; then
  packages+=("${onnx[@]}")
fi
packages+=(${extra[@]+"${extra[@]}"})

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "setup: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
