"""The ACL resources of a program: init, one device, a context and a stream,
released in reverse order."""
import acl

import acllite_logger as log
import acllite_utils as utils


class AclLiteResource:
    def __init__(self, device_id=0):
        self.device_id = device_id
        self.context = None
        self.stream = None
        self.run_mode = None

    def init(self):
        utils.check_ret("acl.init", acl.init())
        utils.check_ret("acl.rt.set_device", acl.rt.set_device(self.device_id))
        self.context, ret = acl.rt.create_context(self.device_id)
        utils.check_ret("acl.rt.create_context", ret)
        self.stream, ret = acl.rt.create_stream()
        utils.check_ret("acl.rt.create_stream", ret)
        self.run_mode, ret = acl.rt.get_run_mode()
        utils.check_ret("acl.rt.get_run_mode", ret)
        log.log_info("resources ready on device", self.device_id)

    def release(self):
        if self.stream:
            utils.check_ret("acl.rt.destroy_stream", acl.rt.destroy_stream(self.stream))
            self.stream = None
        if self.context:
            utils.check_ret("acl.rt.destroy_context", acl.rt.destroy_context(self.context))
            self.context = None
        utils.check_ret("acl.rt.reset_device", acl.rt.reset_device(self.device_id))
        utils.check_ret("acl.finalize", acl.finalize())
        log.log_info("resources released")
