#!/usr/bin/env bash
# The installed tree is a CANN toolkit (docs/toolkit.md; the README's
# install commands): installs the build to a temp .../ascend-toolkit/<ver>
# with a "latest" link, checks the layout, the libraries' RUNPATH, and
# set_env.sh in a clean environment (env -i: values, idempotence, sh, a moved
# tree), then builds and runs the samples of examples/toolkit with their own
# CMakeLists.txt and run.sh, checks ascendc.cmake's kernel functions and
# SOC_VERSION the way CANN's runtime samples read them (scripts/check/cann_samples.sh
# runs those samples themselves), and a find_package consumer through the
# CMAKE_PREFIX_PATH that set_env.sh sets; then replays torch_npu's and
# MindSpore's profiler call sequences (tests/toolkit/frameworks) against it.
#   toolkit_test.sh BUILD_DIR SOURCE_DIR PYTHON_ON(ON|OFF)
set -euo pipefail
build="$1"
src="$2"
python_on="$3"
tmp="$(mktemp -d /tmp/aclsim-toolkit-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_eq() { [ "$1" = "$2" ] || fail "$3: got '$1', want '$2'"; }

version=9.1.0
arch="$(uname -m)"
home="$tmp/Ascend/ascend-toolkit"
prefix="$home/$version"
cmake --install "$build" --prefix "$prefix" >/dev/null
ln -s "$version" "$home/latest"
latest="$home/latest"

# Layout.
for f in set_env.sh bin/setenv.bash lib64/libascendcl.so lib64/libmsprofiler.so lib64/libprofapi.so \
         lib64/libc_sec.so lib64/libnnopbase.so lib64/libopapi.so lib64/libms_tools_ext.so lib64/libmspti.so \
         lib64/libacl_rt.so lib64/libacl_rt_impl.so lib64/libacl_mdl.so lib64/libacl_op_executor.so \
         lib64/libacl_op_compiler.so lib64/libascend_dump.so lib64/libacl_tdt_channel.so lib64/libacl_tdt_queue.so \
         include/acl/acl.h include/acl/acl_prof.h include/mstx/ms_tools_ext.h include/mstx/ms_tools_ext_mem.h \
         include/mspti/mspti.h include/mspti/mspti_activity.h include/mspti/mspti_callback.h \
         include/acl/acl_op.h include/acl/acl_op_compiler.h include/aclnn/acl_meta.h include/aclnnop/aclnn_add.h \
         include/acl/acl_dump.h include/acl/acl_tdt.h include/acl/acl_tdt_queue.h include/acl/acl_rt_allocator.h \
         include/securec.h include/securectype.h \
         pkg_inc/profiling/aprof_pub.h lib64/cmake/aclsim/aclsimConfig.cmake lib64/pkgconfig/aclsim.pc \
         share/info/runtime/version.info "$arch-linux/ascend_toolkit_install.info"; do
  [ -e "$prefix/$f" ] || fail "missing $f"
done
# AscendC's CMake functions: the file at <arch>-linux/tikcpp/ascendc_kernel_cmake/,
# the three other spellings as links to it; the directories of ASCEND_OPP_PATH and TOOLCHAIN_HOME.
kcmake="$arch-linux/tikcpp/ascendc_kernel_cmake/ascendc.cmake"
[ -f "$prefix/$kcmake" ] && [ ! -L "$prefix/$arch-linux/tikcpp" ] || fail "missing $kcmake"
for link in tikcpp compiler/tikcpp tools/tikcpp; do
  [ -L "$prefix/$link" ] || fail "$link is not a link"
  expect_eq "$(readlink -f "$prefix/$link/ascendc_kernel_cmake/ascendc.cmake")" "$(readlink -f "$prefix/$kcmake")" "$link"
done
[ -d "$prefix/opp" ] && [ -d "$prefix/toolkit" ] || fail "missing opp/ or toolkit/"
[ -x "$prefix/tools/profiler/bin/msprof" ] || fail "missing tools/profiler/bin/msprof"
[ -x "$prefix/bin/atc" ] || fail "missing bin/atc"
cmp -s "$prefix/set_env.sh" "$prefix/bin/setenv.bash" || fail "set_env.sh and bin/setenv.bash differ"
grep -qx "Version=$version" "$prefix/share/info/runtime/version.info" || fail "version.info"
grep -qx "version=$version" "$prefix/$arch-linux/ascend_toolkit_install.info" || fail "ascend_toolkit_install.info version"
grep -qx "path=$prefix" "$prefix/$arch-linux/ascend_toolkit_install.info" || fail "ascend_toolkit_install.info path"
for lib in libascendcl libmsprofiler libprofapi libc_sec libnnopbase libopapi libms_tools_ext libmspti libacl_rt \
  libacl_rt_impl libacl_mdl libacl_op_executor libacl_op_compiler libascend_dump libacl_tdt_channel libacl_tdt_queue; do
  readelf -d "$prefix/lib64/$lib.so" | grep -q 'RUNPATH.*\[\$ORIGIN\]' || fail "$lib.so: RUNPATH is not \$ORIGIN"
