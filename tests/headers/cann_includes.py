"""The #include lines of CANN's public headers, one row per header aclsim installs.

What a program sees after including a header is what that header includes,
transitively: a program built against CANN may call malloc with only
securec.h included, because CANN's securectype.h includes <stdlib.h>. Each
row records, for one header aclsim installs, the direct #include lines of
CANN's header of the same name, in CANN's order and spelling, and the file
and commit they were read from. check_includes.py compares aclsim's
installed headers with these rows and compiles one translation unit per
header that uses the names CANN's includes provide (docs/headers.md).

Row fields:
  header    path under the install prefix ("include/acl/acl.h")
  cann      CANN has a header of this name (False: aclsim's own)
  source    (repository, path, commit) CANN's header was read from; None for
            aclsim's own and where no indexed repository holds it
  includes  CANN's direct includes, as spelled: "<stdint.h>", '"acl_base.h"'
            (the default configuration on Linux: no kernel build, no MSVC)
  c         CANN's header compiles as C (all it includes is C)
  ours      aclsim's direct includes as C++ sees them, where they are not
            CANN's; ours_c the same as C sees them, where it differs again
  why       why ours differs, or why CANN has no such header
  internal  a CANN-internal header aclsim does not install: a row only so
            that the transitive closure of the headers including it is
            known
"""

RUNTIME = ("hicann/runtime", "681ef7610df13c8128982901142a2c869ddbb53e")
GE = ("hicann/ge", "ffdcbc9f7496c17a98c1d12762c61ed608ef3503")
OPBASE = ("hicann/opbase", "aa3cd74b7f6d772acd64ff48292a7e65a9bc8142")
MATH = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214")
NN = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921")
TRANSFORMER = ("hicann/ops-transformer", "c29bc1069d3252c641e2aa059ec88f392d3f05ac")
MSPTI = ("Ascend/mspti", "a38916051d9a10467591f05c564f2f80985ee292")
MSTX = ("xiaobingling93-pixel/Ascend-mstx", "7941d2debb130972bc4f514de86831dace93e503")
BOUNDSCHECK = ("openeuler-mirror/libboundscheck", "43f394077b34f894aa1e650467426c34378fb460")
# An installed CANN 8.1.RC1 toolkit: the aclnn headers CANN's operator build
# generates (no source file holds them).
TOOLKIT_81 = ("leideng/CANN-8.1.RC1", "4332a0134a96cfea4a4f6673690a81075c1e4dfb")
TOOLKIT_81_ACLNNOP = "Ascend/ascend-toolkit/8.1.RC1/opp/built-in/op_impl/ai_core/tbe/op_api/include/aclnnop/"

# Headers a change adds before they are installed: the test skips a listed
# header while it is not installed, and neither requires nor refuses
# includes of it. Empty when every row's header is installed.
PENDING = ()


def row(header, source, path, includes, c=True, ours=None, ours_c=None, why=None, internal=False, cann=True):
    src = None if source is None else {"repo": source[0], "path": path, "commit": source[1]}
    return {"header": header, "cann": cann, "source": src, "includes": list(includes), "c": c, "ours": ours,
            "ours_c": ours_c, "why": why, "internal": internal}


def acl(name, source, path, includes, **kw):
    return row("include/acl/" + name, source, path, includes, **kw)


# What most operator headers include.
OP_INCLUDES = ('"aclnn/aclnn_base.h"', '"aclnn_util.h"')


def op(name, source, path, includes=OP_INCLUDES, **kw):
    return row("include/aclnnop/" + name, source, path, includes, c=False, **kw)


# The aclnn operator headers CANN's operator build generates: they include
# aclnn/acl_meta.h only.
def generated_op(name, source=TOOLKIT_81):
    return op(name, source, TOOLKIT_81_ACLNNOP + name if source else None, ['"aclnn/acl_meta.h"'])


