"""Constants of the acllite-shaped helper layer (pyACL exposes none: every
pyACL program defines the ACL values it uses, as acllite's constants.py
does)."""
ACL_SUCCESS = 0
ACL_ERROR_API_NOT_SUPPORT = 200001

# aclrtRunMode
ACL_DEVICE = 0
ACL_HOST = 1

# aclrtMemMallocPolicy, aclrtMemcpyKind
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEM_MALLOC_NORMAL_ONLY = 2
ACL_MEMCPY_HOST_TO_HOST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2
ACL_MEMCPY_DEVICE_TO_DEVICE = 3

# aclLogLevel
ACL_DEBUG = 0
ACL_INFO = 1
ACL_WARNING = 2
ACL_ERROR = 3

# Model load types of AclLiteModel.
LOAD_FROM_FILE = 0
LOAD_FROM_MEM = 1

# The input a dynamic-batch model carries its batch size in.
DYNAMIC_BATCH_INPUT = "ascend_mbatch_shape_data"
