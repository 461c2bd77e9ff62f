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
# One clang-format process for every file (a process per file cost a minute
# of start-ups); each violation it reports starts with the file's path.
report=$(clang-format --dry-run -Werror "${files[@]}" 2>&1 >/dev/null) || true
mapfile -t bad < <(printf '%s\n' "$report" | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
if [ ${#bad[@]} -eq 0 ] && [ -n "$report" ]; then
  printf '%s\n' "$report" >&2
  echo "check_format: clang-format failed" >&2
  exit 1
fi
if [ ${#bad[@]} -ne 0 ]; then
  printf 'not formatted: %s\n' "${bad[@]}" >&2
  echo "check_format: ${#bad[@]} file(s) differ from clang-format (run scripts/check/check_format.sh --fix)" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files formatted"