done
# dlopen by full path finds the companions (libprofapi.so → libascendcl.so) without LD_LIBRARY_PATH.
env -i PATH=/usr/bin:/bin python3 -c "import ctypes; ctypes.CDLL('$prefix/lib64/libprofapi.so').MsprofSysCycleTime" \
  || fail "dlopen of libprofapi.so by full path"

# set_env.sh in a clean environment, through the latest link; sourced twice.
show='printf "%s\n" "$ASCEND_HOME_PATH" "$ASCEND_TOOLKIT_HOME" "$ASCEND_OPP_PATH" "$ASCEND_AICPU_PATH" "$TOOLCHAIN_HOME" "$PATH" "$LD_LIBRARY_PATH" "$PYTHONPATH" "$CMAKE_PREFIX_PATH" "${ASCEND_INSTALL_PATH-unset}"'
want="$latest
$latest
$latest/opp
$latest
$latest/toolkit
$latest/bin:$latest/tools/profiler/bin:/usr/bin:/bin
$latest/lib64
$latest/python/site-packages
$latest/lib64/cmake
unset"
got="$(env -i PATH=/usr/bin:/bin bash -c "source '$latest/set_env.sh'; $show")"
expect_eq "$got" "$want" "bash, sourced once"
got="$(env -i PATH=/usr/bin:/bin bash -c "source '$latest/set_env.sh'; command -v atc; command -v msprof")"
expect_eq "$got" "$latest/bin/atc
$latest/tools/profiler/bin/msprof" "atc and msprof on PATH"
got="$(env -i PATH=/usr/bin:/bin bash -c "source '$latest/set_env.sh'; source '$latest/bin/setenv.bash'; $show")"
expect_eq "$got" "$want" "bash, sourced twice"
got="$(env -i PATH=/usr/bin:/bin ACLSIM_TOOLKIT_ROOT="$latest" sh -c ". '$latest/set_env.sh'; $show")"
expect_eq "$got" "$want" "sh"
# As the samples' run scripts source it: under set -euo pipefail.
got="$(env -i PATH=/usr/bin:/bin bash -c "set -euo pipefail; source '$latest/bin/setenv.bash'; $show")"
expect_eq "$got" "$want" "bash, set -euo pipefail"
# Existing entries stay, after ours.
got="$(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH=/opt/x bash -c "source '$latest/set_env.sh'; echo \$LD_LIBRARY_PATH")"
expect_eq "$got" "$latest/lib64:/opt/x" "existing LD_LIBRARY_PATH"

# The samples, as a user builds them: copy, source set_env.sh, run.sh.
cp -r "$src/examples/toolkit" "$tmp/samples"
for sample in 0_create_config 1_msproftx 2_subscribe_model 3_aclnn_add 4_mstx_with_domain; do
  out="$(env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c \
    "source '$latest/set_env.sh' && SAMPLE_BUILD_DIR='$tmp/build-$sample' '$tmp/samples/$sample/run.sh'")" \
    || fail "sample $sample: $out"
  echo "$out" | grep -q "\[INFO\] $sample done" || fail "sample $sample printed: $out"
done
readelf -d "$tmp/build-0_create_config/main" | grep -q 'NEEDED.*libprofapi.so' || fail "0_create_config: libprofapi.so not NEEDED"
ls "$tmp/build-1_msproftx/prof_output" | grep -q '^PROF_' || fail "1_msproftx wrote no PROF_* directory"
# The mstx sample links no mstx library (the header is inline) and, under
# msprof --msproftx=on, its four markers land in the job with their domains.
if readelf -d "$tmp/build-4_mstx_with_domain/main" | grep -q 'NEEDED.*libms_tools_ext'; then
  fail "4_mstx_with_domain: libms_tools_ext.so NEEDED"
fi
tx="$(ls "$tmp"/build-4_mstx_with_domain/prof_output/PROF_*/mindstudio_profiler_output/msprof_tx_*.csv)" \
  || fail "4_mstx_with_domain wrote no msprof_tx summary"
got="$(tail -n +2 "$tx" | cut -d, -f5,11,12 | sort)"
expect_eq "$got" "marker,add start,default
marker,tensors ready,add_inner
start/end,add step,default
start/end,wait for add,add_inner" "4_mstx_with_domain markers"

