#!/bin/bash
# Builds the sample against the toolkit named by ASCEND_HOME_PATH and runs
# it under msprof with msproftx data on; the job goes to ./prof_output.
set -euo pipefail
if [[ -z "${ASCEND_HOME_PATH:-}" ]]; then
  echo "[ERROR] ASCEND_HOME_PATH is not set: source <toolkit>/set_env.sh first" >&2
  exit 1
fi
source "${ASCEND_HOME_PATH}/bin/setenv.bash"
cd "$(dirname "$0")"
build="${SAMPLE_BUILD_DIR:-build}"
rm -rf "${build}"
cmake -S . -B "${build}" >/dev/null
cmake --build "${build}" -j2 >/dev/null
(cd "${build}" && msprof --msproftx=on --output=./prof_output ./main)
