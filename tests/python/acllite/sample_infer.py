"""A pyACL program in acllite's style: runs a model once on generated inputs
and prints its outputs' shapes and types.

  python3 sample_infer.py MODEL [--mem]
(--mem loads the model from memory instead of from the file)."""
import sys

import acl
import numpy as np

import acllite_logger as log
import acllite_utils as utils
import constants as const
from acllite_model import AclLiteModel
from acllite_resource import AclLiteResource


def input_arrays(model):
    arrays = []
    for i in range(model.input_count):
        dims, ret = acl.mdl.get_input_dims(model.desc, i)
        utils.check_ret("acl.mdl.get_input_dims", ret)
        dtype = utils.NUMPY_TYPES[acl.mdl.get_input_data_type(model.desc, i)]
        count = int(np.prod(dims["dims"]))
        arrays.append((np.arange(count) % 7).astype(dtype).reshape(dims["dims"]))
    return arrays


def main(argv):
    resource = AclLiteResource()
    resource.init()
    if "--mem" in argv:
        with open(argv[1], "rb") as f:
            model = AclLiteModel(f.read(), const.LOAD_FROM_MEM)
    else:
        model = AclLiteModel(argv[1])
    outputs = model.execute(input_arrays(model))
    for i, out in enumerate(outputs):
        print("output %d: %s %s" % (i, out.shape, out.dtype))
    log.log_info("ran", len(outputs), "output(s)")
    model.destroy()
    resource.release()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
