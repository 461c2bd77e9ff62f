#!/usr/bin/env bash
# The programs scripts/demo.sh runs, run for real with the command lines its
# dry run prints (the README's two demo commands: the default model and
# "models/sample_mlp.json --iterations 3 --limit 20"), on this build's
# programs instead of build/demo's: each must exit 0, the subscription
# print its per-op table and total, the session say where it wrote.
#   demo_commands_test.sh BIN_DIR SOURCE_DIR
set -euo pipefail
bin="$1"
src="$2"
tmp="$(mktemp -d /tmp/aclsim-demo-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$src"

check() {
  local lines
  lines="$(scripts/demo.sh --dry-run "$@" | grep -E '^\+ build/demo/bin/(subscribe_model|profile_model) ')"
  [ "$(wc -l <<<"$lines")" = 2 ] || fail "demo.sh $*: want two program lines: $lines"
  while read -r _ program args; do
    args="${args//$src\/build\/demo_profiling/$tmp/out}"
    local name="${program##*/}" out rc=0
    # shellcheck disable=SC2086  # |args| is the dry run's word list
    out="$("$bin/$name" $args 2>&1)" || rc=$?
    [ "$rc" = 0 ] || fail "$name $args: exit code $rc: $out"
    case "$name" in
      subscribe_model) grep -q '^total device time: ' <<<"$out" || fail "$name $args: no total: $out" ;;
      profile_model) grep -q "$tmp/out" <<<"$out" || fail "$name $args: no output directory: $out" ;;
    esac
    echo "ok: $name $args"
  done <<<"$lines"
}
check
check models/sample_mlp.json --iterations 3 --limit 20
echo "demo_commands_test: ok"
