#!/usr/bin/env python3
"""Counts the test cases a CTest run ran.

CTest runs most GoogleTest binaries as one test per suite, each case forked
into a process of its own (cmake/AclsimTests.cmake), so CTest's own count is
of suites. Each suite's runner appends its tally to the file $ACLSIM_TEST_TALLY
names ("<ctest name>\\t<run>\\t<passed>\\t<skipped>\\t<xfailed>\\t<failed>"); every
other CTest test counts as one case, with the status CTest's JUnit report
gives. <xfailed> counts the cases of a backend's expected-failure list that
failed as listed (tests/conformance/expected_failures/): they are counted
apart from the passed ones, never as passed.

With --expect-all, every suite that the binaries list (the generated
isolated_tests/*_suites.cmake files, "# aclsim-cases: [==[<name>]==] <n>")
must have run all its cases, so a suite that stops being registered or
running is an error, not a smaller number.

  scripts/check/test_counts.py --junit FILE --tally FILE [--label L] [--expect-all BUILD_DIR]
Prints one line: "<label>: <cases> cases (<passed> passed, <skipped> skipped,
<xfailed> expected failures, <failed> failed) in <tests> CTest tests", and
when there are expected failures a second line naming the suites that had
them: "expected failures: <suite> <n>, ...".
"""
import argparse
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

CASES = re.compile(r"^# aclsim-cases: \[==\[(.*)\]==\] (\d+)$", re.M)


def read_tally(path):
    tally = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, run, passed, skipped, xfailed, failed = line.split("\t")
            tally[name] = tuple(int(v) for v in (run, passed, skipped, xfailed, failed))
    return tally


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--junit", type=pathlib.Path, required=True, help="ctest --output-junit FILE")
    ap.add_argument("--tally", type=pathlib.Path, required=True, help="the $ACLSIM_TEST_TALLY file")
    ap.add_argument("--label", default="tests")
    ap.add_argument("--expect-all", type=pathlib.Path, metavar="BUILD_DIR")
    args = ap.parse_args()
    tally = read_tally(args.tally)
    tests = cases = passed = skipped = xfailed = failed = 0
    xfailed_suites = []
    for case in ET.parse(args.junit).getroot().iter("testcase"):
        name = case.get("name")
        status = case.get("status")
        tests += 1
        if name in tally:
            run, p, s, x, f = tally[name]
            cases += run
            passed += p
            skipped += s
            xfailed += x
            failed += f
            if x:
                xfailed_suites.append(f"{name} {x}")
            if case.find("failure") is not None and f == 0:
                failed += 1  # the suite's runner itself failed
        else:
            cases += 1
            if case.find("failure") is not None or status == "fail":
                failed += 1
            elif case.find("skipped") is not None or status in ("notrun", "disabled"):
                skipped += 1
            else:
                passed += 1
    print(f"{args.label}: {cases} cases ({passed} passed, {skipped} skipped, {xfailed} expected failures, "
          f"{failed} failed) in {tests} CTest tests")
    if xfailed_suites:
        print("expected failures: " + ", ".join(sorted(xfailed_suites)))
    if args.expect_all is None:
        return 0
    expected = {}
    for suites in args.expect_all.rglob("isolated_tests/*_suites.cmake"):
        for name, n in CASES.findall(suites.read_text()):
            expected[name] = int(n)
    bad = 0
    for name in sorted(expected):
        if name not in tally:
            print(f"test_counts: suite {name} ({expected[name]} cases) did not run", file=sys.stderr)
            bad += 1
        elif tally[name][0] != expected[name]:
            print(f"test_counts: suite {name} ran {tally[name][0]} of its {expected[name]} cases", file=sys.stderr)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
