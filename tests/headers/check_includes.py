#!/usr/bin/env python3
"""Each installed public header makes visible what CANN's of the same name does.

  check_includes.py --build BUILD_DIR --cc CC --cxx CXX [--keep DIR]
  check_includes.py --prefix INSTALL_PREFIX --cc CC --cxx CXX

Installs BUILD_DIR to a temporary prefix (cmake --install, as a user's
toolkit is laid out), or takes an installed prefix, and checks, against tests/headers/cann_includes.py:

  rows      every header under include/ and pkg_inc/ has a row, and every row
            (but CANN-internal ones) names an installed header; only the four
            PENDING headers may be missing, and are then skipped (while they
            are listed there, other headers may include them or not);
  direct    each header's #include lines, as C++ and as C see them (an
            #ifdef __cplusplus branch counts for one of the two), name the
            same headers as the row: CANN's includes, or the row's own list
            where it says why it differs; compared as resolved paths, in any
            order;
  names     one translation unit per header that includes exactly that
            header and uses names of every system header CANN's header
            includes, directly or through the headers it includes (malloc
            and printf for securec.h, uint32_t for <stdint.h>, ...), compiled
            as C++, and as C where CANN's header is C; warnings are allowed,
            errors are not.

Prints one line per header and exits non-zero on any failure.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cann_includes  # noqa: E402

ROOTS = ("include", "pkg_inc")

# What each system header provides, used as its includer would: (file-scope
# code, statements). The statements run in a block of their own.
C_NAMES = {
    "stdint.h": ("", "uint32_t u32 = UINT32_MAX; int64_t i64 = INT64_MIN; uintptr_t up = 0;"
                     " (void)u32; (void)i64; (void)up;"),
    "stddef.h": ("struct aclsim_use_offsetof { char c; int m; };",
                 "size_t sz = offsetof(struct aclsim_use_offsetof, m); ptrdiff_t pd = 0; void *np = NULL;"
                 " (void)sz; (void)pd; (void)np;"),
    "stdbool.h": ("", "bool b = true; b = false; (void)b;"),
    "stdio.h": ("", "char buf[8]; FILE *f = stdout; (void)f; printf(\"%d\\n\", 1);"
                    " (void)snprintf(buf, sizeof buf, \"%s\", \"x\");"),
    "string.h": ("", "char d[4]; memcpy(d, \"abc\", 4); memset(d, 0, sizeof d); (void)strlen(d);"
                     " (void)strcmp(d, d);"),
    "stdlib.h": ("", "void *p = malloc(4); free(p); (void)getenv(\"HOME\"); (void)atoi(\"1\");"),
    "stdarg.h": ("static int aclsim_use_va(int n, ...) { va_list ap; va_start(ap, n); n = va_arg(ap, int);"
                 " va_end(ap); return n; }", "(void)aclsim_use_va(1, 2);"),
    "errno.h": ("", "int e = errno; e = EINVAL; e = ERANGE; (void)e;"),
    "unistd.h": ("", "(void)getpid(); (void)sysconf(_SC_PAGESIZE);"),
    "sys/types.h": ("", "pid_t pid = 0; ssize_t ss = 0; (void)pid; (void)ss;"),
    "sched.h": ("", "(void)sched_yield();"),
    "dlfcn.h": ("", "void *h = dlopen(NULL, RTLD_LAZY); (void)dlsym(h, \"x\"); (void)dlclose(h);"),
}
CXX_NAMES = {
    "cstdint": ("", "std::uint32_t u = UINT32_MAX; std::int64_t i = INT64_MIN; (void)u; (void)i;"),
    "cstddef": ("", "std::size_t s = 0; std::ptrdiff_t d = 0; std::nullptr_t n = nullptr;"
                    " (void)s; (void)d; (void)n;"),
    "cstdlib": ("", "void *p = std::malloc(4); std::free(p); p = malloc(4); free(p);"
                    " (void)std::getenv(\"HOME\");"),
    "array": ("", "std::array<int, 2> a = {{1, 2}}; (void)a;"),
}

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"][^>"]+[>"])')
COND_RE = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)")


def direct_includes(text):
    """{"c++": [...], "c": [...]}: the #include lines each language sees.
    Only conditions on __cplusplus are evaluated; others count as true."""
    views = {"c++": [], "c": []}
    stack = []  # per open conditional: {"c++": taken, "c": taken} or None (not a __cplusplus test)
    for line in text.splitlines():
        m = COND_RE.match(line)
        if m:
            kind, rest = m.group(1), m.group(2).strip()
            if kind in ("if", "ifdef", "ifndef"):
                cond = None
                body = rest.replace(" ", "")
                if kind == "ifdef" and rest == "__cplusplus" or body in ("defined(__cplusplus)", "defined__cplusplus"):
                    cond = {"c++": True, "c": False}
                elif kind == "ifndef" and rest == "__cplusplus" or body in ("!defined(__cplusplus)",):
                    cond = {"c++": False, "c": True}
                stack.append(cond)
            elif kind == "else" and stack and stack[-1] is not None:
                stack[-1] = {lang: not taken for lang, taken in stack[-1].items()}
            elif kind == "elif" and stack:
                stack[-1] = None
            elif kind == "endif" and stack:
                stack.pop()
            continue
        m = INCLUDE_RE.match(line)
        if m:
            for lang in views:
                if all(c is None or c[lang] for c in stack):
                    views[lang].append(m.group(1))
    return views


def resolve(spelled, including, universe):
    """The prefix-relative path a quoted include names (the including
    header's directory first, then the roots), or the spelling itself."""
    if spelled.startswith("<"):
        return spelled
    name = spelled[1:-1]
    override = cann_includes.RESOLVE.get((including, spelled))
    if override:
        return override
    for base in [os.path.dirname(including)] + list(ROOTS):
        candidate = os.path.normpath(os.path.join(base, name))
        if candidate in universe:
            return candidate
    return spelled + " (unresolved from " + including + ")"


def install(build, prefix):
    subprocess.run(["cmake", "--install", build, "--prefix", prefix], check=True, stdout=subprocess.DEVNULL)


def installed_headers(prefix):
    found = set()
    for root in ROOTS:
        for path in (Path(prefix) / root).rglob("*.h"):
            found.add(str(path.relative_to(prefix)))
    return found


def closure(header, rows, universe, seen=None):
    """The system headers CANN's |header| includes, directly or through the
    headers it includes, in first-seen order."""
    seen = set() if seen is None else seen
    if header in seen or header not in rows:
        return []
    seen.add(header)
    row = rows[header]
    includes = row["includes"] if row["cann"] else row["ours"]
    out = []
    for spelled in includes:
        target = resolve(spelled, header, universe)
        if target.startswith("<"):
            if target not in out:
                out.append(target)
        else:
            for sub in closure(target, rows, universe, seen):
                if sub not in out:
                    out.append(sub)
    return out


def translation_unit(header, systems, lang):
    names = C_NAMES if lang == "c" else dict(C_NAMES, **CXX_NAMES)
    include_name = header.split("/", 1)[1]
    lines = ['#include "%s"' % include_name, "",
             "/* Names the system headers CANN's %s includes provide: %s. */" % (include_name, " ".join(systems))]
    body = []
    for system in systems:
        key = system[1:-1]
        if key not in names:
            raise SystemExit("check_includes.py: no names listed for %s (add it to C_NAMES or CXX_NAMES)" % system)
        file_scope, statements = names[key]
        if file_scope:
            lines.append(file_scope)
        body.append("  { " + statements + " }")
    lines += ["void aclsim_include_test_use(void);", "void aclsim_include_test_use(void) {"] + body + ["}", ""]
    return "\n".join(lines)


def compile_tu(compiler, lang, source, prefix):
    std = "-std=c11" if lang == "c" else "-std=c++11"
    cmd = [compiler, "-x", "c" if lang == "c" else "c++", std, "-fsyntax-only",
           "-I", os.path.join(prefix, "include"), "-I", os.path.join(prefix, "pkg_inc"), source]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc.returncode == 0, proc.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--build", help="install this build tree to a temporary prefix and check that")
    where.add_argument("--prefix", help="check this install prefix as it is")
    parser.add_argument("--cc", required=True)
    parser.add_argument("--cxx", required=True)
    parser.add_argument("--keep", help="write the translation units here and keep the install")
    args = parser.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="aclsim-headers-")
    os.makedirs(work, exist_ok=True)
    prefix = args.prefix or os.path.join(work, "prefix")
    if args.build:
        install(args.build, prefix)
    installed = installed_headers(prefix)
    rows = {}
    for row in cann_includes.ROWS:
        if row["header"] in rows:
            raise SystemExit("cann_includes.py: two rows for " + row["header"])
        rows[row["header"]] = row
    pending = set(cann_includes.PENDING)
    universe = installed | set(rows)
    failures = []

    for header in sorted(installed - set(rows)):
        failures.append(header + ": installed, but cann_includes.py has no row for it")
    for header, row in sorted(rows.items()):
        if header not in installed and not row["internal"] and header not in pending:
            failures.append(header + ": row in cann_includes.py, but not installed")

    tus = []
    results = {}
    for header in sorted(installed & set(rows)):
        row = rows[header]
        text = (Path(prefix) / header).read_text()
        ours = direct_includes(text)
        want_cxx = row["ours"] if row["ours"] is not None else row["includes"]
        want = {"c++": want_cxx, "c": row["ours_c"] if row["ours_c"] is not None else want_cxx}
        problems = []
        for lang in ("c++", "c"):
            # An include of a PENDING header is neither required nor refused
            # while it is listed there, installed or not.
            expected = {resolve(s, header, universe) for s in want[lang]} - pending
            actual = {resolve(s, header, universe) for s in ours[lang]} - pending
            if expected != actual:
                problems.append("%s includes %s, the row wants %s (missing %s, extra %s)" % (
                    lang, sorted(actual), sorted(expected), sorted(expected - actual), sorted(actual - expected)))
        if (row["ours"] is not None or row["ours_c"] is not None) and not row["why"]:
            problems.append("the row differs from CANN's includes but does not say why")
        results[header] = problems
        systems = closure(header, rows, universe)
        for lang in (("c++", "c") if row["c"] else ("c++",)):
            tus.append((header, lang, systems))

    def run(job):
        header, lang, systems = job
        name = header.replace("/", "_").replace(".", "_") + (".c" if lang == "c" else ".cc")
        source = os.path.join(work, name)
        Path(source).write_text(translation_unit(header, systems, lang))
        ok, output = compile_tu(args.cc if lang == "c" else args.cxx, lang, source, prefix)
        return header, lang, ok, output

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for header, lang, ok, output in pool.map(run, tus):
            if not ok:
                results[header].append("the %s translation unit does not compile:\n%s" % (lang, output))

    passed = 0
    for header in sorted(results):
        langs = "C++ and C" if rows[header]["c"] else "C++"
        if results[header]:
            for problem in results[header]:
                failures.append(header + ": " + problem)
            print("FAIL %s" % header)
        else:
            passed += 1
            row = rows[header]
            if not row["cann"]:
                how = "aclsim's own, includes as its row lists"
            elif row["ours"] is None and row["ours_c"] is None:
                how = "includes as CANN's"
            else:
                how = "includes as CANN's but for what the row lists"
            print("ok   %s (%s; names compiled as %s)" % (header, how, langs))
    for header in sorted(pending - installed):
        print("skip %s (not installed yet)" % header)
    print("%d of %d installed headers pass; %d translation units" % (passed, len(results), len(tus)))
    for failure in failures:
        print("FAIL: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
