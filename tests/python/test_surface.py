"""The module's surface against its list and pyACL's function index.

api/python/pyacl_functions.txt is the module's list of functions (the
generator, scripts/gen/gen_pyacl.py, writes the not-supported ones and the
lenient wrappers from it); tests/python/pyacl_index.txt is pyACL's own index
of those functions. Every listed function must exist, every one without a
hand-written binding must answer ACL_ERROR_API_NOT_SUPPORT in pyACL's shape
with a message, and the lenient ones must ignore extra positional arguments.
"""
import pathlib
import re

import pytest

import acl
from conftest import ACL_SUCCESS

ROOT = pathlib.Path(__file__).resolve().parents[2]
ACL_ERROR_API_NOT_SUPPORT = 200001
MODULES = ["acl", "rt", "mdl", "prof", "util", "op", "blas", "media"]


def read_list():
    rows = []
    for line in (ROOT / "api/python/pyacl_functions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            module, name, returns, c, flags = line.split()
            rows.append((module, name, returns, c, set() if flags == "-" else set(flags.split(","))))
    return rows


def read_index():
    """{section: [names]}: one section per submodule (pyACL's method tables)
    and "docs" (the documentation's function indexes)."""
    index, module = {}, None
    for line in (ROOT / "tests/python/pyacl_index.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            module = line.strip("[]")
            index[module] = []
        else:
            index[module].extend(line.split())
    return index


def not_supported():
    text = (ROOT / "api/python/generated/pyacl_table.inc").read_text()
    return re.findall(r'ACLSIM_PYACL_NOT_SUPPORTED\("(\w+)", "(\w+)", "((?:[^"\\]|\\.)*)"\)', text)


def module_of(name):
    return acl if name == "acl" else getattr(acl, name)


def expected(returns):
    """What a not-supported function of shape |returns| gives."""
    slot = {"0": 0, "0.0": 0.0, "None": None, '\\"\\"': "", '""': "", "{}": {}, "[]": [],
            "ret": ACL_ERROR_API_NOT_SUPPORT}
    if returns == "void":
        return None
    if returns.startswith("="):
        return slot[returns[1:]]
    if returns.startswith("("):
        return tuple(slot[s] for s in returns[1:-1].split(","))
    return slot[returns]


ROWS = read_list()
STUBS = not_supported()


def test_list_is_the_method_tables_index():
    index = read_index()
    assert sorted(index) == sorted(MODULES + ["docs"])
    for module in MODULES:
        listed = [name for m, name, _, _, flags in ROWS if m == module and not flags & {"extra", "docs"}]
        assert len(listed) == len(set(listed)), module
        assert sorted(listed) == sorted(index[module]), module
    counts = {m: len(index[m]) for m in MODULES}
    assert counts == {"acl": 47, "rt": 182, "mdl": 83, "prof": 36, "util": 7, "op": 32, "blas": 12, "media": 164}


def test_list_has_every_documented_function():
    docs = read_index()["docs"]
    assert (len(docs), len(set(docs))) == (400, 395)
    listed = {name for _, name, *_ in ROWS}
    assert sorted(set(docs) - listed) == []
    docs_only = sorted(name for _, name, _, _, flags in ROWS if "docs" in flags)
    assert docs_only == ["device_get_limit", "device_set_limit", "launch_kernel_with_host_args"]
    assert set(docs_only) <= set(docs)


def test_module_has_exactly_the_listed_functions():
    for module in MODULES:
        m = module_of(module)
        names = {n for n in dir(m) if not n.startswith("_") and callable(getattr(m, n))
                 and not isinstance(getattr(m, n), type(acl))}
        assert names == {name for mod, name, *_ in ROWS if mod == module}, module


def test_extras_are_aclsim_additions():
    assert [(m, n) for m, n, _, _, flags in ROWS if "extra" in flags] == [("rt", "get_soc_name")]


def test_not_supported_shapes_and_messages():
    assert len(STUBS) == 383
    assert {m for m, _, _ in STUBS} == set(MODULES) - {"prof", "util"}
    for module, name, returns in STUBS:
        fn = getattr(module_of(module), name)
        api = "acl.%s" % name if module == "acl" else "acl.%s.%s" % (module, name)
        want = expected(returns)
        assert fn() == want, api
        assert fn(1, "two", None) == want, api
        assert acl.get_recent_err_msg() == (
            "[aclsim] error 200001: %s is not implemented by aclsim (see docs/python_api_coverage.md)" % api)


@pytest.mark.parametrize("call, want", [
    (lambda: acl.media.dvpp_malloc(1024), (0, ACL_ERROR_API_NOT_SUPPORT)),
    (lambda: acl.media.dvpp_free(1), ACL_ERROR_API_NOT_SUPPORT),
    (lambda: acl.media.dvpp_create_pic_desc(), 0),
    (lambda: acl.blas.create_handle_for_hgemm(0, 0, 1, 1, 1, 0, 0, 0, 0), (0, ACL_ERROR_API_NOT_SUPPORT)),
    (lambda: acl.rt.get_primary_ctx_state(0), (0, 0, ACL_ERROR_API_NOT_SUPPORT)),
    (lambda: acl.mdl.get_first_aipp_info(1, 0), (None, ACL_ERROR_API_NOT_SUPPORT)),
    (lambda: acl.mdl.create_and_get_op_desc(0, 0, 0, 64), ("", 0, 0, 0, 0, ACL_ERROR_API_NOT_SUPPORT)),
    (lambda: acl.get_cann_attribute_list(), ([], 0, ACL_ERROR_API_NOT_SUPPORT)),
    (lambda: acl.get_device_capability(0, 0), (0, ACL_ERROR_API_NOT_SUPPORT)),
    (lambda: acl.mdl.dump_unreg_callback(), None),
])
def test_not_supported_examples(call, want):
    assert call() == want


def test_not_supported_takes_no_keywords():
    with pytest.raises(TypeError):
        acl.media.dvpp_malloc(size=1024)


def test_lenient_functions_ignore_extra_positional_arguments(device):
    lenient = sorted((m, n) for m, n, _, _, flags in ROWS if "lenient" in flags)
    assert len(lenient) == 31
    assert acl.rt.synchronize_device(device) == ACL_SUCCESS
    assert acl.rt.synchronize_device(0, "ignored", None) == ACL_SUCCESS
    assert acl.rt.get_run_mode(0) == (1, ACL_SUCCESS)
    assert acl.rt.get_device(5) == (0, ACL_SUCCESS)
    assert acl.rt.get_device_count(1, 2) == (1, ACL_SUCCESS)
    assert acl.get_version(0) == (1, 17, 0, ACL_SUCCESS)
    stream, ret = acl.rt.create_stream(7)
    assert ret == ACL_SUCCESS and stream != 0
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
    dataset = acl.mdl.create_dataset("x")
    assert dataset != 0
    assert acl.mdl.destroy_dataset(dataset) == ACL_SUCCESS
    size, ret = acl.prof.get_op_desc_size(3)
    assert ret == ACL_SUCCESS and size > 0 and acl.prof.get_op_desc_size() == (size, ret)
    assert acl.get_recent_err_msg(1) == acl.get_recent_err_msg()


def test_lenient_functions_say_so():
    assert acl.rt.synchronize_device.__doc__ == (
        "synchronize_device(*args) -> object\n\nsynchronize_device() -> ret (releases the GIL). As in pyACL, extra "
        "positional arguments are accepted and ignored.\n")


def test_strict_functions_still_refuse_wrong_arguments():
    with pytest.raises(TypeError, match=r"^acl\.rt\.set_device args parse failed"):
        acl.rt.set_device()
    with pytest.raises(TypeError, match=r"^acl\.data_type_size args parse failed"):
        acl.data_type_size(0, 1)
    with pytest.raises(TypeError, match=r"^acl\.app_log args parse failed"):
        acl.app_log("info", 1)
