#!/usr/bin/env bash
# Fails when a C/C++ file of the tree differs from clang-format's output
# (.clang-format at the root: Google style, 120 columns). Generated files
# carry their own .clang-format that disables formatting.
#   scripts/check/check_format.sh          check, list the unformatted files
#   scripts/check/check_format.sh --fix    format them in place
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v clang-format >/dev/null || scripts/setup.sh
mapfile -t files < <(git ls-files '*.cc' '*.h' '*.c' '*.cpp' '*.hpp')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done
if [ ${#bad[@]} -ne 0 ]; then
  printf 'not formatted: %s\n' "${bad[@]}" >&2
  echo "check_format: ${#bad[@]} file(s) differ from clang-format (run scripts/check/check_format.sh --fix)" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files formatted"
