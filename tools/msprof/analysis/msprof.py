#!/usr/bin/env python3
"""msprof.py: msprof's analysis entry point, at the path frameworks look for.

Installed at <toolkit>/tools/profiler/profiler_tool/analysis/msprof/msprof.py
(torch_npu and MindSpore check that it exists and is executable; MindSpore
runs "msprof.py export {timeline,summary,db} -dir PROF_x"). aclsim's exports
are regenerated from the raw data by its msprof command, so "export timeline"
and "export summary" both run "msprof --export=on --output=<dir>" (which
writes every exported file), "export db" "msprof --export=on --type=db".
Exit codes as msprof.py's: 0 done, 1 a bad parameter or a failed export, 2 a
bad path. Not served: query, import, analyze (exit 1 with a message).
"""
import argparse
import os
import shutil
import subprocess
import sys

MSPROF = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "bin", "msprof"))


def main():
    parser = argparse.ArgumentParser(prog="msprof.py")
    sub = parser.add_subparsers(dest="command")
    export = sub.add_parser("export")
    export.add_argument("kind", choices=["timeline", "summary", "db"])
    export.add_argument("-dir", "--collection-dir", dest="dir", required=True)
    export.add_argument("--iteration-id", type=int)
    export.add_argument("--model-id", type=int)
    export.add_argument("--iteration-count", type=int, default=1)
    export.add_argument("--format", choices=["csv", "json"], default="csv")
    export.add_argument("-reports", dest="reports")
    export.add_argument("--clear", action="store_true")
    for name in ("query", "import", "analyze"):
        other = sub.add_parser(name)
        other.add_argument("rest", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command != "export":
        print("[ERROR] msprof.py %s is not supported by aclsim" % (args.command or "(no command)"))
        return 1
    directory = args.dir.lstrip("=")
    if not os.path.isdir(directory):
        print("[ERROR] The path %s does not exist or is not a directory" % directory)
        return 2
    if (args.iteration_id is None) != (args.model_id is None):
        print("[ERROR] --model-id and --iteration-id must be given together")
        return 1
    if args.iteration_id is not None and args.model_id != 4294967295:
        print("[ERROR] exporting one model's iterations is not supported by aclsim yet")
        return 1
    msprof = MSPROF if os.access(MSPROF, os.X_OK) else shutil.which("msprof")
    if msprof is None:
        print("[ERROR] msprof is neither at %s nor on PATH" % MSPROF)
        return 1
    command = [msprof, "--export=on", "--output=" + directory] + (["--type=db"] if args.kind == "db" else [])
    done = subprocess.run(command, check=False)
    return 0 if done.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
