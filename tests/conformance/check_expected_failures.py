#!/usr/bin/env python3
"""Checks a backend's expected-failure list against the conformance binaries.

  check_expected_failures.py LIST BINARY...

LIST holds one "Suite.Case  reason" a line ('#' starts a comment line;
expected_failures/README.md). Every entry must have a reason, appear once,
and name a case that one of the BINARYs lists (--gtest_list_tests): the
runner ignores entries that name no case it runs, so a case that was renamed
or removed would otherwise stay listed without anyone noticing.
Prints "<n> expected failures, every one names a case" or each problem, and
exits non-zero on any.
"""
import re
import subprocess
import sys

ENTRY = re.compile(r"^(\S+)\s+(\S.*)$")


def listed_cases(binary):
    out = subprocess.run([binary, "--gtest_list_tests"], check=True, capture_output=True, text=True).stdout
    cases, suite = set(), None
    for line in out.splitlines():
        if not line.startswith(" ") and line.split("#")[0].strip().endswith("."):
            suite = line.split("#")[0].strip()
        elif line.startswith("  ") and suite is not None:
            cases.add(suite + line.split("#")[0].strip())
    return cases


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    path, binaries = argv[1], argv[2:]
    cases = set()
    for binary in binaries:
        cases |= listed_cases(binary)
    problems, seen = [], set()
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            m = ENTRY.match(text)
            if m is None or "." not in m.group(1):
                problems.append(f'{path}:{number}: expected "Suite.Case  reason", got "{text}"')
                continue
            name = m.group(1)
            if name in seen:
                problems.append(f"{path}:{number}: {name} is listed twice")
            seen.add(name)
            if name not in cases:
                problems.append(f"{path}:{number}: {name} is no case of the conformance binaries: remove it")
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f"{len(seen)} expected failures, every one names a case")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
