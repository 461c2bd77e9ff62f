"""The ACL surface as the sources state it, read by the generators and checks.

  parse_headers()         every prototype exported by api/include/acl/*.h
                          (declarations that start with ACL_FUNC_VISIBILITY,
                          MSVP_PROF_API or acl_dump.h's ACL_DUMP_API), in
                          header order, each name once: the ACL API and
                          aclsim's extensions (aclsim_ext.h)
  internal_functions()    the entry points libascendcl.so exports for the
                          toolkit's own libraries (api/src/internal_entry_points.h,
                          not installed): exported, but not API and not counted
  implemented_names()     the acl*/Prof* functions api/src defines
  companion_functions()   the functions the companion headers declare
                          (libprofapi.so's, libc_sec.so's, and mstx's, whose
                          header defines them inline over the tool in
                          libascendcl.so) and whether each is implemented

A function counts as implemented when a file in api/src (outside generated/)
defines it: a line starting with its return type and name whose signature ends
in '{'. scripts/gen/gen_api.py, scripts/gen/gen_pyacl.py and scripts/gen/gen_libs.py
import this module; it imports none of them.
"""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
HEADERS = ROOT / "api" / "include" / "acl"
SRC = ROOT / "api" / "src"

DECL = re.compile(r"(ACL_FUNC_VISIBILITY|MSVP_PROF_API|ACL_DUMP_API)\s+([^;{}()]*?)\b(\w+)\s*\(([^;{}]*?)\)\s*;", re.S)
PROF_HEADERS = {"acl_prof.h", "prof_acl_api.h"}
INTERNAL_HEADER = SRC / "internal_entry_points.h"


def parse_headers(headers=None):
    funcs = []
    for header in headers if headers is not None else sorted(HEADERS.glob("*.h")):
        text = header.read_text()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        # Preprocessor lines (the export macros' own definitions) declare nothing.
        text = re.sub(r"^[ \t]*#[^\n]*", " ", text, flags=re.M)
        for m in DECL.finditer(text):
            ret = " ".join(m.group(2).split())
            ret = re.sub(r"ACL_DEPRECATED(_MESSAGE)?\s*", "", ret).strip()
            name = m.group(3)
            params = " ".join(m.group(4).split())
            funcs.append({"header": header.name, "ret": ret, "name": name, "params": params,
                          "prof": header.name in PROF_HEADERS})
    seen = set()
    unique = []
    for f in funcs:
        if f["name"] not in seen:
            seen.add(f["name"])
            unique.append(f)
    return unique


def internal_functions():
    return parse_headers([INTERNAL_HEADER])


# The companion libraries: (library, header, declaration macro, source). The
# mstx functions are defined inline by their header (libms_tools_ext.so
# exports the same code); what they do is the tool's, in libascendcl.so,
# whose functions carry the API names (api/src/mstx_tool.cc).
COMPANIONS = [
    ("libprofapi.so", "api/pkg_inc/profiling/aprof_pub.h", "profiling/aprof_pub.h", "MSVP_PROF_API",
     "api/src/profapi.cc"),
    ("libc_sec.so", "api/include/securec.h", "securec.h", "SECUREC_API", "api/securec/securec.cc"),
    ("libascendcl.so", "api/include/mstx/ms_tools_ext.h", "mstx/ms_tools_ext.h", "MSTX_DECLSPEC",
     "api/src/mstx_tool.cc"),
    ("libascendcl.so", "api/include/mstx/ms_tools_ext_mem.h", "mstx/ms_tools_ext_mem.h", "MSTX_DECLSPEC",
     "api/src/mstx_tool.cc"),
]
# A companion function whose definition uses one of these is not supported.
COMPANION_NOT_SUPPORTED = ("MSPROF_ERROR_NOT_SUPPORTED_ACLSIM", "MemNotSupported(")


def companion_functions(by_header=False):
    """{library: [(name, status)]} for the functions the companion headers
    declare; keyed by (library, header as included) with |by_header|."""
    out = {}
    for library, header, shown, macro, source in COMPANIONS:
        text = re.sub(r"/\*.*?\*/", " ", (ROOT / header).read_text(), flags=re.S)
        # Declarations only (a header may also define them: mstx's).
        names = re.findall(r"^%s\b[^;(]*?\b(\w+)\s*\([^;{]*\)\s*;" % macro, text, re.M)
        src = (ROOT / source).read_text()
        rows = []
        for name in names:
            m = re.search(r"^[^\n;]*\b%s\s*\([^;{]*\)\s*(?:try\s*)?\{(.*?)^\}" % name, src, re.M | re.S)
            status = "missing" if m is None else (
                "not supported" if any(mark in m.group(1) for mark in COMPANION_NOT_SUPPORTED) else "implemented")
            rows.append((name, status))
        out.setdefault((library, shown) if by_header else library, []).extend(rows)
    return out


def implemented_names():
    names = set()
    for src in sorted(SRC.glob("*.cc")):
        text = src.read_text()
        for m in re.finditer(r"^[A-Za-z_][\w \t\*]*?\b(acl\w+|Prof\w+)\s*\(([^;{]*?)\)\s*(?:try\s*)?\{", text, re.M):
            names.add(m.group(1))
    return names
