#!/usr/bin/env bash
# atc (tools/atc): conversions of ONNX test models with and without gears,
# ATC's banner, success and failure lines, exit codes (0 / 255) and error
# codes for bad options, --mode=1, the fusion report and its switch file.
#   atc_test.sh ATC GEN_ONNX_PY SAMPLE_JSON_MODEL
set -euo pipefail
atc="$1"
gen="$2"
json_model="$3"
tmp="$(mktemp -d /tmp/aclsim-atc-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp"
/usr/bin/python3 "$gen" .

expect_ok() {
  local out
  out="$("$atc" "$@" 2>&1)" || fail "atc $*: exit code $?: $out"
  [ "$(sed -n 1p <<<"$out")" = "ATC start working now, please wait for a moment." ] || fail "atc $*: banner: $out"
  [ "$(tail -n 1 <<<"$out")" = "ATC run success, welcome to the next use." ] || fail "atc $*: no success line: $out"
}
expect_failed() {  # CODE TEXT ARGS...
  local code="$1" text="$2"; shift 2
  local out rc=0
  out="$("$atc" "$@" 2>&1)" || rc=$?
  [ "$rc" -eq 255 ] || fail "atc $*: exit code $rc, want 255 ($out)"
  grep -qx "ATC run failed, Please check the detail log, Try 'atc --help' for more information" <<<"$out" \
    || fail "atc $*: no failure line: $out"
  grep -q "^$code: \[PID: [0-9]*\] [0-9-]*:[0-9:.]* .*$text" <<<"$out" || fail "atc $*: want $code '$text': $out"
}

base=(--framework=5 --soc_version=Ascend910B2)
expect_ok --model=conv_dyn.onnx "${base[@]}" --output=static --input_shape="x:1,3,64,64"
[ -s static.om ] && [ "$(head -c 8 static.om)" = "ACLSIMOM" ] || fail "static.om is not an aclsim .om"
# The fusion report: BatchNorm folded, two activations and the residual add fused.
grep -q '"ConvBatchnormFusionPass"' fusion_result.json || fail "fusion_result.json: $(cat fusion_result.json)"
[ "$(grep -c " -> Conv2D" fusion_result.json)" -eq 4 ] || fail "want 4 fusions: $(cat fusion_result.json)"
# -key spellings and '-' for '_' are ATC's too; .om is always appended.
expect_ok -model=conv_dyn.onnx "${base[@]}" --output=batch.om --input-shape="x:-1,3,64,64" --dynamic_batch_size=1,8
[ -s batch.om.om ] || fail "--output=batch.om must write batch.om.om"
expect_ok --model=conv_dyn.onnx "${base[@]}" --output=hw --input_shape="x:1,3,-1,-1" --dynamic_image_size="32,32;64,64"
expect_ok --model=two_inputs.onnx "${base[@]}" --output=dims --input_shape="a:1,-1,64;b:1,-1,64" \
  --dynamic_dims="8,8;16,32;4,4" --input_format=ND
expect_ok --model="$json_model" "${base[@]}" --output=mlp
# Switched off: nothing fused, and the .om says so.
printf 'ALL:off\n' > switch.cfg
expect_ok --model=conv_dyn.onnx "${base[@]}" --output=nofuse --input_shape="x:1,3,64,64" --fusion_switch_file=switch.cfg
grep -q '"fusion_switch": "off"' fusion_result.json || fail "switch file ignored: $(cat fusion_result.json)"
grep -aq '"fusion": false' nofuse.om || fail "nofuse.om records fusion on"
# --mode=1: the .om's gears and each gear's graph as JSON.
expect_ok --mode=1 --om=hw.om --json=hw.json
/usr/bin/python3 - <<'PY' || fail "hw.json"
import json
j = json.load(open("hw.json"))
assert j["gear_kind"] == "image_size" and j["gears"] == [[32, 32], [64, 64]], j
assert len(j["graphs"]) == 2
shapes = [[t["shape"] for t in g["inputs"] if t["name"] == "x"][0] for g in j["graphs"]]
assert shapes == [[1, 3, 32, 32], [1, 3, 64, 64]], shapes
PY
# Deterministic: the same conversion gives the same bytes.
expect_ok --model=conv_dyn.onnx "${base[@]}" --output=static2 --input_shape="x:1,3,64,64"
cmp -s static.om static2.om || fail "two conversions differ"

# ATC's tuning and precision options are taken (and said to do nothing);
# options that change the model and that aclsim cannot honour are refused.
out="$("$atc" --model=conv_dyn.onnx "${base[@]}" --output=tuned --input_shape="x:1,3,64,64" \
  --precision_mode=force_fp16 --op_select_implmode=high_performance 2>&1)" || fail "tuning options: $out"
