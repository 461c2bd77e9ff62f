#!/usr/bin/env python3
"""Fails when a document names a repository path that does not exist.

Every path a document names is checked against the tracked files (git
ls-files) and the folders they are in:

  * a word that starts with a top-level folder of the tree
    (`runtime/device/backend.h`, tests/conformance/, scripts/gen/gen_api.py)
    must be a tracked file or a folder holding one;
  * a bare file name in backquotes (`op_work.cc`, `sim_options.h`) must be the
    name of some tracked file;
  * a relative Markdown link ([mspti.md](mspti.md)) must resolve from the
    document's folder.

A path with a `*` must match a tracked file. Paths with a placeholder
(`<backend>`) and the build- and install-tree
paths listed in NOT_IN_TREE are not looked up, nor those under a folder
that is still to come (COMING). Exits 1 and lists each
missing path with its line.
  scripts/check/check_doc_paths.py docs/architecture.md README.md
"""
import fnmatch
import os
import pathlib
import re
import subprocess
import sys

# Paths documents name that are not in the source tree, each with where it is.
NOT_IN_TREE = {
    "generated/api/src/registered_backends.cc",  # the build tree (api/CMakeLists.txt writes it)
    "tools/profiler/bin/msprof",  # the install tree, at CANN's path
    "bin/atc",  # the install tree
}
# Folders docs/architecture.md places before they exist ("Where the coming
# paths go"); a path under one is not looked up until the folder lands.
COMING = ("runtime/exec", "kernels")
FILE_EXT = r"(?:cc|h|c|inc|py|sh|md|txt|json|cmake|map|csv|onnx|om)"
WORD = re.compile(r"(?<![\w./<-])((?:\.ci|[a-z_]+)/[\w.\-/*]*[\w/*])")
BARE = re.compile(r"^[\w.\-]+\." + FILE_EXT + "$")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CODE = re.compile(r"`([^`]+)`")


def tracked(root):
    out = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True, check=True).stdout
    files = set(out.split())
    folders = {str(pathlib.PurePosixPath(f).parent) for f in files}
    for f in list(folders):
        parts = f.split("/")
        folders.update("/".join(parts[:i]) for i in range(1, len(parts)))
    return files, folders


def missing_paths(doc, root):
    files, folders = tracked(root)
    top = {f.split("/")[0] for f in files if "/" in f}
    names = {pathlib.PurePosixPath(f).name for f in files}
    doc_dir = pathlib.PurePosixPath(doc.relative_to(root).as_posix()).parent
    problems = []
    in_fence = False
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            in_fence = not in_fence
        for link in LINK.findall(line):
            if "://" in link or link.startswith("mailto:"):
                continue
            target = os.path.normpath((doc_dir / link).as_posix())
            if target not in files and target not in folders:
                problems.append(f"{doc.name}:{number}: link {link} ({target}) does not exist")
        for word in WORD.findall(line):
            if word.split("/")[0] not in top or word in NOT_IN_TREE:
                continue
            path = word.rstrip("/.")
            if any(path == c or path.startswith(c + "/") for c in COMING):
                continue
            if "*" in path:
                if not fnmatch.filter(files, path):
                    problems.append(f"{doc.name}:{number}: no tracked file matches {word}")
            elif path not in files and path not in folders:
                problems.append(f"{doc.name}:{number}: {word} does not exist")
        if in_fence:
            continue
        for span in CODE.findall(line):
            if BARE.match(span) and "/" not in span and span not in names:
                problems.append(f"{doc.name}:{number}: no tracked file is named {span}")
    return problems


def main(argv):
    root = pathlib.Path(__file__).resolve().parents[2]
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    problems = []
    for name in argv:
        problems += missing_paths((root / name).resolve() if not os.path.isabs(name) else pathlib.Path(name), root)
    for p in problems:
        print(p)
    if problems:
        print(f"check_doc_paths: {len(problems)} missing path(s)", file=sys.stderr)
        return 1
    print(f"check_doc_paths: every path named in {', '.join(argv)} exists")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
