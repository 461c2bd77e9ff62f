#!/usr/bin/env bash
# Checks of the tree itself, before anything is built (CI's first stage):
# formatting, size limits, layer rules, the generated API, device, aclnn and
# op-type files and the demo's command lines.
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
/usr/bin/python3 scripts/gen_op_types.py --check
bash tests/tools/demo_script_test.sh .
echo "check_tree: ok"
