#!/usr/bin/env bash
# Checks of the tree itself, before anything is built (CI's first stage):
# formatting, size limits, layer rules and the generated API and device files.
#   scripts/check_tree.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/check_format.sh
/usr/bin/python3 scripts/check_sizes.py
/usr/bin/python3 scripts/check_layers.py
/usr/bin/python3 scripts/gen_api.py --check
/usr/bin/python3 scripts/gen_device.py --check
/usr/bin/python3 scripts/gen_aclnn.py --check
echo "check_tree: ok"
