#!/usr/bin/env bash
# aclsim-cost: the calibration points priced by the C++ model are no worse
# than the accepted held-out errors, every point is priced, and the
# whole-network check of docs/cost_model.md holds where it is claimed.
#   cost_test.sh <aclsim-cost> <source dir>
set -euo pipefail
cost="$1"
src="$2"
fail() { echo "FAIL: $*" >&2; exit 1; }

points="$src/sim/calibration/kernel_timings.csv"
out="$("$cost" points "$points" --check --accepted "$src/sim/calibration/accepted_errors.json" 2>&1)" ||
  fail "held-out errors worse than accepted: $out"
grep -q "^holdout  gemm " <<<"$out" || fail "no held-out gemm group: $out"
csv="$("$cost" points "$points")"
rows=$(($(wc -l <<<"$csv") - 1))
expected=$(($(wc -l <"$points") - 1))
[ "$rows" -eq "$expected" ] || fail "$rows of $expected points priced"

# A malformed points file is refused with the line it is on.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
head -1 "$points" >"$tmp/bad.csv"
echo '1,Ascend910B2,Add,"float16[4,x]","float16[4]",,1.0,fit,here' >>"$tmp/bad.csv"
if err="$("$cost" points "$tmp/bad.csv" 2>&1)"; then fail "a bad tensor was taken"; fi
grep -q "points line 2: bad inputs" <<<"$err" || fail "no line in: $err"

# ResNet-50 (torchvision v1.5, fp16 as atc converts it) on one 310P3 against
# Ascend ModelZoo's measured throughput (docs/cost_model.md): within 30 % at
# batch 1, 2 and 4 (larger batches are not: see the doc).
for pair in 1:1504 2:2272 4:3163; do
  batch="${pair%%:*}"
  published="${pair##*:}"
  line="$("$cost" model "$src/models/resnet50.onnx" --profile Ascend310P3 --atc --batch "$batch" | tail -1)"
  fps="$(sed -n 's/.*us, \([0-9.]*\) samples\/s/\1/p' <<<"$line")"
  [ -n "$fps" ] || fail "no throughput in: $line"
  /usr/bin/python3 -c "import sys; r = $fps / $published; sys.exit(0 if 0.7 <= r <= 1.3 else 1)" ||
    fail "batch $batch: $fps samples/s against $published published"
done
echo "ok"