# ascendc_library and ascendc_fatbin_library, included as CANN's samples do
# (ASCENDC_CMAKE_DIR): each stops the configure step with one message naming
# the target and its kernel sources; a project that only includes the file
# configures and builds.
kdir="$latest/$arch-linux/tikcpp/ascendc_kernel_cmake"
mkdir -p "$tmp/kernels/lib" "$tmp/kernels/fatbin" "$tmp/kernels/none" "$tmp/kernels/kernel_func"
touch "$tmp/kernels/lib/add_kernel.cpp" "$tmp/kernels/kernel_func/mul_kernel.cpp" "$tmp/kernels/fatbin/add_custom.cpp"
head='cmake_minimum_required(VERSION 3.16.0)
project(Kernels)
set(ASCENDC_CMAKE_DIR $ENV{ASCENDC_CMAKE_DIR})
include(${ASCENDC_CMAKE_DIR}/ascendc.cmake)'
printf '%s\n' "$head" 'ascendc_library(kernels STATIC add_kernel.cpp ../kernel_func/mul_kernel.cpp)' \
  'add_executable(main main.cpp)' >"$tmp/kernels/lib/CMakeLists.txt"
printf '%s\n' "$head" 'file(GLOB KERNEL_FILES add_custom.cpp)' 'ascendc_fatbin_library(ascendc_kernels_simple ${KERNEL_FILES})' \
  >"$tmp/kernels/fatbin/CMakeLists.txt"
printf '%s\n' "$head" 'include_directories(${ASCEND_CANN_PACKAGE_PATH}/include)' 'add_executable(main main.cpp)' \
  'target_link_libraries(main PRIVATE ${ASCEND_CANN_PACKAGE_PATH}/lib64/libacl_rt.so)' >"$tmp/kernels/none/CMakeLists.txt"
printf '%s\n' '#include <cstdio>' '#include "acl/acl.h"' 'int main() { std::puts(aclrtGetSocName()); return 0; }' \
  >"$tmp/kernels/none/main.cpp"
configure_kernels() {  # configure_kernels DIR: cmake's output; fails unless the configure step fails
  if env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c "source '$latest/set_env.sh' && ASCENDC_CMAKE_DIR='$kdir' \
       cmake -S '$tmp/kernels/$1' -B '$tmp/kernels/$1/build' -DASCEND_CANN_PACKAGE_PATH='$latest'" >"$tmp/kernels/$1.out" 2>&1; then
    fail "kernels/$1 configured"
  fi
  expect_eq "$(grep -c 'CMake Error' "$tmp/kernels/$1.out")" "1" "kernels/$1: CMake errors"
  # The message, between "(message):" and the call stack.
  sed -n '/^CMake Error at .*ascendc\.cmake:[0-9]* (message):$/,/^Call Stack/p' "$tmp/kernels/$1.out" | sed '1d;$d'
}
got="$(configure_kernels lib)"
expect_eq "$got" "  aclsim cannot build AscendC device kernels yet.

   ascendc_library(kernels STATIC) needs these kernel sources compiled for
   the NPU, and aclsim has no AscendC compiler:
     $tmp/kernels/lib/add_kernel.cpp
     $tmp/kernels/kernel_func/mul_kernel.cpp
   Configure the host program without this target." "ascendc_library message"
got="$(configure_kernels fatbin)"
expect_eq "$got" "  aclsim cannot build AscendC device kernels yet.

   ascendc_fatbin_library(ascendc_kernels_simple) needs these kernel sources compiled for
   the NPU, and aclsim has no AscendC compiler:
     $tmp/kernels/fatbin/add_custom.cpp
   Configure the host program without this target." "ascendc_fatbin_library message"
# A type CANN's does not take (it takes SHARED and STATIC).
mkdir -p "$tmp/kernels/type"
printf '%s\n' "$head" 'ascendc_library(kernels OBJECT add_kernel.cpp)' >"$tmp/kernels/type/CMakeLists.txt"
got="$(configure_kernels type)"
expect_eq "$got" "  ascendc_library(kernels OBJECT): the target type OBJECT is not supported;
  the supported types are SHARED and STATIC." "ascendc_library with type OBJECT"
# SOC_VERSION as CANN's sample environment script finds it: aclrtGetSocName()
# without aclInit, printed by a small program linked with libacl_rt.so, as
# that script builds it.
got="$(env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c "source '$latest/set_env.sh' && ASCENDC_CMAKE_DIR='$kdir' \
  cmake -S '$tmp/kernels/none' -B '$tmp/kernels/none/build' -DASCEND_CANN_PACKAGE_PATH='$latest' >/dev/null &&
  cmake --build '$tmp/kernels/none/build' >/dev/null && '$tmp/kernels/none/build/main'")" || fail "kernels/none: $got"
