#!/usr/bin/env bash
# scripts/demo.sh --dry-run: each option reaches the program that takes it
# (--iterations both, --limit and --config the subscription, --output and
# --all-switches the session), the README's example included; an ONNX model
# sets up and builds the ONNX loader; bad command lines exit 2 before any
# set-up. Builds and installs nothing.
#   demo_script_test.sh [SOURCE_DIR]
set -euo pipefail
root="${1:-$(dirname "$0")/../..}"
demo="$root/scripts/demo.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }

# The "+ " line of |program| in the dry run of "$@", without the build directory.
command_of() {
  local program="$1"
  shift
  "$demo" --dry-run "$@" | sed -n "s|^+ build/demo/bin/$program |$program |p"
}
expect_command() {
  local program="$1" want="$2"
  shift 2
  local got
  got="$(command_of "$program" "$@")"
  [ "$got" = "$want" ] || fail "demo.sh $*: $program got '$got', want '$want'"
}

out=build/demo_profiling
expect_command subscribe_model "subscribe_model models/resnet50.json --limit 25"
expect_command profile_model "profile_model models/resnet50.json --output $(cd "$root" && pwd)/$out"
# The README's example.
expect_command subscribe_model "subscribe_model models/sample_mlp.json --limit 25 --iterations 3 --limit 20" \
  models/sample_mlp.json --iterations 3 --limit 20
expect_command profile_model "profile_model models/sample_mlp.json --output $(cd "$root" && pwd)/$out --iterations 3" \
  models/sample_mlp.json --iterations 3 --limit 20
expect_command subscribe_model "subscribe_model models/two_branch.json --limit 25 --config acl.json" \
  --config acl.json --all-switches --output /tmp/x models/two_branch.json
expect_command profile_model \
  "profile_model models/two_branch.json --output $(cd "$root" && pwd)/$out --all-switches --output /tmp/x" \
  --config acl.json --all-switches --output /tmp/x models/two_branch.json

onnx="$("$demo" --dry-run models/resnet50.onnx)"
grep -qx '+ scripts/setup.sh --demo --with-onnx' <<<"$onnx" || fail "ONNX model: no ONNX set-up: $onnx"
grep -q -- '-DACLSIM_WITH_ONNX=ON$' <<<"$onnx" || fail "ONNX model: not configured with ONNX: $onnx"
grep -q -- '-DACLSIM_BUILD_PYTHON=OFF' <<<"$onnx" || fail "the demo configures the Python module: $onnx"

for args in "--limit" "--bogus" "models/resnet50.json models/sample_mlp.json" "models/missing.json"; do
  rc=0
  # shellcheck disable=SC2086  # |args| is split on purpose
  got="$("$demo" --dry-run $args 2>&1)" || rc=$?
  [ "$rc" = 2 ] || fail "demo.sh $args: exit code $rc, want 2: $got"
  [ "$(grep -c '^+ ' <<<"$got" || true)" = 0 ] || fail "demo.sh $args: ran a step: $got"
done
echo "demo_script_test: ok"
