#!/usr/bin/env python3
"""The libraries CANN splits the ACL API into, against api/cann_libraries.json
(docs/libraries.md).

exports LIBDIR
    every library of the table exports exactly what scripts/gen/gen_libs.py
    says it provides: the table's functions that aclsim's headers declare,
    and what aclsim's libraries export beyond that (gen_libs.ASCENDCL_EXTRA,
    aclsim_ext.h and the internal entry points for libascendcl.so;
    gen_libs.ACLSIM_EXTRA): nothing else, no C++ or library-internal symbol,
    leaks. A library the table marks not provided must not exist.
    Prints, per library, the exported count and how many of CANN's functions
    are missing.
link LIBDIR INCLUDE CC
    for each kind of CANN sample, a C program that uses every function the
    libraries it links provide builds against those libraries only (no
    other library on the link line, so no name resolves through a
    dependency) and runs.
"""
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "gen"))
import gen_libs  # noqa: E402

# The libraries each kind of sample links, as their CMakeLists.txt name them.
KINDS = [
    ("runtime sample (hicann/runtime example/0_quickstart/0_hello_cann)", ["acl_rt", "nnopbase", "opapi"]),
    ("runtime sample linking ascendcl (hicann/runtime example/1_basic_features/memory/*)", ["ascendcl"]),
    ("MSPTI sample (Ascend/mspti samples/*/CMakeLists.txt)",
     ["ascendcl", "nnopbase", "msprofiler", "opapi", "mspti", "c_sec"]),
    ("profiling through libmsprofiler.so", ["acl_rt", "msprofiler"]),
    ("model execution", ["acl_rt", "acl_mdl"]),
    ("single operators", ["acl_rt", "acl_op_executor", "acl_op_compiler"]),
    ("data transfer and dump", ["acl_rt", "acl_tdt_channel", "acl_tdt_queue", "ascend_dump"]),
]


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", str(lib)], check=True, capture_output=True,
                         text=True).stdout
    return {p[2] for p in (line.split() for line in out.splitlines()) if len(p) == 3 and p[1] in "TWDBRi"}


def check_exports(libdir):
    ok = True
    for row, provided, missing in gen_libs.rows():
        lib = libdir / row["library"]
        if row.get("provided") is False:
            if lib.exists():
                ok = False
                print("%s: not provided (%s), but the file exists" % (row["library"], row["why"]))
            print("%-24s not provided: %s" % (row["library"], row["why"]))
            continue
        want = gen_libs.exports(row, provided)
        have = exported(lib)
        for what, names in (("not exported", want - have), ("exported beyond the table", have - want)):
            if names:
                ok = False
                print("%s: %s: %s" % (row["library"], what, ", ".join(sorted(names)[:40])))
        print("%-24s %4d exported, %4d of CANN's functions missing" % (row["library"], len(have), len(missing)))
    return ok


def check_links(libdir, include, cc):
    provided = {row["library"]: (row, names) for row, names, _ in gen_libs.rows()}
    decls = gen_libs.declared()
    pkg_inc = include.parent / "pkg_inc"
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for title, libs in KINDS:
            names, headers = [], sorted((include / "acl").glob("*.h"))
            for lib in libs:
                row, functions = provided["lib%s.so" % lib]
                for pattern in row.get("headers", []):
                    headers += [h for h in sorted(include.glob(pattern)) + sorted(pkg_inc.glob(pattern))
                                if h not in headers]
                # Every function the row provides that a header declares (the
                # rows' explicit Impl names are not declared anywhere public).
                names += [n for n in functions if n not in names and (n in decls or not row.get("symbols")
                                                                         or n not in row["symbols"])]
            src = pathlib.Path(tmp) / "uses.c"
            lines = ["#include <stdio.h>"]
            lines += ['#include "%s"' % (h.relative_to(pkg_inc) if pkg_inc in h.parents else h.relative_to(include))
                      for h in headers]
            lines += ["typedef void (*Fn)(void);", "static Fn uses[] = {"]
            lines += ["  (Fn)&%s," % n for n in names]
            lines += ["  0};", "int main(void) {", "  int n = 0;",
                      "  for (unsigned i = 0; i + 1 < sizeof(uses) / sizeof(uses[0]); ++i) n += uses[i] != 0;",
                      '  printf("%d\\n", n);', "  return 0;", "}", ""]
            src.write_text("\n".join(lines))
            exe = pathlib.Path(tmp) / "uses"
            cmd = [cc, "-Wno-deprecated-declarations", "-I", str(include), "-I", str(pkg_inc), str(src), "-o", str(exe),
                   "-L", str(libdir)] + ["-l" + lib for lib in libs] + ["-Wl,-rpath," + str(libdir)]
            built = subprocess.run(cmd, capture_output=True, text=True)
            if built.returncode != 0:
                ok = False
                print("%s: linking %s fails:\n%s" % (title, " ".join(libs), built.stderr[-3000:]))
                continue
            ran = subprocess.run([str(exe)], capture_output=True, text=True)
            if ran.returncode != 0 or ran.stdout.strip() != str(len(names)):
                ok = False
                print("%s: the program exits %d printing %r, expected %d" % (title, ran.returncode,
                                                                            ran.stdout.strip(), len(names)))
                continue
            print("%s: %d functions resolve from -l%s" % (title, len(names), " -l".join(libs)))
    return ok


def main():
    mode, libdir = sys.argv[1], pathlib.Path(sys.argv[2])
    if mode == "exports":
        return 0 if check_exports(libdir) else 1
    return 0 if check_links(libdir, pathlib.Path(sys.argv[3]), sys.argv[4]) else 1


if __name__ == "__main__":
    sys.exit(main())
