#!/usr/bin/env python3
"""Layer rules of the tree (docs/architecture.md), checked on every CI run.

  * runtime/ never includes a header of sim/ or api/src/;
  * sim/ never includes a header of api/ (neither "api/..." nor the public
    "acl/..." headers): the simulator plugs in through runtime/device/;
  * backends/<name>/ includes nothing of api/, sim/ or remote/: a backend
    sees only the device layer and what lies beneath it;
  * runtime/exec/ (the value-computing executors, docs/architecture.md
    "Where the coming paths go") includes from runtime/ only runtime/exec/,
    runtime/model/ and the base headers, and nothing of sim/, api/, remote/
    or backends/; sim/ includes nothing of runtime/exec/ or kernels/ (time
    never depends on values);
  * no CMake target puts the repository root on its include path (each
    target stages its own headers, cmake/AclsimHelpers.cmake);
  * every extern "C" entry point defined in api/src/ (outside generated/) is
    a function-try-block ending in ACLSIM_EDGE_CATCH or
    ACLSIM_EDGE_CATCH_RETURN (api/src/edge.h), so no exception crosses the C
    edge.

The build enforces most include rules by itself (a target sees only the
headers of what it links); this script states them where a reader looks.
Exits 1 and lists every violation.
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)
ENTRY = re.compile(r"^ACL_FUNC_VISIBILITY\b[^;{]*?\b(\w+)\s*\(", re.M)
ROOT_INCLUDE = re.compile(r"target_include_directories\([^)]*\$\{(PROJECT|CMAKE)_SOURCE_DIR\}\s*[)>\s]")


# aclsim::base's headers (runtime/CMakeLists.txt): what runtime/exec/ may
# include from runtime/ beside runtime/model/.
BASE_HEADERS = {"runtime/" + h for h in ("status.h", "log.h", "plog_sink.h", "vendor.h", "checked_math.h",
                                         "time_limits.h", "read_file.h")}


def exec_include_problem(inc):
    top = inc.split("/")[0]
    if top in ("sim", "api", "acl", "remote", "backends", "kernels"):
        return f"runtime/exec/ includes {inc} (it depends only on runtime/model/)"
    if top == "runtime" and not inc.startswith(("runtime/exec/", "runtime/model/")) and inc not in BASE_HEADERS:
        return f"runtime/exec/ includes {inc} (it depends only on runtime/model/)"
    return None


def tracked(*paths):
    out = subprocess.run(["git", "ls-files", *paths], capture_output=True, text=True, check=True).stdout
    return out.split()


def blank_comments_and_strings(text):
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if text[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q:
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = " "
            i = j + 1
            continue
        i += 1
    return "".join(out)


def check_includes(problems):
    for path in tracked("runtime", "sim", "backends"):
        if not path.endswith((".cc", ".h")):
            continue
        text = open(path, encoding="utf-8").read()
        for inc in INCLUDE.findall(text):
            if path.startswith("runtime/") and (inc.startswith("sim/") or inc.startswith("api/src/")):
                problems.append(f"{path}: runtime/ includes {inc}")
            if path.startswith("sim/") and (inc.startswith("api/") or inc.startswith("acl/")):
                problems.append(f"{path}: sim/ includes the api/ header {inc}")
            if path.startswith("sim/") and inc.startswith(("runtime/exec/", "kernels/")):
                problems.append(f"{path}: sim/ includes {inc} (simulated time never depends on values)")
            if path.startswith("runtime/exec/"):
                problem = exec_include_problem(inc)
                if problem:
                    problems.append(f"{path}: {problem}")
            if path.startswith("backends/") and inc.split("/")[0] in ("api", "acl", "sim", "remote"):
                problems.append(f"{path}: a backend includes {inc} (backends see only runtime/device/ and below)")


def check_cmake(problems):
    for path in tracked():
        if not (path.endswith("CMakeLists.txt") or path.endswith(".cmake")):
            continue
        if path.startswith("tests/conformance/portable/"):
            continue  # builds against an external installation, outside this layering
        text = open(path, encoding="utf-8").read()
        for m in ROOT_INCLUDE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{path}:{line}: the repository root on an include path")


def check_edge(problems):
    for path in tracked("api/src"):
        if not path.endswith(".cc") or "/generated/" in path:
            continue
        text = open(path, encoding="utf-8").read()
        code = blank_comments_and_strings(text)
        for m in ENTRY.finditer(code):
            i, depth = m.end(), 1
            while depth:
                depth += {"(": 1, ")": -1}.get(code[i], 0)
                i += 1
            brace = code.index("{", i)
            if code[i:brace].split() != ["try"]:
                problems.append(f"{path}: {m.group(1)} is not a function-try-block (api/src/edge.h)")
                continue
            k, depth = brace + 1, 1
            while depth:
                depth += {"{": 1, "}": -1}.get(code[k], 0)
                k += 1
            handler = code[k:k + 200].lstrip()
            if not handler.startswith("ACLSIM_EDGE_CATCH"):
                problems.append(f"{path}: {m.group(1)} does not end in ACLSIM_EDGE_CATCH")


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    problems = []
    check_includes(problems)
    check_cmake(problems)
    check_edge(problems)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} violation(s)", file=sys.stderr)
        return 1
    print("check_layers: layer rules hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