expect_eq "$got" "Ascend910B2" "aclrtGetSocName"

# msprof on PATH after set_env.sh re-exports a sample's collection.
job="$(ls -d "$tmp/build-1_msproftx/prof_output"/PROF_* | head -1)"
rm -rf "$job/mindstudio_profiler_output"
env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c "source '$latest/set_env.sh' && msprof --export=on --output='$job'" \
  >/dev/null || fail "msprof --export on PATH"
ls "$job/mindstudio_profiler_output" | grep -q '^op_summary_' || fail "msprof --export wrote no op_summary"
# The analysis scripts at CANN's paths, as MindSpore runs them.
analysis="$latest/tools/profiler/profiler_tool/analysis"
[ -x "$analysis/msprof/msprof.py" ] && [ -x "$analysis/interface/get_msprof_info.py" ] || fail "analysis scripts"
rm -rf "$job/mindstudio_profiler_output"
env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c "source '$latest/set_env.sh' && python3 '$analysis/msprof/msprof.py' export summary -dir '$job'" \
  >/dev/null || fail "msprof.py export summary"
ls "$job/mindstudio_profiler_output" | grep -q '^op_summary_' || fail "msprof.py export wrote no op_summary"
freq="$(python3 "$analysis/interface/get_msprof_info.py" -dir "$job/host" |
  python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["status"] == 0; print(d["data"]["host_info"]["cpu_info"][0]["Frequency"])')"
expect_eq "$freq" "100.000000" "get_msprof_info.py CPU frequency"

# The frameworks' profiler call sequences, built as they are built, run as
# they run: torch_npu's loader by bare names (and through RTLD_DEFAULT when
# libascendcl.so is preloaded), MindSpore's from libascendcl.so's path.
env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c "source '$latest/set_env.sh' &&
  cmake -S '$src/tests/toolkit/frameworks' -B '$tmp/replays' >/dev/null && cmake --build '$tmp/replays' -j2 >/dev/null" \
  || fail "building the framework replays"
for run in "torch_npu_replay torch" "torch_npu_replay torch-preload LD_PRELOAD=$latest/lib64/libascendcl.so" \
           "mindspore_replay mindspore"; do
  set -- $run
  mkdir -p "$tmp/out-$2"
  out="$(env -i PATH=/usr/bin:/bin HOME="$tmp" ${3:-} bash -c "source '$latest/set_env.sh' && '$tmp/replays/$1' '$tmp/out-$2'" 2>&1)" \
    || fail "$1 ($2): $out"
  echo "$out" | grep -q "replay done" || fail "$1 ($2) printed: $out"
done

# npu-smi on PATH after set_env.sh, as a CI preflight script calls it (its
# installed RUNPATH finds lib64 without LD_LIBRARY_PATH, too).
got="$(env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c "source '$latest/set_env.sh' && npu-smi info -l | head -1")"
expect_eq "$got" "Total Count                    : 1" "npu-smi info -l"
env -i PATH=/usr/bin:/bin HOME="$tmp" "$latest/bin/npu-smi" info >/dev/null || fail "npu-smi by full path"

# find_package(aclsim) through set_env.sh's CMAKE_PREFIX_PATH.
env -i PATH=/usr/bin:/bin HOME="$tmp" bash -c "source '$latest/set_env.sh' &&
  cmake -S '$src/tests/install_consumer' -B '$tmp/consumer' >/dev/null && cmake --build '$tmp/consumer' >/dev/null &&
  '$tmp/consumer/consumer' >/dev/null" || fail "find_package consumer"

if [ "$python_on" = "ON" ]; then
  got="$(env -i PATH=/usr/bin:/bin bash -c "source '$latest/set_env.sh' && /usr/bin/python3 -c 'import acl, os; print(os.path.dirname(acl.__file__))'")"
  expect_eq "$got" "$latest/python/site-packages" "acl module"
  got="$(env -i PATH=/usr/bin:/bin bash -c "source '$latest/set_env.sh' && /usr/bin/python3 -c 'import mspti, mspti_C, os; print(os.path.dirname(mspti.__file__), mspti_C.flush_all())'")"
  expect_eq "$got" "$latest/python/site-packages/mspti 0" "mspti package"
fi

# A moved tree: the script finds its new root.
mv "$tmp/Ascend" "$tmp/Moved"
moved="$tmp/Moved/ascend-toolkit/$version"
got="$(env -i PATH=/usr/bin:/bin bash -c "source '$moved/bin/setenv.bash'; echo \$ASCEND_HOME_PATH \$LD_LIBRARY_PATH")"
expect_eq "$got" "$moved $moved/lib64" "moved tree"
echo "toolkit: layout, set_env.sh, npu-smi, 5 samples, ascendc.cmake and the framework replays OK"
