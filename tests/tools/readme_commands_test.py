#!/usr/bin/env python3
"""Every command in the README's shell blocks is run by a named test or CI stage.

RUNS maps each command (as written, without its trailing comment) to what
runs it: a stage of .ci/run, whose line must hold the command, or a test,
whose name must be registered with CTest (or be a script of check_tree.sh)
and whose file must hold the text given as evidence of running it. A README
command missing from the table fails, and so does a table row the README
no longer has, so the table and the README cannot drift apart.
  readme_commands_test.py [SOURCE_DIR]
"""
import pathlib
import re
import subprocess
import sys

# command -> (kind, runner, file holding the evidence, evidence)
RUNS = {
    "scripts/demo.sh": (
        "test", "Demo.ReadmeCommandsRun", "tests/tools/demo_commands_test.sh", "check\n"),
    "scripts/demo.sh models/sample_mlp.json --iterations 3 --limit 20": (
        "test", "Demo.ReadmeCommandsRun", "tests/tools/demo_commands_test.sh",
        "check models/sample_mlp.json --iterations 3 --limit 20\n"),
    "scripts/test.sh": ("ci", "plain suite", ".ci/run", 'stage "plain suite" scripts/test.sh\n'),
    "scripts/test.sh --sanitize=address": (
        "ci", "ASan + UBSan suite", ".ci/run", 'stage "ASan + UBSan suite" scripts/test.sh --sanitize=address\n'),
    "scripts/test.sh --sanitize=thread": (
        "ci", "TSan suite", ".ci/run", 'stage "TSan suite" scripts/test.sh --sanitize=thread\n'),
    # The plain suite's build installed: the portable conformance stage installs
    # build/test, and the toolkit test installs the build it runs in.
    "cmake --install build/test --prefix /opt/aclsim": (
        "test", "Toolkit.InstallSetEnvAndSamples", "tests/toolkit/toolkit_test.sh",
        'cmake --install "$build" --prefix "$prefix"'),
    "source /opt/aclsim/set_env.sh": (
        "test", "Toolkit.InstallSetEnvAndSamples", "tests/toolkit/toolkit_test.sh", "source '$latest/set_env.sh'"),
    # A program with its own CMakeLists.txt, configured and built after set_env.sh.
    "cmake -S my_app -B my_app/build && cmake --build my_app/build": (
        "test", "Toolkit.InstallSetEnvAndSamples", "tests/toolkit/toolkit_test.sh",
        "cmake -S '$src/tests/install_consumer' -B '$tmp/consumer' >/dev/null && cmake --build '$tmp/consumer'"),
}
FENCE = re.compile(r"^```(?:sh|bash|console)\n(.*?)^```", re.M | re.S)


def readme_commands(text):
    commands = []
    for block in FENCE.findall(text):
        for line in block.splitlines():
            command = re.sub(r"\s+#.*$", "", line).strip()
            if command and not command.startswith("#"):
                commands.append(command)
    return commands


def registered_tests(root):
    out = subprocess.run(["git", "-C", str(root), "ls-files", "*CMakeLists.txt"], capture_output=True, text=True,
                         check=True).stdout.split()
    names = set()
    for path in out:
        names.update(re.findall(r"add_test\(NAME\s+([\w.]+)", (root / path).read_text(encoding="utf-8")))
    return names


def main(argv):
    root = pathlib.Path(argv[1] if len(argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
    commands = readme_commands((root / "README.md").read_text(encoding="utf-8"))
    tests = registered_tests(root)
    problems = []
    for command in commands:
        if command not in RUNS:
            problems.append(f"README command not run by any test or CI stage: {command}")
    for command, (kind, runner, path, evidence) in RUNS.items():
        if command not in commands:
            problems.append(f"table row for a command the README no longer has: {command}")
        if kind == "test" and runner not in tests:
            problems.append(f"{command}: {runner} is not a registered CTest test")
        text = (root / path).read_text(encoding="utf-8")
        if evidence not in text:
            problems.append(f"{command}: {path} ({runner}) does not hold {evidence!r}")
    for p in problems:
        print(p)
    if problems:
        print(f"readme_commands_test: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"readme_commands_test: {len(commands)} README commands, each run by a test or CI stage")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
