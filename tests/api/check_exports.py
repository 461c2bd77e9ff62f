#!/usr/bin/env python3
"""Checks the dynamic symbol tables of libascendcl.so and libmsprofiler.so.

libascendcl.so must export exactly the functions declared in
api/include/acl/*.h, the profiling ones included (torch_npu dlsyms aclprof*
from a libascendcl.so handle, spec §0); libmsprofiler.so exactly the ones
declared in acl_prof.h and prof_acl_api.h.
Nothing else (no C++ or library-internal symbol) may leak.
Usage: check_exports.py LIBASCENDCL LIBMSPROFILER
"""
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
import gen_api  # noqa: E402


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("T", "W", "D", "B", "R", "i"):
            names.add(parts[2])
    return names


def main():
    ascendcl, msprofiler = sys.argv[1], sys.argv[2]
    funcs = gen_api.parse_headers()
    want_acl = {f["name"] for f in funcs}
    want_prof = {f["name"] for f in funcs if f["prof"]}
    ok = True
    for lib, want in ((ascendcl, want_acl), (msprofiler, want_prof)):
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
