#!/usr/bin/env python3
"""Checks the dynamic symbol tables of libascendcl.so and libmsprofiler.so.

libascendcl.so must export exactly the functions declared in
api/include/acl/*.h, the profiling ones included (torch_npu dlsyms aclprof*
from a libascendcl.so handle, spec §0), and the internal entry points of
api/src/internal_entry_points.h that the toolkit's other libraries call; libmsprofiler.so exactly the ones
declared in acl_prof.h and prof_acl_api.h; libprofapi.so the Msprof*
functions of api/pkg_inc/profiling/aprof_pub.h; libc_sec.so the securec
functions of api/include/securec.h; libnnopbase.so the functions of
aclnn/acl_meta.h and aclnn/aclnn_base.h and the two generic phases libopapi.so
calls; libopapi.so the operators of api/include/aclnnop/; libms_tools_ext.so
the mstx functions of api/include/mstx/.
Nothing else (no C++ or library-internal symbol) may leak.
Usage: check_exports.py LIBASCENDCL LIBMSPROFILER LIBPROFAPI LIBC_SEC LIBNNOPBASE LIBOPAPI LIBMS_TOOLS_EXT
"""
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts" / "gen"))
import acl_surface  # noqa: E402


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("T", "W", "D", "B", "R", "i"):
            names.add(parts[2])
    return names


ROOT = pathlib.Path(__file__).resolve().parents[2]


def declared(paths):
    """Function names declared (name followed by '(' after a return type) in the headers |paths|."""
    names = set()
    for path in paths:
        text = re.sub(r"/\*.*?\*/", " ", path.read_text(), flags=re.S)
        names |= set(re.findall(r"^(?:ACL_FUNC_VISIBILITY|ACLNN_API|MSTX_API)\s[^;(]*?\b(\w+)\s*\(", text, re.M))
    return names


def main():
    ascendcl, msprofiler, profapi, c_sec, nnopbase, opapi, ms_tools_ext = sys.argv[1:8]
    funcs = acl_surface.parse_headers()
    # The hash functions of aprof_pub.h are found through libascendcl.so on CANN.
    want_acl = {f["name"] for f in funcs} | {"MsprofGetHashId", "MsprofStr2Id"}
    want_acl |= {f["name"] for f in acl_surface.internal_functions()}
    want_prof = {f["name"] for f in funcs if f["prof"]}
    companions = acl_surface.companion_functions()
    want_profapi = {name for name, _ in companions["libprofapi.so"]}
    want_c_sec = {name for name, _ in companions["libc_sec.so"]}
    want_nnopbase = declared([ROOT / "api/include/aclnn/acl_meta.h", ROOT / "api/include/aclnn/aclnn_base.h"])
    want_nnopbase |= {"aclsimInternalOpPrepare", "aclsimInternalOpLaunch"}
    want_opapi = declared(sorted((ROOT / "api/include/aclnnop").glob("aclnn_*.h")))
    want_mstx = declared(sorted((ROOT / "api/include/mstx").glob("*.h")))
    ok = True
    for lib, want in ((ascendcl, want_acl), (msprofiler, want_prof), (profapi, want_profapi), (c_sec, want_c_sec),
                      (nnopbase, want_nnopbase), (opapi, want_opapi), (ms_tools_ext, want_mstx)):
        have = exported(lib)
        missing = sorted(want - have)
        extra = sorted(have - want)
        if missing:
            ok = False
            print("%s: declared but not exported: %s" % (lib, ", ".join(missing)))
        if extra:
            ok = False
            print("%s: exported but not declared in a public header: %s" % (lib, ", ".join(extra[:50])))
        print("%s: %d symbols exported" % (pathlib.Path(lib).name, len(have)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
