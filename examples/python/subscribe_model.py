#!/usr/bin/env python3
"""subscribe_model.py: the operator-subscription flow of CANN's profiling
sample, written the way pyACL samples are. A reader thread reads whole
records from a pipe (N x get_op_desc_size() bytes per os.read) until EOF and
decodes each with the acl.prof accessors; the main thread loads a model,
subscribes, executes it, unsubscribes (which flushes and closes the pipe's
write end) and joins the reader.

    PYTHONPATH=<build>/python python3 subscribe_model.py MODEL.json [--iterations N]
"""
import argparse
import os
import sys
import threading

import acl

ACL_SUCCESS = 0
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_AICORE_NONE = 0xFF
RECORDS_PER_READ = 10


def check_ret(message, ret):
    if ret != ACL_SUCCESS:
        raise Exception("{} failed ret={}: {}".format(message, ret, acl.get_recent_err_msg()))


if "bytes_to_ptr" in dir(acl.util):
    def to_ptr(data):
        return acl.util.bytes_to_ptr(data)
else:  # older pyACL
    import numpy as np

    def to_ptr(data):
        return acl.util.numpy_to_ptr(np.frombuffer(data, dtype=np.byte))


def prof_data_read(read_fd, rows):
    op_desc_size, ret = acl.prof.get_op_desc_size()
    check_ret("acl.prof.get_op_desc_size", ret)
    while True:
        data = os.read(read_fd, op_desc_size * RECORDS_PER_READ)
        if len(data) == 0:
            break  # model_unsubscribe closed the write end
        ptr = to_ptr(data)
        op_number, ret = acl.prof.get_op_num(ptr, len(data))
        check_ret("acl.prof.get_op_num", ret)
        for i in range(op_number):
            op_type, ret = acl.prof.get_op_type_v2(ptr, len(data), i)
            check_ret("acl.prof.get_op_type_v2", ret)
            op_name, ret = acl.prof.get_op_name_v2(ptr, len(data), i)
            check_ret("acl.prof.get_op_name_v2", ret)
            rows.append((acl.prof.get_model_id(ptr, len(data), i), op_name, op_type,
                         acl.prof.get_op_start(ptr, len(data), i), acl.prof.get_op_end(ptr, len(data), i),
                         acl.prof.get_op_duration(ptr, len(data), i)))


def create_dataset(model_desc, inputs, buffers):
    dataset = acl.mdl.create_dataset()
    count = acl.mdl.get_num_inputs(model_desc) if inputs else acl.mdl.get_num_outputs(model_desc)
    for i in range(count):
        if inputs:
            size = acl.mdl.get_input_size_by_index(model_desc, i)
        else:
            size = acl.mdl.get_output_size_by_index(model_desc, i)
        ptr, ret = acl.rt.malloc(size, ACL_MEM_MALLOC_HUGE_FIRST)
        check_ret("acl.rt.malloc", ret)
        data_buffer = acl.create_data_buffer(ptr, size)
        dataset, ret = acl.mdl.add_dataset_buffer(dataset, data_buffer)
        check_ret("acl.mdl.add_dataset_buffer", ret)
        buffers.append((ptr, data_buffer))
    return dataset


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("--iterations", type=int, default=1)
    args = parser.parse_args()

    check_ret("acl.init", acl.init())
    device_id = 0
    check_ret("acl.rt.set_device", acl.rt.set_device(device_id))
    context, ret = acl.rt.create_context(device_id)
    check_ret("acl.rt.create_context", ret)
    model_id, ret = acl.mdl.load_from_file(args.model)
    check_ret("acl.mdl.load_from_file", ret)
    model_desc = acl.mdl.create_desc()
    check_ret("acl.mdl.get_desc", acl.mdl.get_desc(model_desc, model_id))
    buffers = []
    input_dataset = create_dataset(model_desc, True, buffers)
    output_dataset = create_dataset(model_desc, False, buffers)

    read_fd, write_fd = os.pipe()
    rows = []
    reader = threading.Thread(target=prof_data_read, args=(read_fd, rows))
    reader.start()
    subscribe_config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, write_fd)
    if subscribe_config == 0:
        raise Exception("acl.prof.create_subscribe_config failed: {}".format(acl.get_recent_err_msg()))
    check_ret("acl.prof.model_subscribe", acl.prof.model_subscribe(model_id, subscribe_config))
    for _ in range(args.iterations):
        check_ret("acl.mdl.execute", acl.mdl.execute(model_id, input_dataset, output_dataset))
    check_ret("acl.prof.model_unsubscribe", acl.prof.model_unsubscribe(model_id))
    reader.join()
    os.close(read_fd)
    check_ret("acl.prof.destroy_subscribe_config", acl.prof.destroy_subscribe_config(subscribe_config))

    print("subscription: {} op records from {} run(s) of {}".format(len(rows), args.iterations, args.model))
    print("{:<6}{:<40}{:<24}{:>14}{:>14}".format("model", "op name", "op type", "start (us)", "duration (us)"))
    for model, name, op_type, start, _end, duration in sorted(rows, key=lambda row: row[3]):
        print("{:<6}{:<40}{:<24}{:>14.3f}{:>14.3f}".format(model, name, op_type, start / 1000, duration / 1000))

    for dataset in (input_dataset, output_dataset):
        check_ret("acl.mdl.destroy_dataset", acl.mdl.destroy_dataset(dataset))
    for ptr, data_buffer in buffers:
        check_ret("acl.destroy_data_buffer", acl.destroy_data_buffer(data_buffer))
        check_ret("acl.rt.free", acl.rt.free(ptr))
    check_ret("acl.mdl.destroy_desc", acl.mdl.destroy_desc(model_desc))
    check_ret("acl.mdl.unload", acl.mdl.unload(model_id))
    check_ret("acl.rt.destroy_context", acl.rt.destroy_context(context))
    check_ret("acl.rt.reset_device", acl.rt.reset_device(device_id))
    check_ret("acl.finalize", acl.finalize())
    return 0


if __name__ == "__main__":
    sys.exit(main())
