#!/usr/bin/env python3
"""The isolated runner's expected-failure lists (isolated_main.cc).

  runner_test.py FIXTURE_BINARY

Runs tests/testing/runner_fixture.cc's cases through --aclsim_isolate and
checks the exit code, the printed lines and the tally line of each case: a
listed case that fails is an expected failure and the run passes; a listed
case that passes or skips fails the run; an unlisted failure fails it; a
malformed list is refused.
"""
import os
import subprocess
import sys
import tempfile

failures = []


def run(binary, cases, listing=None, tmp=None):
    args = [binary, "--aclsim_isolate", "--gtest_filter=" + ":".join("Runner." + c for c in cases),
            "--aclsim_tally_name=T"]
    env = dict(os.environ)
    tally = os.path.join(tmp, "tally.txt")
    if os.path.exists(tally):
        os.remove(tally)
    env["ACLSIM_TEST_TALLY"] = tally
    if listing is not None:
        path = os.path.join(tmp, "list.txt")
        with open(path, "w") as f:
            f.write(listing)
        args.append("--aclsim_expected_failures=" + path)
    p = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    text = open(tally).read() if os.path.exists(tally) else ""
    return p.returncode, p.stdout + p.stderr, text


def check(what, cond, output):
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}\n--- output ---\n{output}\n--------------")


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        rc, out, tally = run(binary, ["Passes", "Fails", "Crashes"],
                             "# known\nRunner.Fails  asserts what only the simulator gives\n"
                             "Runner.Crashes\tcrashes on this backend\n", tmp)
        check("listed failures: exit 0", rc == 0, out)
        check("listed failure printed with its reason",
              "aclsim-isolated: EXPECTED FAILURE Runner.Fails (asserts what only the simulator gives)" in out, out)
        check("listed crash printed", "aclsim-isolated: EXPECTED FAILURE Runner.Crashes (crashes on this backend)" in out,
              out)
        check("listed failures: tally line",
              "aclsim-isolated: 3 run, 1 passed, 0 skipped, 2 expected failures, 0 failed" in out, out)
        check("listed failures: tally file", tally == "T\t3\t1\t0\t2\t0\n", tally)

        rc, out, tally = run(binary, ["Passes", "Fails"], "Runner.Passes  used to fail\nRunner.Fails  fails\n", tmp)
        check("listed pass: exit 1", rc == 1, out)
        check("listed pass: named", "aclsim-isolated: FAILED Runner.Passes: unexpectedly passed: remove it from the list "
              in out, out)
        check("listed pass: tally", tally == "T\t2\t0\t0\t1\t1\n", tally)

        rc, out, tally = run(binary, ["Skips"], "Runner.Skips  skips\n", tmp)
        check("listed skip: exit 1", rc == 1, out)
        check("listed skip: named", "FAILED Runner.Skips: unexpectedly skipped: remove it from the list" in out, out)

        rc, out, tally = run(binary, ["Passes", "Fails", "Skips"], "Runner.Other  not selected here\n", tmp)
        check("unlisted failure: exit 1", rc == 1, out)
        check("unlisted failure: named", "aclsim-isolated: FAILED Runner.Fails\n" in out, out)
        check("unlisted failure: tally", tally == "T\t3\t1\t1\t0\t1\n", tally)

        rc, out, tally = run(binary, ["Passes", "Fails"], None, tmp)
        check("no list: exit 1", rc == 1, out)
        check("no list: tally", "aclsim-isolated: 2 run, 1 passed, 0 skipped, 0 expected failures, 1 failed" in out, out)

        for bad, why in (("Runner.Fails\n", "no reason"), ("Fails  no suite\n", "no suite"),
                         ("Runner.Fails  a\nRunner.Fails  b\n", "listed twice")):
            rc, out, tally = run(binary, ["Fails"], bad, tmp)
            check(f"malformed list ({why}): exit 2", rc == 2, out)
            check(f"malformed list ({why}): no case ran", tally == "", out)
    print("runner_test: " + ("ok" if not failures else f"{len(failures)} check(s) failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
