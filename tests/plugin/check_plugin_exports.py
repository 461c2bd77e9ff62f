#!/usr/bin/env python3
"""Checks that a backend plugin exports exactly aclsimBackendGetApi.

A plugin carries its own static copy of the runtime and simulator; none of it
may leak into the dynamic symbol table (docs/backend_abi.md).
Usage: check_plugin_exports.py PLUGIN.so
"""
import subprocess
import sys


def main():
    out = subprocess.run(["nm", "-D", "--defined-only", sys.argv[1]], check=True, capture_output=True,
                         text=True).stdout
    names = sorted(p[2] for p in (line.split() for line in out.splitlines())
                   if len(p) == 3 and p[1] in ("T", "W", "D", "B", "R", "V", "u", "i"))
    print("%s exports: %s" % (sys.argv[1], ", ".join(names) or "<nothing>"))
    return 0 if names == ["aclsimBackendGetApi"] else 1


if __name__ == "__main__":
    sys.exit(main())
