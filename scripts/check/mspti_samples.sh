#!/usr/bin/env bash
# Builds and runs the C++ samples of Huawei's MSPTI repository (Ascend/mspti,
# samples/; the HCCL and Python ones are left out: aclsim has no HCCL, and the
# Python monitors need the mspti wheel) unchanged, with their own
# CMakeLists.txt and sample_run.sh, against an installed aclsim toolkit, in a
# clean environment after `source <prefix>/set_env.sh`. Not run in CI (the
# samples are third-party code and are not in this repository); the figures
# go into the notes of the changes that move them (docs/toolkit.md).
#   scripts/check/mspti_samples.sh MSPTI_REPO PREFIX
# MSPTI_REPO is a checkout or a bare clone (read with git archive).
# Prints one line per sample (built, exit status, records printed by kind)
# and the totals; the logs stay in the printed work directory.
set -uo pipefail
repo=$(cd "$1" && pwd)
prefix=$(cd "$2" && pwd)
work=$(mktemp -d /tmp/mspti-samples.XXXXXX)
if [ -d "$repo/samples" ]; then
  cp -r "$repo/samples" "$work/"
else
  git -C "$repo" archive HEAD samples | tar -x -C "$work"
fi
samples=(mspti_activity mspti_correlation mspti_external_correlation callback_domain callback_mstx
  mspti_mstx_activity_domain)
built=0
ran=0
for s in "${samples[@]}"; do
  log="$work/$s.log"
  (cd "$work/samples/$s" && env -i HOME="$HOME" PATH=/usr/local/bin:/usr/bin:/bin \
    bash -c "source '$prefix/set_env.sh' && timeout 300 bash sample_run.sh") >"$log" 2>&1
  rc=$?
  b=no
  if grep -q '\[100%\] Built target' "$log"; then
    b=yes
    built=$((built + 1))
  fi
  kinds=""
  for k in KERNEL MARKER API MEMCPY MEMSET MEMORY CORRELATION; do
    n=$(grep -c "$k" "$log" || true)
    [ "$n" -gt 0 ] && kinds+=" $k:$n"
  done
  # The callback samples print one line per API entered.
  n=$(grep -c ' func enter$' "$log" || true)
  [ "$n" -gt 0 ] && kinds+=" CALLBACK:$n"
  [ "$b" = yes ] && [ "$rc" -eq 0 ] && [ -n "$kinds" ] && ran=$((ran + 1))
  printf '%-28s built=%-3s exit=%-3s%s\n' "$s" "$b" "$rc" "$kinds"
done
echo "mspti samples: ${#samples[@]} tried, $built built, $ran ran and printed records (logs: $work)"
