#!/usr/bin/env bash
# msprof --export (tools/msprof): a collection's mindstudio_profiler_output/
# and msprof_<ts>.db are regenerated from its raw data alone, byte for byte,
# for a job and for
# the directory holding jobs; bad input gets msprof's failure exit code (255)
# and an "[ERROR]" message.
#   msprof_export_test.sh MSPROF PROFILE_MODEL MODEL_JSON
set -euo pipefail
msprof="$1"
profile_model="$2"
model="$3"
tmp="$(mktemp -d /tmp/aclsim-msprof-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$profile_model" "$model" --iterations 2 --output "$tmp/prof" >/dev/null
"$profile_model" "$model" --iterations 1 --output "$tmp/prof" --all-switches >/dev/null
jobs=("$tmp"/prof/PROF_*)
[ "${#jobs[@]}" -eq 2 ] || fail "want 2 PROF_* jobs, got ${#jobs[@]}"
for job in "${jobs[@]}"; do
  [ -s "$job/host/data/aclsim.meta.raw" ] || fail "$job: no raw data"
  ls "$job"/device_0/data/aclsim.task.raw.0 >/dev/null || fail "$job: no device task file"
  mkdir -p "$tmp/collected/$(basename "$job")"
  cp -r "$job/mindstudio_profiler_output" "$job"/msprof_*.db "$tmp/collected/$(basename "$job")/"
  rm -rf "$job/mindstudio_profiler_output" "$job"/msprof_*.db
done

# The directory holding both jobs.
out="$("$msprof" --export=on --output="$tmp/prof")" || fail "export of the jobs' directory: $out"
[ "$(grep -c '^\[INFO\] Export finished' <<<"$out")" -eq 2 ] || fail "export printed: $out"
for job in "${jobs[@]}"; do
  diff -r "$tmp/collected/$(basename "$job")/mindstudio_profiler_output" "$job/mindstudio_profiler_output" >/dev/null \
    || fail "$job: re-export differs"
  db="$(basename "$(ls "$tmp/collected/$(basename "$job")"/msprof_*.db)")"
  cmp -s "$tmp/collected/$(basename "$job")/$db" "$job/$db" || fail "$job: the re-exported $db differs"
done
# One job, exported again over its own output (CLI11's "--key value" form too).
"$msprof" --export on --output "${jobs[0]}" >/dev/null || fail "export of one job"
diff -r "$tmp/collected/$(basename "${jobs[0]}")/mindstudio_profiler_output" "${jobs[0]}/mindstudio_profiler_output" \
  >/dev/null || fail "second export differs"

# Refusals: exit code 255 and the reason in the output.
expect_refused() {
  local want="$1"; shift
  local out rc=0
  out="$("$msprof" "$@" 2>&1)" || rc=$?
  [ "$rc" -eq 255 ] || fail "msprof $*: exit code $rc, want 255 (output: $out)"
  grep -q -- "$want" <<<"$out" || fail "msprof $*: output '$out' lacks '$want'"
}
expect_refused "nothing to do"
expect_refused "needs --output" --export=on
expect_refused "is not a directory" --export=on --output="$tmp/none"
expect_refused "no PROF_\* job" --export=on --output="$tmp"
# --type=db: the database alone.
db0="$(ls "${jobs[0]}"/msprof_*.db)"
rm -f "$db0"
"$msprof" --export=on --type=db --output="${jobs[0]}" >/dev/null || fail "--type=db"
cmp -s "$db0" "$tmp/collected/$(basename "${jobs[0]}")/$(basename "$db0")" || fail "--type=db differs"
# One iteration (--model-id with --iteration-id): model id 4294967295 selects
# a step by its index id, another model id that model's N-th execution. The
# first job ran the model twice, one step around each execution.
csv_rows() { echo $(($(wc -l < "$(ls "$1"/mindstudio_profiler_output/"$2"_*.csv)") - 1)); }
job="${jobs[0]}"
ops_all="$(csv_rows "$job" op_summary)"
step2="$(sed -n 3p "$(ls "$job"/mindstudio_profiler_output/step_trace_*.csv)" | cut -d, -f2)"
model_id="$(sed -n 2p "$(ls "$job"/mindstudio_profiler_output/op_summary_*.csv)" | cut -d, -f2)"
out="$("$msprof" --export=on --output="$job" --model-id=4294967295 --iteration-id="$step2")" || fail "step export: $out"
grep -q "Exporting iteration $step2 of model id 4294967295" <<<"$out" || fail "step export printed: $out"
[ "$(csv_rows "$job" op_summary)" -eq $((ops_all / 2)) ] || fail "step $step2: $(csv_rows "$job" op_summary) ops"
[ "$(csv_rows "$job" step_trace)" -eq 1 ] || fail "step $step2: not one step_trace row"
cut -d, -f2 "$(ls "$job"/mindstudio_profiler_output/step_trace_*.csv)" | grep -qx "$step2" || fail "step $step2 row"
"$msprof" --export=on --output="$job" --model-id="$model_id" --iteration-id=2 >/dev/null || fail "model export"
[ "$(csv_rows "$job" op_summary)" -eq $((ops_all / 2)) ] || fail "model $model_id execution 2: wrong op count"
expect_refused "The exported iteration 3 is invalid for model id $model_id. Please enter a valid iteration within 1-2." \
  --export=on --output="$job" --model-id="$model_id" --iteration-id=3
expect_refused "The exported iteration 99999 is invalid for model id 4294967295. Please enter a valid iteration" \
  --export=on --output="$job" --model-id=4294967295 --iteration-id=99999
expect_refused "go together" --export=on --output="$job" --iteration-id=1
expect_refused "--iteration-id" --export=on --output="$job" --model-id=1 --iteration-id=0
"$msprof" --export=on --output="$job" >/dev/null || fail "full export after an iteration export"
diff -r "$tmp/collected/$(basename "$job")/mindstudio_profiler_output" "$job/mindstudio_profiler_output" >/dev/null \
  || fail "the full export after an iteration export differs"
expect_refused "is not one of communication" --analyze=on --rule=bogus --output="$tmp/prof"
expect_refused "do not go together" --analyze=on --export=on --output="$tmp/prof"
analyzed="$("$msprof" --analyze=on --rule=communication,communication_matrix --output="$tmp/prof")" || fail "--analyze"
[ "$(grep -c 'has no communication data' <<<"$analyzed")" -eq 4 ] || fail "--analyze printed: $analyzed"
expect_refused "cannot run" --application="$tmp/no-such-main"
expect_refused "--export" --export=maybe --output="$tmp/prof"
expect_refused "--bogus" --bogus=1
# A damaged raw file: the job is refused with the file named; nothing is written.
head -c 20 "${jobs[1]}/host/data/aclsim.tx.raw" > "$tmp/short" && mv "$tmp/short" "${jobs[1]}/host/data/aclsim.tx.raw"
rm -rf "${jobs[1]}/mindstudio_profiler_output"
expect_refused "aclsim.tx.raw: shorter than the raw-data header (truncated)" --export=on --output="${jobs[1]}"
[ ! -e "${jobs[1]}/mindstudio_profiler_output" ] || fail "a refused job got output"

version="$("$msprof" --version)" || fail "--version exit code"
grep -q "^msprof version: aclsim-" <<<"$version" || fail "--version"
help="$("$msprof" --help)" || fail "--help exit code"
grep -q -- "--export" <<<"$help" || fail "--help"
echo "msprof export: OK"
