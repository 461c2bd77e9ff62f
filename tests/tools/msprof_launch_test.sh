#!/usr/bin/env bash
# msprof's application mode (tools/msprof/launch.h): the program runs with
# PROFILER_SAMPLECONFIG, collects in command mode into a PROF_* job under
# --output, and msprof returns the program's exit code (255 when it could
# not run it, or when it ran cleanly and left no job).
#   msprof_launch_test.sh MSPROF RUN_MODEL MODEL_JSON
set -euo pipefail
msprof="$1"
run_model="$2"
model="$3"
tmp="$(mktemp -d /tmp/aclsim-msprof-launch-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
rc_of() { local rc=0; "$@" >"$tmp/out.log" 2>&1 || rc=$?; echo "$rc"; }

# New style: the program after the options; switches become its sample config.
[ "$(rc_of "$msprof" --output="$tmp/a" --msproftx=on --ascendcl=off "$run_model" "$model" --iterations 2)" -eq 0 ] \
  || fail "run_model under msprof: $(cat "$tmp/out.log")"
grep -q '^\[INFO\] Start profiling' "$tmp/out.log" || fail "no start line"
grep -q "^\[INFO\] Process profiling data complete. Data is saved in $tmp/a/PROF_" "$tmp/out.log" || fail "no end line"
jobs=("$tmp"/a/PROF_*)
[ "${#jobs[@]}" -eq 1 ] || fail "want one job, got ${#jobs[@]}"
out="${jobs[0]}/mindstudio_profiler_output"
[ "$(tail -n +2 "$out"/op_summary_*.csv | wc -l)" -eq 18 ] || fail "want 18 op rows (9 ops x 2 runs)"
ls "$out"/msprof_tx_*.csv >/dev/null || fail "--msproftx=on wrote no msprof_tx"
if ls "$out"/api_statistic_*.csv >/dev/null 2>&1; then fail "--ascendcl=off still wrote api_statistic"; fi
[ -s "${jobs[0]}/host/data/aclsim.meta.raw" ] || fail "no raw data"

# --application: one string, split into the program and its arguments.
[ "$(rc_of "$msprof" --output="$tmp/b" --application="$run_model $model")" -eq 0 ] || fail "--application: $(cat "$tmp/out.log")"
ls -d "$tmp"/b/PROF_* >/dev/null || fail "--application left no job"

# The program gets the mstx tool (libascendcl.so of msprof's tree) in
# MSTX_INJECTION_PATH, unless the user named one.
lib="$(cd "$(dirname "$msprof")/../../.." && pwd)/lib/libascendcl.so"
"$msprof" --output="$tmp/g" sh -c 'echo "tool=$MSTX_INJECTION_PATH"' >"$tmp/out.log" 2>&1 || true
grep -qx "tool=$lib" "$tmp/out.log" || fail "MSTX_INJECTION_PATH: $(cat "$tmp/out.log")"
MSTX_INJECTION_PATH=/opt/other/libtool.so "$msprof" --output="$tmp/g" sh -c 'echo "tool=$MSTX_INJECTION_PATH"' \
  >"$tmp/out.log" 2>&1 || true
grep -qx "tool=/opt/other/libtool.so" "$tmp/out.log" || fail "the user's MSTX_INJECTION_PATH: $(cat "$tmp/out.log")"

# Exit codes: the program's; 255 when it cannot run.
[ "$(rc_of "$msprof" --output="$tmp/c" sh -c 'exit 3')" -eq 3 ] || fail "exit code 3 not forwarded"
grep -q "Failed to find profiling data" "$tmp/out.log" || fail "no missing-data message"
[ "$(rc_of "$msprof" --output="$tmp/d" true)" -eq 255 ] || fail "a clean run without a job is not 255"
[ "$(rc_of "$msprof" --output="$tmp/e" "$tmp/no-such-program")" -eq 255 ] || fail "a missing program is not 255"
[ "$(rc_of "$msprof" --output="$tmp/f" --task-time=l9 true)" -eq 255 ] || fail "a bad switch value is not 255"
[ "$(rc_of "$msprof" --export=on --output="$tmp/a" true)" -eq 255 ] || fail "--export with a program is not 255"
echo "msprof launch: OK"
