"""A model as the acllite-shaped helper layer runs it: loaded from a file or
from memory, executed on numpy inputs, its outputs read back as numpy arrays
of the model's shapes and types."""
import acl

import acllite_logger as log
import acllite_utils as utils
import constants as const


class AclLiteModel:
    def __init__(self, model, load_type=const.LOAD_FROM_FILE):
        self.run_mode, ret = acl.rt.get_run_mode()
        utils.check_ret("acl.rt.get_run_mode", ret)
        if load_type == const.LOAD_FROM_FILE:
            self.model_id, ret = acl.mdl.load_from_file(model)
            utils.check_ret("acl.mdl.load_from_file", ret)
        else:
            ptr, self._model_bytes = utils.host_ptr(model)
            self.model_id, ret = acl.mdl.load_from_mem(ptr, len(model))
            utils.check_ret("acl.mdl.load_from_mem", ret)
        self.desc = acl.mdl.create_desc()
        utils.check_ret("acl.mdl.get_desc", acl.mdl.get_desc(self.desc, self.model_id))
        self.input_count = acl.mdl.get_num_inputs(self.desc)
        self.output_count = acl.mdl.get_num_outputs(self.desc)
        self.dynamic_batch = self._dynamic_batch()
        self.output_dataset = self._output_dataset()
        log.log_info("model", self.model_id, "loaded:", self.input_count, "inputs,", self.output_count, "outputs")

    def _dynamic_batch(self):
        """The model's batch sizes, or None for a model without dynamic batch."""
        _, ret = acl.mdl.get_input_index_by_name(self.desc, const.DYNAMIC_BATCH_INPUT)
        if ret != const.ACL_SUCCESS:
            return None
        batch, ret = acl.mdl.get_dynamic_batch(self.desc)
        utils.check_ret("acl.mdl.get_dynamic_batch", ret)
        return batch["batch"]

    def _output_dataset(self):
        dataset = acl.mdl.create_dataset()
        for i in range(self.output_count):
            size = acl.mdl.get_output_size_by_index(self.desc, i)
            ptr = utils.malloc_device(size)
            buffer = acl.create_data_buffer(ptr, size)
            _, ret = acl.mdl.add_dataset_buffer(dataset, buffer)
            if ret != const.ACL_SUCCESS:
                acl.rt.free(ptr)
                acl.destroy_data_buffer(buffer)
                utils.check_ret("acl.mdl.add_dataset_buffer", ret)
        return dataset

    def _input_dataset(self, inputs):
        dataset = acl.mdl.create_dataset()
        for array in inputs:
            ptr, size = utils.copy_to_device(array, self.run_mode)
            buffer = acl.create_data_buffer(ptr, size)
            _, ret = acl.mdl.add_dataset_buffer(dataset, buffer)
            utils.check_ret("acl.mdl.add_dataset_buffer", ret)
        return dataset

    def execute(self, inputs):
        """Runs the model on a list of numpy arrays; returns its outputs."""
        if len(inputs) != self.input_count:
            raise ValueError("the model takes %d inputs, got %d" % (self.input_count, len(inputs)))
        input_dataset = self._input_dataset(inputs)
        try:
            utils.check_ret("acl.mdl.execute", acl.mdl.execute(self.model_id, input_dataset, self.output_dataset))
            return self._outputs()
        finally:
            self._destroy_dataset(input_dataset)

    def _outputs(self):
        outputs = []
        for i in range(acl.mdl.get_dataset_num_buffers(self.output_dataset)):
            buffer = acl.mdl.get_dataset_buffer(self.output_dataset, i)
            ptr = acl.get_data_buffer_addr(buffer)
            size = int(acl.get_data_buffer_size(buffer))
            dims, ret = acl.mdl.get_output_dims(self.desc, i)
            utils.check_ret("acl.mdl.get_output_dims", ret)
            dtype = utils.NUMPY_TYPES[acl.mdl.get_output_data_type(self.desc, i)]
            outputs.append(utils.copy_to_numpy(ptr, size, dtype, tuple(dims["dims"]), self.run_mode))
        return outputs

    @staticmethod
    def _destroy_dataset(dataset):
        for i in range(acl.mdl.get_dataset_num_buffers(dataset)):
            buffer = acl.mdl.get_dataset_buffer(dataset, i)
            utils.check_ret("acl.rt.free", acl.rt.free(acl.get_data_buffer_addr(buffer)))
            utils.check_ret("acl.destroy_data_buffer", acl.destroy_data_buffer(buffer))
        utils.check_ret("acl.mdl.destroy_dataset", acl.mdl.destroy_dataset(dataset))

    def destroy(self):
        self._destroy_dataset(self.output_dataset)
        utils.check_ret("acl.mdl.unload", acl.mdl.unload(self.model_id))
        utils.check_ret("acl.mdl.destroy_desc", acl.mdl.destroy_desc(self.desc))
        log.log_info("model", self.model_id, "unloaded")
