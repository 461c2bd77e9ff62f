#!/usr/bin/env python3
"""The generated C edge (scripts/gen/gen_api.py over api/src/edge_api.py): what
the prologues and MSPTI's callback table contain, and that --check rejects a
shim that spells its own name, uses another function's prologue or does not
start with its own."""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts" / "gen"))
import gen_api  # noqa: E402

SPEC = gen_api.load_edge_spec()
FUNCS = gen_api.parse_headers()


def macro(text, name):
    """The body of #define ACLSIM_PROLOGUE_<name> in |text|, one line per item."""
    lines = text.split("\n")
    start = lines.index("#define ACLSIM_PROLOGUE_%s \\" % name)
    body = []
    for line in lines[start + 1:]:
        body.append(line.rstrip(" \\").strip())
        if not line.endswith("\\"):
            return body
    raise AssertionError("unterminated macro")


class Prologues(unittest.TestCase):
    def test_memset_checks_in_order_with_its_callback_id(self):
        text = gen_api.render_prologues(SPEC, FUNCS)
        self.assertEqual(macro(text, "aclrtMemset"), [
            '[[maybe_unused]] static constexpr char kApiName[] = "aclrtMemset";',
            "::aclsim::api::ApiScope api_scope(kApiName, 27);",
            "if (count == 0) return ACL_SUCCESS;",
            'if (devPtr == nullptr) return ::aclsim::api::InvalidParam(kApiName, "devPtr is NULL")',
        ])

    def test_malloc_align32_fires_malloc_and_untimed_functions_have_no_scope(self):
        text = gen_api.render_prologues(SPEC, FUNCS)
        self.assertEqual(macro(text, "aclrtMallocAlign32")[1:], ["::aclsim::api::ApiScope api_scope(kApiName, 15)"])
        self.assertFalse(any("ApiScope" in line for line in macro(text, "aclrtMallocHost")))
        self.assertEqual(macro(text, "aclmdlUnload")[1:], ["::aclsim::api::ApiScope api_scope(kApiName)"])

    def test_callback_names_spell_the_acl_functions_unless_libmspti_spells_them_otherwise(self):
        text = gen_api.render_mspti_callbacks(SPEC)
        self.assertIn('ACLSIM_MSPTI_CALLBACK(RUNTIME, 27, "aclrtMemSet")', text)
        self.assertIn('ACLSIM_MSPTI_CALLBACK(RUNTIME, 28, "aclrtMemSetAsync")', text)
        self.assertIn('ACLSIM_MSPTI_CALLBACK(RUNTIME, 6, "aclrtDestroyContext")', text)
        self.assertIn('ACLSIM_MSPTI_CALLBACK(HCCL, 12, "HcclBatchSendRecv")', text)
        self.assertEqual(text.count("ACLSIM_MSPTI_CALLBACK(RUNTIME,"), 36)

    def test_a_misnumbered_callback_table_is_rejected(self):
        rows = list(SPEC.MSPTI_RUNTIME)
        rows[0], rows[1] = rows[1], rows[0]
        with self.assertRaises(SystemExit):
            gen_api.mspti_ids("RUNTIME", rows)


SHIM = """ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr) try {
  ACLSIM_PROLOGUE(aclrtFree);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH
"""


class Check(unittest.TestCase):
    @staticmethod
    def problems(text):
        spec = type("Spec", (), {"FUNCTIONS": [SPEC.fn("aclrtFree", SPEC.SCOPE, SPEC.null("devPtr"))]})
        return gen_api.check_shims(spec, FUNCS, [("api/src/x.cc", text)])

    def test_a_shim_with_its_prologue_passes(self):
        self.assertEqual(self.problems(SHIM), [])

    def test_a_shim_that_spells_its_name_fails(self):
        text = SHIM.replace("return ACL_SUCCESS;", 'return Convert("aclrtFree", Status());')
        self.assertEqual(self.problems(text),
                         ["api/src/x.cc: aclrtFree spells its own name in a string literal (use kApiName)"])

    def test_a_shim_with_another_functions_prologue_fails(self):
        text = SHIM.replace("ACLSIM_PROLOGUE(aclrtFree);", "ACLSIM_PROLOGUE(aclrtFreeHost);")
        self.assertEqual(self.problems(text), [
            "api/src/x.cc: aclrtFree uses the prologue of aclrtFreeHost",
            "api/src/x.cc: aclrtFree has a row in api/src/edge_api.py but does not start with its prologue",
            "api/src/edge_api.py: the prologue of aclrtFree is used 0 times (once, by its shim)",
        ])

    def test_a_row_without_a_shim_fails(self):
        self.assertEqual(self.problems(""),
                         ["api/src/edge_api.py: the prologue of aclrtFree is used 0 times (once, by its shim)"])


if __name__ == "__main__":
    unittest.main()
