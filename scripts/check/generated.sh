#!/usr/bin/env bash
# Fails when a generated file differs from what its generator writes now
# (each generator's --check: the C edge and the Python module's table, the
# device boundary, aclnn, the op-type table, the libraries CANN splits the API into). scripts/check_tree.sh and
# scripts/test.sh both run it, so the list is kept in this one place.
#   scripts/check/generated.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
/usr/bin/python3 scripts/gen/gen_api.py --check
/usr/bin/python3 scripts/gen/gen_device.py --check
/usr/bin/python3 scripts/gen/gen_aclnn.py --check
/usr/bin/python3 scripts/gen/gen_op_types.py --check
/usr/bin/python3 scripts/gen/gen_libs.py --check
