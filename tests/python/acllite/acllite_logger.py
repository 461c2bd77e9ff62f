"""Logging of the acllite-shaped helper layer: each line goes to stdout and,
through acl.app_log, into the ACL log (plog), prefixed with the caller's
file, line and function."""
import inspect
import os

import acl

import constants as const


def _log(level, tag, *args):
    caller = inspect.stack()[2]
    message = "[%s:%d %s] %s" % (os.path.basename(caller.filename), caller.lineno, caller.function,
                                 " ".join(str(a) for a in args))
    print("[%s] %s" % (tag, message))
    acl.app_log(level, message)


def log_debug(*args):
    _log(const.ACL_DEBUG, "DEBUG", *args)


def log_info(*args):
    _log(const.ACL_INFO, "INFO", *args)


def log_warning(*args):
    _log(const.ACL_WARNING, "WARNING", *args)


def log_error(*args):
    _log(const.ACL_ERROR, "ERROR", *args)
