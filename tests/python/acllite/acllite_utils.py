"""Memory helpers of the acllite-shaped helper layer: device and host
buffers, copies between them and numpy arrays, and the return-code check."""
import acl
import numpy as np

import acllite_logger as log
import constants as const

# ACL data types → numpy dtypes (acl_base.h's aclDataType).
NUMPY_TYPES = {0: np.float32, 1: np.float16, 2: np.int8, 3: np.int32, 4: np.uint8, 6: np.int16, 7: np.uint16,
               8: np.uint32, 9: np.int64, 10: np.uint64, 11: np.float64, 12: np.bool_}


class AclLiteError(Exception):
    def __init__(self, message, ret):
        super().__init__("%s failed: ret=%d (%s)" % (message, ret, acl.get_recent_err_msg()))
        self.ret = ret


def check_ret(message, ret):
    if ret != const.ACL_SUCCESS:
        log.log_error(message, "failed, ret", ret)
        raise AclLiteError(message, ret)


def host_ptr(data):
    """A pointer to the bytes of |data| (bytes or a numpy array), and the
    object that keeps them alive."""
    if isinstance(data, np.ndarray):
        data = np.ascontiguousarray(data).tobytes()
    if "bytes_to_ptr" in dir(acl.util):
        return acl.util.bytes_to_ptr(data), data
    array = np.frombuffer(data, np.uint8)
    return acl.util.numpy_to_ptr(array), array


def malloc_device(size):
    ptr, ret = acl.rt.malloc(size, const.ACL_MEM_MALLOC_NORMAL_ONLY)
    check_ret("acl.rt.malloc", ret)
    return ptr


def copy_to_device(data, run_mode):
    """Copies bytes or an array to new device memory; returns (ptr, size)."""
    ptr, keep = host_ptr(data)
    size = len(keep) if isinstance(keep, bytes) else keep.nbytes
    dev = malloc_device(size)
    kind = const.ACL_MEMCPY_HOST_TO_DEVICE if run_mode == const.ACL_HOST else const.ACL_MEMCPY_DEVICE_TO_DEVICE
    check_ret("acl.rt.memcpy", acl.rt.memcpy(dev, size, ptr, size, kind))
    return dev, size


def copy_to_numpy(dev, size, dtype, shape, run_mode):
    """Reads |size| bytes of device memory back as an array of |shape|."""
    out = np.zeros(size, np.uint8).tobytes()
    ptr, _ = host_ptr(out)
    kind = const.ACL_MEMCPY_DEVICE_TO_HOST if run_mode == const.ACL_HOST else const.ACL_MEMCPY_DEVICE_TO_DEVICE
    check_ret("acl.rt.memcpy", acl.rt.memcpy(ptr, size, dev, size, kind))
    return np.frombuffer(out, dtype).reshape(shape).copy()


def copy_to_dvpp(data):
    """Copies to DVPP memory (acl.media), which image preprocessing uses."""
    size = len(data)
    dev, ret = acl.media.dvpp_malloc(size)
    check_ret("acl.media.dvpp_malloc", ret)
    return dev, size