grep -qx "ATC run success, welcome to the next use." <<<"$out" || fail "tuning options: $out"
grep -q "^WARNING: --op_select_implmode=high_performance is taken but has no effect" <<<"$out" || fail "no warning: $out"
if grep -q "precision_mode" <<<"$out"; then fail "--precision_mode is acted on, not warned about: $out"; fi
cmp -s tuned.om static.om || fail "a taken option (or the default precision mode) changed the model"
# --precision_mode is recorded and decides whether float32 cube ops run in float16.
expect_ok --model=conv_dyn.onnx "${base[@]}" --output=keep --input_shape="x:1,3,64,64" --precision_mode=must_keep_origin_dtype
expect_ok --mode=1 --om=keep.om --json=keep.json
/usr/bin/python3 - <<'PY' || fail "precision_mode not recorded"
import json
j = json.load(open("keep.json"))
assert j["precision_mode"] == "must_keep_origin_dtype", j["precision_mode"]
# force_fp16 (the default) runs the float32 convolution in float16; kept, it stays float32.
conv = [op for op in j["graphs"][0]["ops"] if op["type"] == "Conv2D"][0]
assert "compute_dtype" not in conv.get("attrs", {}), conv
PY
expect_ok --mode=1 --om=static.om --json=static.json
/usr/bin/python3 - <<'PY' || fail "force_fp16 did not cast"
import json
j = json.load(open("static.json"))
assert j["precision_mode"] == "force_fp16", j["precision_mode"]
conv = [op for op in j["graphs"][0]["ops"] if op["type"] == "Conv2D"][0]
out = [t for t in j["graphs"][0]["outputs"]]
assert conv["attrs"].get("compute_dtype") == "float16" or conv["outputs"][0]["dtype"] == "float16", conv
PY
expect_failed E10001 "parameter --precision_mode is invalid" "${base[@]}" --model=conv_dyn.onnx --output=x \
  --precision_mode=fp8_everywhere
expect_failed E10001 "parameter --insert_op_conf is invalid. Reason: aclsim's atc does not support this option" \
  "${base[@]}" --model=conv_dyn.onnx --output=x --insert_op_conf=aipp.cfg

# Failures, in ATC's order and codes.
expect_failed E10007 "\[--framework\] is required" --model=conv_dyn.onnx --output=x --soc_version=Ascend910B2
expect_failed E10001 "aclsim's atc converts ONNX" --framework=3 --model=conv_dyn.onnx --output=x --soc_version=Ascend910B2
expect_failed E10054 "The required parameter --soc_version for ATC is empty" --framework=5 --model=conv_dyn.onnx --output=x
expect_failed E10054 "The required parameter --model for ATC is empty" "${base[@]}" --output=x
expect_failed E10001 "parameter --soc_version is invalid" --framework=5 --soc_version=Ascend999 --model=conv_dyn.onnx --output=x
expect_failed E10001 "No such file or directory" "${base[@]}" --model=missing.onnx --output=x
expect_failed E10001 "Value NULL for parameter --input_shape" "${base[@]}" --model=conv_dyn.onnx --output=x
expect_failed E10002 "The shape must contain two parts" "${base[@]}" --model=conv_dyn.onnx --output=x --input_shape=1,3
expect_failed E10011 "The error value in the shape is 0" "${base[@]}" --model=conv_dyn.onnx --output=x --input_shape=x:0,3,8,8
expect_failed E10009 "mutually exclusive" "${base[@]}" --model=conv_dyn.onnx --output=x --input_shape=x:-1,3,8,8 \
  --dynamic_batch_size=1,2 --dynamic_dims="1;2"
expect_failed E10031 "none of the nodes" "${base[@]}" --model=conv_dyn.onnx --output=x --input_shape=x:1,3,8,8 \
  --dynamic_batch_size=1,2
expect_failed E10018 "only batch size N can be -1" "${base[@]}" --model=conv_dyn.onnx --output=x \
  --input_shape=x:1,3,-1,8 --dynamic_batch_size=1,2
expect_failed E10035 "less than the minimum 2" "${base[@]}" --model=conv_dyn.onnx --output=x \
  --input_shape=x:-1,3,8,8 --dynamic_batch_size=4
expect_failed E10039 "duplicated" "${base[@]}" --model=conv_dyn.onnx --output=x --input_shape=x:-1,3,8,8 \
  --dynamic_batch_size=2,2
expect_failed E10019 "only the height and width" "${base[@]}" --model=conv_dyn.onnx --output=x \
  --input_shape=x:-1,3,8,8 --dynamic_image_size="8,8;16,16"
expect_failed E10020 "dynamic_image_size is invalid" "${base[@]}" --model=conv_dyn.onnx --output=x \
  --input_shape=x:1,3,-1,-1 --dynamic_image_size="8,8,8;16,16,16"
expect_failed E10001 "consistent with the number of -1" "${base[@]}" --model=two_inputs.onnx --output=x \
  --input_shape="a:1,-1,64;b:1,-1,64" --dynamic_dims="8;16" --input_format=ND
expect_failed E10010 "parameter --log is invalid" "${base[@]}" --model=conv_dyn.onnx --output=x --log=loud
expect_failed E10001 "FP32, FP16, UINT8, INT8" "${base[@]}" --model=conv_dyn.onnx --output=x --output_type=FP64
expect_failed E10001 "parameter --mode is invalid" --mode=3 "${base[@]}" --model=conv_dyn.onnx --output=x
expect_failed E10001 "Invalid om file" --mode=1 --om=conv_dyn.onnx --json=x.json
out="$("$atc" --bogus=1 2>&1)" && fail "an unknown flag was accepted"
grep -qx "ERROR: unknown command line flag 'bogus'" <<<"$out" || fail "unknown flag: $out"
help="$("$atc" --help)" || fail "--help exit code"
grep -q -- "--dynamic_batch_size" <<<"$help" || fail "--help"
echo "atc: OK"
