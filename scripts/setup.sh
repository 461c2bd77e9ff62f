#!/usr/bin/env bash
# Installs the Debian packages aclsim needs, if any is missing.
#   scripts/setup.sh [--with-fuzz]   (--with-python is accepted and does nothing)
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config googletest libgtest-dev libgmock-dev chromium
          clang-format libbenchmark-dev nlohmann-json3-dev libboost-dev python3 binutils
          pybind11-dev python3-dev python3-pytest python3-numpy
          libonnx-dev libprotobuf-dev protobuf-compiler libonnx-testdata python3-onnx
          libsafec-dev libcli11-dev libsqlite3-dev)
for arg in "$@"; do
  case "$arg" in
    --with-python) ;;  # accepted for old callers: the Python packages are in the default list
    --with-fuzz) packages+=(clang libclang-rt-dev) ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

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
