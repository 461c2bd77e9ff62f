# aclsim toolkit environment, the variables a CANN toolkit's set_env.sh sets.
# Source it (bash, zsh, ksh or sh):   . <toolkit>/set_env.sh
# The same file is installed as <toolkit>/set_env.sh and
# <toolkit>/bin/setenv.bash. The toolkit root is found from the script's own
# path (a moved tree works; a symlinked .../ascend-toolkit/latest is kept as
# written, not resolved); sourcing it twice leaves every list as once.
# Under a plain POSIX sh, which cannot tell a sourced file its path, set
# ACLSIM_TOOLKIT_ROOT first or source it by a path ending in set_env.sh.

if [ -n "${BASH_SOURCE:-}" ]; then
  _aclsim_self="${BASH_SOURCE}"
elif [ -n "${ZSH_VERSION:-}" ]; then
  eval '_aclsim_self="${(%):-%x}"'
elif [ -n "${ACLSIM_TOOLKIT_ROOT:-}" ]; then
  _aclsim_self="${ACLSIM_TOOLKIT_ROOT}/set_env.sh"
else
  _aclsim_self="$0"
fi
_aclsim_dir="$(cd "$(dirname "${_aclsim_self}")" >/dev/null 2>&1 && pwd)"
if [ -e "${_aclsim_dir}/lib64/libascendcl.so" ]; then
  _aclsim_root="${_aclsim_dir}"
elif [ -e "${_aclsim_dir}/../lib64/libascendcl.so" ]; then
  _aclsim_root="$(cd "${_aclsim_dir}/.." && pwd)"
else
  _aclsim_root=""
  echo "[aclsim] set_env.sh: cannot find the toolkit root from '${_aclsim_self}'" >&2
fi

# _aclsim_prepend NAME DIR: DIR first in the colon list NAME, once.
_aclsim_prepend() {
  eval "_aclsim_old=\"\${$1:-}\""
  _aclsim_new="$2"
  _aclsim_rest="${_aclsim_old}"
  while [ -n "${_aclsim_rest}" ]; do
    case "${_aclsim_rest}" in
      *:*) _aclsim_item="${_aclsim_rest%%:*}"; _aclsim_rest="${_aclsim_rest#*:}" ;;
      *) _aclsim_item="${_aclsim_rest}"; _aclsim_rest="" ;;
    esac
    if [ -n "${_aclsim_item}" ] && [ "${_aclsim_item}" != "$2" ]; then
      _aclsim_new="${_aclsim_new}:${_aclsim_item}"
    fi
  done
  eval "$1=\"\${_aclsim_new}\""
  export "$1"
}

if [ -n "${_aclsim_root}" ]; then
  ASCEND_TOOLKIT_HOME="${_aclsim_root}"
  ASCEND_HOME_PATH="${_aclsim_root}"
  ASCEND_AICPU_PATH="${_aclsim_root}"
  ASCEND_OPP_PATH="${_aclsim_root}/opp"
  TOOLCHAIN_HOME="${_aclsim_root}/toolkit"
  export ASCEND_TOOLKIT_HOME ASCEND_HOME_PATH ASCEND_AICPU_PATH ASCEND_OPP_PATH TOOLCHAIN_HOME
  _aclsim_prepend PATH "${_aclsim_root}/tools/profiler/bin"
  _aclsim_prepend PATH "${_aclsim_root}/bin"
  _aclsim_prepend LD_LIBRARY_PATH "${_aclsim_root}/lib64"
  _aclsim_prepend PYTHONPATH "${_aclsim_root}/python/site-packages"
  _aclsim_prepend CMAKE_PREFIX_PATH "${_aclsim_root}/lib64/cmake"
fi
unset _aclsim_self _aclsim_dir _aclsim_root _aclsim_old _aclsim_new _aclsim_rest _aclsim_item
unset -f _aclsim_prepend 2>/dev/null || true
