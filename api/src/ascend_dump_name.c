/* A library named libascend_dump.so with no symbols, linked into
 * libascendcl.so only for its name (api/CMakeLists.txt): libascendcl.so then
 * needs libascend_dump.so, as CANN's does through libacl_rt.so, and the
 * loader finds the real one beside it. Never installed. */
typedef int aclsim_ascend_dump_name_unit;
