"""What every generator in scripts/gen/ shares: loading a spec file as a
module, and writing its outputs or, with --check, listing the stale ones."""
import importlib.util
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load_module(name, path):
    """The Python file |path| (a spec such as runtime/model/op_types.py) as a module."""
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_outputs(outputs, check, generator, remove=()):
    """Writes each {path: text} of |outputs| that differs from the file, and
    deletes the files in |remove|; with |check|, changes nothing and prints
    what is stale instead. Returns the exit status: 1 when |check| found a
    stale file, else 0. |generator| is the script to rerun, named in the
    message."""
    stale = [pathlib.Path(p) for p in remove]
    for path, text in outputs.items():
        if path.exists() and path.read_text() == text:
            continue
        stale.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    if not check:
        for path in remove:
            pathlib.Path(path).unlink()
        return 0
    for path in stale:
        print("stale: %s (run %s)" % (path.relative_to(ROOT), generator), file=sys.stderr)
    return 1 if stale else 0