ROWS = [
    # ---- acl/ (hicann/runtime include/external/acl; the model and operator
    # headers come from hicann/ge, whose files overwrite the empty placeholders
    # hicann/runtime installs under these names) ----
    acl("acl.h", RUNTIME, "include/external/acl/acl.h", ['"acl_rt.h"', '"acl_op.h"', '"acl_mdl.h"']),
    acl("acl_base.h", RUNTIME, "include/external/acl/acl_base.h",
        ['"acl/acl_base_rt.h"', '"acl/acl_base_mdl.h"', '"error_codes/rt_error_codes.h"',
         '"error_codes/ge_error_codes.h"']),
    acl("acl_base_rt.h", RUNTIME, "include/external/acl/acl_base_rt.h", ["<stdint.h>", "<stddef.h>"]),
    acl("acl_base_mdl.h", GE, "inc/external/acl/acl_base_mdl.h",
        ["<stdint.h>", "<stddef.h>", '"acl/acl_base_rt.h"']),
    acl("acl_rt.h", RUNTIME, "include/external/acl/acl_rt.h",
        ["<stdint.h>", "<stddef.h>", "<stdbool.h>", '"acl_base.h"', '"acl_rt_allocator.h"']),
    acl("acl_mdl.h", GE, "inc/external/acl/acl_mdl.h", ["<stddef.h>", "<stdint.h>", '"acl_base.h"', '"acl_rt.h"']),
    acl("acl_op.h", GE, "inc/external/acl/acl_op.h", ['"acl_base.h"', '"acl_rt.h"', '"acl_dump.h"']),
    acl("acl_op_compiler.h", GE, "inc/external/acl/acl_op_compiler.h", ['"acl_base.h"', '"acl_op.h"']),
    acl("acl_prof.h", RUNTIME, "include/external/acl/acl_prof.h", ['"acl_base.h"']),
    acl("acl_dump.h", RUNTIME, "include/external/acl/acl_dump.h", ["<stdint.h>", '"acl_base.h"']),
    acl("acl_tdt.h", RUNTIME, "include/external/acl/acl_tdt.h", ['"acl/acl_base.h"']),
    acl("acl_tdt_queue.h", RUNTIME, "include/external/acl/acl_tdt_queue.h", ['"acl/acl_base.h"']),
    acl("acl_rt_allocator.h", RUNTIME, "include/external/acl/acl_rt_allocator.h", ['"acl_base.h"']),
    acl("error_codes/ge_error_codes.h", RUNTIME, "include/external/acl/error_codes/ge_error_codes.h",
        ["<stddef.h>", "<stdint.h>"]),
    acl("error_codes/rt_error_codes.h", RUNTIME, "include/external/acl/error_codes/rt_error_codes.h",
        ["<stddef.h>"]),
    # CANN installs it as include/msprof/toolchain/prof_acl_api.h, C++ only.
    acl("prof_acl_api.h", RUNTIME, "src/dfx/msprof/inc/toolchain/prof_acl_api.h",
        ["<cstdint>", "<cstddef>", '"prof_data_config.h"'], c=False,
        ours=["<cstdint>", "<cstddef>", '"acl_prof.h"'],
        ours_c=["<stdint.h>", "<stddef.h>", "<stdbool.h>", '"acl_prof.h"'],
        why="aclsim does not ship prof_data_config.h (CANN's profiling-switch constants, over aprof_pub.h, "
            "whose declarations are therefore not visible through it); the header includes acl_prof.h "
            "instead, for the aclprof types its declarations use, and also compiles as C, where it includes "
            "the C forms of <cstdint> and <cstddef> and <stdbool.h>"),
    acl("prof_data_config.h", RUNTIME, "src/dfx/msprof/inc/toolchain/prof_data_config.h", ['"aprof_pub.h"'],
        internal=True),
    acl("aclsim_ext.h", None, None, [], cann=False, ours=["<stddef.h>", "<stdint.h>", '"acl_base.h"'],
        why="aclsim's own API (aclsim* functions); CANN has no such header"),
    # ---- aclnn/ (hicann/opbase include/nnopbase/aclnn; C++ only in CANN) ----
    row("include/aclnn/acl_meta.h", OPBASE, "include/nnopbase/aclnn/acl_meta.h",
        ["<cstdint>", "<cstdlib>", '"acl/acl_base.h"'], c=False,
        ours_c=["<stdbool.h>", "<stdint.h>", "<stdlib.h>", '"acl/acl_base.h"'],
        why="also compiles as C, where it includes <stdint.h> and <stdlib.h> for <cstdint> and <cstdlib>, "
            "and <stdbool.h> for bool"),
    row("include/aclnn/aclnn_base.h", OPBASE, "include/nnopbase/aclnn/aclnn_base.h",
        ["<cstdint>", "<cstdlib>", '"aclnn/acl_meta.h"'], c=False,
        ours_c=["<stdint.h>", "<stdlib.h>", '"aclnn/acl_meta.h"'],
        why="also compiles as C, where it includes <stdint.h> and <stdlib.h> for <cstdint> and <cstdlib>"),
    # ---- aclnnop/ (hicann/ops-math, ops-nn, ops-transformer op_api headers;
    # C++ only in CANN, since aclnn/aclnn_base.h is) ----
    row("include/aclnnop/aclnn_util.h", OPBASE, "include/aclnnop/aclnn_util.h", []),
    op("aclnn_add.h", MATH, "math/add/op_api/aclnn_add.h"),
    op("aclnn_addmm.h", NN, "matmul/mat_mul_v3/op_host/op_api/aclnn_addmm.h"),
    op("aclnn_amax.h", MATH, "math/reduce_max/op_api/aclnn_amax.h"),
    # Generated by CANN's operator build; read from a public copy whose
    # repository the index does not name (guard ACLNN_APPLY_ADAM_H_).
    op("aclnn_apply_adam.h", None, None, ['"aclnn/acl_meta.h"']),
    op("aclnn_apply_adam_w.h", NN, "optim/apply_adam_w/op_api/aclnn_apply_adam_w.h"),
    op("aclnn_apply_adam_w_v2.h", NN, "optim/apply_adam_w_v2/op_host/op_api/aclnn_apply_adam_w_v2.h"),
    op("aclnn_avgpool2d.h", NN, "pooling/avg_pool3_d/op_api/aclnn_avgpool2d.h"),
    op("aclnn_batch_matmul.h", NN, "matmul/batch_mat_mul_v3/op_host/op_api/aclnn_batch_matmul.h"),
    op("aclnn_cast.h", MATH, "math/cast/op_api/aclnn_cast.h"),
    op("aclnn_cat.h", MATH, "conversion/concat_d/op_api/aclnn_cat.h"),
    op("aclnn_convolution.h", NN, "conv/convolution_forward/op_host/op_api/aclnn_convolution.h"),
    op("aclnn_convolution_backward.h", NN, "conv/convolution_backward/op_api/aclnn_convolution_backward.h"),
    op("aclnn_copy.h", MATH, "conversion/view_copy/op_api/aclnn_copy.h"),
    generated_op("aclnn_cross_entropy_loss.h"),
    generated_op("aclnn_cross_entropy_loss_grad.h"),
    op("aclnn_div.h", MATH, "math/div/op_api/aclnn_div.h"),
    op("aclnn_embedding.h", NN, "index/embedding/op_api/aclnn_embedding.h"),
    op("aclnn_embedding_dense_backward.h", NN, "index/embedding_dense_grad_v2/op_api/aclnn_embedding_dense_backward.h"),
    op("aclnn_exp.h", MATH, "math/exp/op_api/aclnn_exp.h"),
    op("aclnn_fill_scalar.h", MATH, "conversion/fill/op_api/aclnn_fill_scalar.h"),
    op("aclnn_flash_attention_score.h", TRANSFORMER,
       "attention/flash_attention_score/op_host/op_api/aclnn_flash_attention_score.h", ['"aclnn/aclnn_base.h"']),
    op("aclnn_flash_attention_score_grad.h", TRANSFORMER,
       "attention/flash_attention_score_grad/op_host/op_api/aclnn_flash_attention_score_grad.h",
       ['"aclnn/aclnn_base.h"']),
    op("aclnn_fused_sgd.h", NN, "optim/fused_sgd/op_api/aclnn_fused_sgd.h"),
    op("aclnn_gelu.h", NN, "activation/gelu/op_api/aclnn_gelu.h"),
    op("aclnn_gelu_backward.h", NN, "activation/gelu_grad/op_api/aclnn_gelu_backward.h"),
    op("aclnn_layer_norm.h", NN, "norm/layer_norm_v4/op_host/op_api/aclnn_layer_norm.h"),
    op("aclnn_layer_norm_backward.h", NN, "norm/layer_norm_grad_v3/op_host/op_api/aclnn_layer_norm_backward.h"),
    op("aclnn_logsoftmax.h", NN, "activation/log_softmax_v2/op_api/aclnn_logsoftmax.h"),
    op("aclnn_matmul.h", NN, "matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.h"),
    op("aclnn_max.h", MATH, "math/reduce_max/op_api/aclnn_max.h"),
    op("aclnn_max_pool2d_with_indices.h", NN,
       "pooling/max_pool3d_with_argmax_v2/op_api/aclnn_max_pool2d_with_indices.h"),
    op("aclnn_mean.h", MATH, "math/reduce_mean/op_api/aclnn_mean.h"),
    op("aclnn_mm.h", NN, "matmul/mat_mul_v3/op_host/op_api/aclnn_mm.h"),
    op("aclnn_mul.h", MATH, "math/mul/op_api/aclnn_mul.h"),
    op("aclnn_permute.h", MATH, "conversion/transpose/op_api/aclnn_permute.h"),
    op("aclnn_reduce_sum.h", MATH, "math/reduce_sum/op_api/aclnn_reduce_sum.h"),
    op("aclnn_relu.h", NN, "activation/relu/op_api/aclnn_relu.h"),
    generated_op("aclnn_rms_norm.h"),
    generated_op("aclnn_rms_norm_grad.h"),
    op("aclnn_sigmoid.h", NN, "activation/sigmoid/op_api/aclnn_sigmoid.h"),
    op("aclnn_sigmoid_backward.h", NN, "activation/sigmoid_grad/op_api/aclnn_sigmoid_backward.h"),
    op("aclnn_silu.h", NN, "activation/swish/op_api/aclnn_silu.h"),
    op("aclnn_silu_backward.h", NN, "activation/silu_grad/op_api/aclnn_silu_backward.h"),
    op("aclnn_softmax.h", NN, "activation/softmax_v2/op_api/aclnn_softmax.h"),
    op("aclnn_softmax_backward.h", NN, "activation/softmax_grad/op_api/aclnn_softmax_backward.h",
       ["<array>", '"aclnn/aclnn_base.h"', '"aclnn_util.h"'],
       ours_c=['"aclnn/aclnn_base.h"', '"aclnn_util.h"'],
       why="also compiles as C, where it leaves out the C++ header <array>"),
    op("aclnn_split_tensor.h", MATH, "conversion/split_v/op_api/aclnn_split_tensor.h"),
    op("aclnn_split_with_size.h", MATH, "conversion/split_v/op_api/aclnn_split_with_size.h"),
    op("aclnn_sub.h", MATH, "math/sub/op_api/aclnn_sub.h"),
    op("aclnn_threshold_backward.h", NN, "activation/threshold_grad_v2_d/op_api/aclnn_threshold_backward.h"),
    op("aclnn_zero.h", MATH, "math/zero_op/op_api/aclnn_zero.h"),
    # ---- mspti/ (Ascend/mspti csrc/include) ----
    row("include/mspti/mspti.h", MSPTI, "csrc/include/mspti.h",
        ['"mspti_activity.h"', '"mspti_result.h"', '"mspti_callback.h"', '"mspti_cbid.h"']),
    row("include/mspti/mspti_activity.h", MSPTI, "csrc/include/mspti_activity.h",
        ["<stddef.h>", "<stdbool.h>", "<stdint.h>", '"mspti_result.h"'],
        ours=["<stddef.h>", "<stdbool.h>", "<stdint.h>", '"mspti_result.h"', '"mspti_callback.h"'],
        why="also declares msptiActivityGetEnabledKinds, whose msptiSubscriberHandle parameter "
            "mspti_callback.h defines (no Ascend/mspti branch declares that function yet); "
            "mspti_callback.h adds only what mspti.h includes anyway"),
    row("include/mspti/mspti_callback.h", MSPTI, "csrc/include/mspti_callback.h",
        ["<stdint.h>", '"mspti_result.h"', '"mspti_cbid.h"'],
        ours=["<stddef.h>", "<stdint.h>", '"mspti_result.h"', '"mspti_cbid.h"'],
        why="also declares msptiSupportedDomains, which takes a size_t* (no Ascend/mspti branch declares "
            "it yet)"),
    row("include/mspti/mspti_cbid.h", MSPTI, "csrc/include/mspti_cbid.h", []),
    row("include/mspti/mspti_result.h", MSPTI, "csrc/include/mspti_result.h", []),
    # ---- mstx/ (msTX c/include/mstx: header-only, the calls reach the tool
    # through mstx_detail/mstx_impl.h) ----
    row("include/mstx/ms_tools_ext.h", MSTX, "c/include/mstx/ms_tools_ext.h",
        ["<stdint.h>", "<stddef.h>", '"ms_tools_ext_mem.h"', '"mstx_detail/mstx_types.h"',
         '"mstx_detail/mstx_impl.h"'],
        ours=["<stddef.h>", "<stdint.h>", "<dlfcn.h>", "<sched.h>", "<stdio.h>", "<stdlib.h>", "<sys/types.h>",
              "<unistd.h>", '"acl/acl_base.h"', '"mstx/ms_tools_ext_mem.h"'],
        why="aclsim ships no mstx_detail/ headers: its header-only implementation is in this header, which "
            "includes the system headers mstx_detail/mstx_impl.h includes, and acl/acl_base.h for aclrtStream "
            "(CANN's typedefs it in place); it includes ms_tools_ext_mem.h as CANN's does"),
    row("include/mstx/ms_tools_ext_mem.h", MSTX, "c/include/mstx/ms_tools_ext_mem.h", ["<stdint.h>", "<stddef.h>"],
        ours=['"mstx/ms_tools_ext.h"'],
        why="uses MSTX_API and mstxDomainHandle_t from ms_tools_ext.h (CANN's declares its own); through it an "
            "includer sees <stdint.h> and <stddef.h>, and more"),
    row("include/mstx/mstx_detail/mstx_types.h", MSTX, "c/include/mstx/mstx_detail/mstx_types.h", [],
        internal=True),
    row("include/mstx/mstx_detail/mstx_impl.h", MSTX, "c/include/mstx/mstx_detail/mstx_impl.h",
        ["<unistd.h>", "<stdlib.h>", "<stdio.h>", "<sys/types.h>", "<sched.h>", "<dlfcn.h>", '"mstx_types.h"',
         '"mstx_init_defs.h"', '"mstx_impl_core.h"'], internal=True),
    row("include/mstx/mstx_detail/mstx_init_defs.h", MSTX, "c/include/mstx/mstx_detail/mstx_init_defs.h", [],
        internal=True),
    row("include/mstx/mstx_detail/mstx_impl_core.h", MSTX, "c/include/mstx/mstx_detail/mstx_impl_core.h", [],
        internal=True),
    # ---- securec (libboundscheck include/) ----
    row("include/securec.h", BOUNDSCHECK, "include/securec.h", ['"securectype.h"', "<stdarg.h>", "<errno.h>"]),
    row("include/securectype.h", BOUNDSCHECK, "include/securectype.h",
        ["<stdio.h>", "<string.h>", "<stdlib.h>", "<stddef.h>"]),
    # ---- pkg_inc/ (hicann/runtime pkg_inc) ----
    row("pkg_inc/profiling/aprof_pub.h", RUNTIME, "pkg_inc/profiling/aprof_pub.h", ["<stddef.h>", "<stdint.h>"]),
    # ---- aclsim's own ----
    row("include/aclsim/backend_c_api.h", None, None, [], cann=False, ours=["<stddef.h>", "<stdint.h>"],
        why="aclsim's device-backend plugin ABI; CANN has no such header"),
]

# Where a CANN include does not resolve by the compiler's rule (the including
# header's directory, then the include roots) in aclsim's layout: CANN keeps
# prof_data_config.h beside its own copy of aprof_pub.h.
RESOLVE = {("include/acl/prof_data_config.h", '"aprof_pub.h"'): "pkg_inc/profiling/aprof_pub.h"}
