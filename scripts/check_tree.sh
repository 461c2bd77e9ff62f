#!/usr/bin/env bash
# Checks of the tree itself, before anything is built (CI's first stage):
# formatting, size limits, layer rules, the generated API, device, aclnn and
# op-type files, the paths docs/architecture.md names and the demo's command
# lines.
#   scripts/check_tree.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/check/check_format.sh
/usr/bin/python3 scripts/check/check_sizes.py
/usr/bin/python3 scripts/check/check_layers.py
scripts/check/generated.sh
/usr/bin/python3 scripts/check/check_doc_paths.py docs/architecture.md README.md
/usr/bin/python3 tests/tools/readme_commands_test.py
bash tests/tools/demo_script_test.sh .
echo "check_tree: ok"
