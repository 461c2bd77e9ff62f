#!/usr/bin/env python3
"""Writes api/cann_libraries.json, the table of which CANN library exports
each public function, from a checkout (or bare clone) of CANN's runtime
repository (hicann/runtime, gitcode.com/cann/runtime).

What it reads there, and why each is authoritative:
  src/acl/aclrt_impl/acl_rt_wrapper.h   the function maps that
        src/acl/aclrt/acl_rt.cpp expands into libacl_rt.so's forwarding
        functions (ACL_RT_CPP: name → name##Impl) and that
        acl_rt_impl.h declares as libacl_rt_impl.so's exports
        (ACL_RT_IMPL_HEADER); acl_rt.cpp adds aclAppLog and aclAppLogWithArgs,
        both calling aclAppLogImpl
  include/external/acl/acl_dump.h, acl_tdt.h, acl_tdt_queue.h
        the functions of the three headers whose libraries are separate:
        stub/gen_stubapi.py builds libacl_tdt_channel.so from acl_tdt.h and
        libacl_tdt_queue.so from acl_tdt_queue.h; acl_dump.h's functions are
        defined under src/dfx/adump/ (libascend_dump.so)

The rows of the other libraries (libprofapi.so, libmspti.so,
libms_tools_ext.so, libnnopbase.so, libopapi.so, libc_sec.so, and the two
aclsim does not provide) are fixed text here, each naming its source.

The libraries of the headers this repository does not carry (acl_mdl.h,
acl_op.h, acl_op_compiler.h and acl_base.h are empty placeholders in it)
follow CANN 9.0's "Header Files and Library Files" pages, and their rows
name headers rather than functions: the generator takes the functions
aclsim's copy of each header declares. See docs/libraries.md.

Usage: extract_cann_symbols.py RUNTIME_REPO [--commit REV]
RUNTIME_REPO may be a bare clone (read with git show).
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "api" / "cann_libraries.json"

RUNTIME_DOC = ("CANN 9.0.0 Runtime API, \"Header Files and Library Files\" "
               "(hiascend.com .../canncommercial/900/API/runtimeapi/aclcppdevg_03_1952.html)")
GRAPH_DOC = ("CANN 9.0.0 Graph API, \"Header Files and Library Files\" "
             "(hiascend.com .../canncommercial/900/API/ascendgraphapi/aclcppge_00_0004.html)")


def show(repo, rev, path):
    return subprocess.run(["git", "-C", str(repo), "show", "%s:%s" % (rev, path)], check=True,
                          capture_output=True, text=True).stdout


def wrapper_names(text):
    names = []
    for m in re.finditer(r"#define (ACL_\w+_MAP)\(_\)(.*?)(?=\n#define|\n#endif)", text, re.S):
        names += re.findall(r"_\(\s*[^,]+,\s*(\w+)\s*,", m.group(2))
    return names


def header_functions(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    names = []
    for m in re.finditer(r"^\s*(?:ACL_DUMP_WEAK\s+)?(?:ACL_FUNC_VISIBILITY|ACL_DUMP_API)\s[^;{}]*?\b(\w+)\s*\(",
                         text, re.M):
        if m.group(1) not in names:
            names.append(m.group(1))
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", type=pathlib.Path)
    ap.add_argument("--commit", default="HEAD")
    args = ap.parse_args()
    rev = subprocess.run(["git", "-C", str(args.repo), "rev-parse", args.commit], check=True,
                         capture_output=True, text=True).stdout.strip()
    src = "hicann/runtime@%s " % rev[:10]
    rt = wrapper_names(show(args.repo, rev, "src/acl/aclrt_impl/acl_rt_wrapper.h"))
    hdr = {h: header_functions(show(args.repo, rev, "include/external/acl/%s" % h))
           for h in ("acl_dump.h", "acl_tdt.h", "acl_tdt_queue.h")}
    libraries = [
        {"library": "libascendcl.so",
         "source": RUNTIME_DOC + "; " + GRAPH_DOC + ": for compatibility libascendcl.so still provides the "
                   "functions of acl_rt.h, acl_prof.h, acl_mdl.h, acl_op.h and acl_op_compiler.h; acl_base.h's "
                   "are libascendcl.so's own",
         "headers": ["acl/acl_base.h", "acl/acl_base_rt.h", "acl/acl_base_mdl.h", "acl/acl_rt.h",
                     "acl/acl_rt_allocator.h", "acl/acl_mdl.h", "acl/acl_op.h", "acl/acl_op_compiler.h",
                     "acl/acl_prof.h", "acl/prof_acl_api.h"],
         "symbols": sorted(set(rt) | {"aclAppLog"})},
        {"library": "libacl_rt.so",
         "source": src + "src/acl/aclrt/acl_rt.cpp (the maps of src/acl/aclrt_impl/acl_rt_wrapper.h, "
                   "aclAppLog, aclAppLogWithArgs); " + RUNTIME_DOC,
         "symbols": rt + ["aclAppLog", "aclAppLogWithArgs"],
         "forward_to": "libacl_rt_impl.so"},
        {"library": "libacl_rt_impl.so",
         "source": src + "src/acl/aclrt_impl/acl_rt_impl.h (ACL_RT_IMPL_HEADER over the same maps), "
                   "aclAppLogImpl",
         "symbols": [n + "Impl" for n in rt] + ["aclAppLogImpl"]},
        {"library": "libacl_mdl.so", "source": GRAPH_DOC, "headers": ["acl/acl_mdl.h"]},
        {"library": "libacl_op_executor.so", "source": GRAPH_DOC, "headers": ["acl/acl_op.h"]},
        {"library": "libacl_op_compiler.so", "source": GRAPH_DOC, "headers": ["acl/acl_op_compiler.h"]},
        {"library": "libmsprofiler.so", "source": RUNTIME_DOC, "headers": ["acl/acl_prof.h", "acl/prof_acl_api.h"]},
        {"library": "libascend_dump.so",
         "source": src + "include/external/acl/acl_dump.h, defined under src/dfx/adump/; " + RUNTIME_DOC,
         "symbols": hdr["acl_dump.h"]},
        {"library": "libacl_tdt_channel.so",
         "source": src + "include/external/acl/acl_tdt.h, src/acl/acl_tdt_channel/, stub/gen_stubapi.py; "
                   + RUNTIME_DOC,
         "symbols": hdr["acl_tdt.h"]},
        {"library": "libacl_tdt_queue.so",
         "source": src + "include/external/acl/acl_tdt_queue.h, src/acl/acl_tdt_queue/, stub/gen_stubapi.py; "
                   + RUNTIME_DOC,
         "symbols": hdr["acl_tdt_queue.h"]},
        {"library": "libprofapi.so",
         "source": src + "pkg_inc/profiling/aprof_pub.h (MSVP_PROF_API) and "
                   "src/dfx/msprof/collector/dvvp/profapi/src/prof_mstx_plugin.cpp (InitInjectionMstx, the "
                   "mstx tool entry point)",
         "headers": ["profiling/aprof_pub.h"], "symbols": ["InitInjectionMstx"]},
        {"library": "libmspti.so",
         "source": "Ascend/mspti@a38916051d csrc/include/mspti*.h, and csrc/common/inject/mstx_inject.cpp "
                   "(InitInjectionMstx)",
         "headers": ["mspti/mspti.h", "mspti/mspti_activity.h", "mspti/mspti_callback.h", "mspti/mspti_cbid.h",
                     "mspti/mspti_result.h"],
         "symbols": ["InitInjectionMstx"]},
        {"library": "libms_tools_ext.so",
         "source": "Ascend/mstx@b03f9a22ee c/ms_tools_ext.cpp, c/CMakeLists.txt (the header's functions "
                   "compiled with exported symbols)",
         "headers": ["mstx/ms_tools_ext.h", "mstx/ms_tools_ext_mem.h"]},
        {"library": "libnnopbase.so",
         "source": "hicann/opbase@aa3cd74b7f aclnn/acl_meta.h, aclnn/aclnn_base.h",
         "headers": ["aclnn/acl_meta.h", "aclnn/aclnn_base.h"]},
        {"library": "libopapi.so",
         "source": "hicann/ops-math, ops-nn, ops-transformer: the aclnnop/aclnn_*.h of each operator",
         "headers": ["aclnnop/aclnn_*.h"]},
        {"library": "libc_sec.so",
         "source": "openeuler libboundscheck@43f3940773 include/securec.h (SECUREC_API); "
                   + src + "cmake/package.cmake installs libc_sec.so into lib64",
         "headers": ["securec.h"]},
        {"library": "libacl_cblas.so", "source": GRAPH_DOC + ": acl/ops/acl_cblas.h", "provided": False,
         "why": "aclsim has no acl/ops/acl_cblas.h"},
        {"library": "libruntime.so", "source": src + "src/runtime (the rt* driver-level API)", "provided": False,
         "why": "the rt* API below ACL is not part of aclsim"},
    ]
    doc = {"generated_by": "scripts/gen/extract_cann_symbols.py from hicann/runtime@%s" % rev,
           "libraries": libraries}
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    for lib in libraries:
        print("%-24s %4d functions%s" % (lib["library"], len(lib.get("symbols", [])),
                                          " + headers " + ", ".join(lib["headers"]) if "headers" in lib else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
