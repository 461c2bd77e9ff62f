#!/usr/bin/env bash
# How far Huawei's CANN runtime samples (hicann/runtime, example/) get against
# an installed aclsim toolkit, each run as its README says: in a clean
# environment, source <prefix>/set_env.sh, source example/set_sample_env.sh
# (which finds the toolkit with example/common/resolve_cann_env.sh, builds
# example/tools/get_soc_version against it for SOC_VERSION and finds
# ascendc.cmake for ASCENDC_CMAKE_DIR), then run.sh in the sample's
# directory, with a time limit. A sample without run.sh is configured and
# built with cmake only. Not run in CI (it needs the samples and takes
# minutes); docs/toolkit.md.
#   scripts/check/cann_samples.sh EXAMPLES PREFIX [SECONDS]
# EXAMPLES  hicann/runtime's example/ directory, or a (bare) git repository of
#           hicann/runtime, whose HEAD's example/ and include/ are exported
#           with git archive
# PREFIX    an aclsim install prefix (cmake --install <build> --prefix PREFIX)
# SECONDS   the time limit of each sample (default 180)
# Prints one line per sample: whether it got past resolve_cann_env (the
# environment script succeeded), past configure (cmake wrote its build
# files), built (an executable was linked) and ran (run.sh exited 0), and
# the first error line (after the environment script's, if any); then the
# totals. ACLSIM_SAMPLES_LOGS=<dir> keeps
# each sample's output there.
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '12,16p' "$0" >&2
  exit 2
fi
examples="$1"
prefix="$(cd "$2" && pwd)"
limit="${3:-180}"
[ -f "$prefix/set_env.sh" ] || { echo "no set_env.sh under $prefix" >&2; exit 2; }
work="$(mktemp -d /tmp/aclsim-cann-samples-XXXXXX)"
trap 'rm -rf "$work"' EXIT
logs="${ACLSIM_SAMPLES_LOGS:-}"
[ -n "$logs" ] && mkdir -p "$logs"

if [ -f "$examples/set_sample_env.sh" ]; then
  cp -r "$examples" "$work/example"
  [ -d "$examples/../include" ] && cp -r "$examples/../include" "$work/include"
elif git -C "$examples" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$examples" archive HEAD example include | tar -x -C "$work"
else
  echo "$examples: neither an example/ directory nor a git repository of hicann/runtime" >&2
  exit 2
fi
mkdir -p "$work/home"

# is_elf FILE: the file starts with the ELF magic.
is_elf() { [ "$(head -c 4 "$1" 2>/dev/null | od -An -c | tr -d ' ')" = "177ELF" ]; }

# run_sample DIR LOG: runs the sample; prints "resolve configure built ran".
run_sample() {
  local dir="$1" log="$2" marker="$work/marker" status resolve configure built ran
  touch "$marker"
  status=0
  env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 \
    timeout -k 5 "$limit" bash -c '
      prefix="$1" example="$2" dir="$3"
      set --  # a sourced file gets the positional parameters
      source "$prefix/set_env.sh" >/dev/null 2>&1 || { echo "@@ set_env.sh failed"; exit 97; }
      source "$example/set_sample_env.sh"
      echo "@@ resolve=$?"
      cd "$dir"
      set -o pipefail
      if [ -f run.sh ]; then
        exec bash run.sh
      fi
      cmake -S . -B build -DASCEND_CANN_PACKAGE_PATH="${ASCEND_INSTALL_PATH:-}" && cmake --build build -j2 && exit 98
    ' sample "$prefix" "$work/example" "$dir" >"$log" 2>&1 </dev/null || status=$?
  resolve=no; configure=no; built=no; ran=no
  grep -qx '@@ resolve=0' "$log" && resolve=yes
  grep -q '^-- Build files have been written to' "$log" && configure=yes
  if [ "$configure" = yes ]; then
    while IFS= read -r f; do
      if is_elf "$f"; then built=yes; break; fi
    done < <(find "$dir" -path '*/CMakeFiles' -prune -o -type f -perm -u+x -newer "$marker" -print)
  fi
  if [ "$status" -eq 0 ]; then ran=yes; fi
  if [ "$status" -eq 98 ]; then ran=-; fi  # no run.sh: configured and built only
  echo "$resolve $configure $built $ran"
}

mapfile -t samples < <(cd "$work/example" && find . -name CMakeLists.txt -printf '%h\n' | sed 's|^\./||' | sort)
printf '%-72s %-7s %-9s %-5s %-3s %s\n' sample resolve configure built ran "first error"
n=0; n_resolve=0; n_configure=0; n_built=0; n_ran=0
for s in "${samples[@]}"; do
  log="$work/log.txt"
  read -r resolve configure built ran < <(run_sample "$work/example/$s" "$log")
  # The first error after the environment script's, else its own.
  pattern='\[ERROR\]|CMake Error|error:|undefined reference|Terminated|Aborted'
  first="$(sed -n '/^@@ resolve=/,$p' "$log" | grep -m1 -E "$pattern" || true)"
  [ -n "$first" ] || first="$(grep -m1 -E "$pattern" "$log" || true)"
  first="${first//$work\/example\//}"
  first="${first:0:100}"
  printf '%-72s %-7s %-9s %-5s %-3s %s\n' "$s" "$resolve" "$configure" "$built" "$ran" "$first"
  [ -n "$logs" ] && cp "$log" "$logs/$(echo "$s" | tr '/' '_').log"
  n=$((n + 1))
  [ "$resolve" = yes ] && n_resolve=$((n_resolve + 1))
  [ "$configure" = yes ] && n_configure=$((n_configure + 1))
  [ "$built" = yes ] && n_built=$((n_built + 1))
  [ "$ran" = yes ] && n_ran=$((n_ran + 1))
done
echo "totals: $n samples; past resolve_cann_env $n_resolve, past configure $n_configure, built $n_built, ran $n_ran"
