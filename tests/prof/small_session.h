// A small hand-built collection shared by the exporter and raw-data tests:
// 2 devices, 3 streams, 8 ops, two step iterations, a MarkEx, 4 API calls
// (3 launching), 3 msproftx records.
#ifndef ACLSIM_TESTS_PROF_SMALL_SESSION_H_
#define ACLSIM_TESTS_PROF_SMALL_SESSION_H_

#include <cstdint>

#include "runtime/prof/session_data.h"

namespace aclsim::prof::test_data {

// Process-lifetime op descriptions, as the collectors intern them.
inline const OpInfo kConv{"resnet/conv1", "Conv2D",  "AI_CORE", "1,3,224,224;64,3,7,7", "FLOAT16;FLOAT16", "NCHW;NCHW",
                          "1,64,112,112", "FLOAT16", "NCHW"};
inline const OpInfo kRelu{"resnet/relu1", "Relu",         "AI_VECTOR_CORE", "1,64,112,112", "FLOAT16",
                          "NCHW",         "1,64,112,112", "FLOAT16",        "NCHW"};
inline const OpInfo kTopK{"post/topk,v2", "TopKV2",  "AI_CPU",        "1,1000;", "FLOAT16;INT32",
                          "ND;ND",        "1,5;1,5", "FLOAT16;INT32", "ND;ND"};
inline const OpInfo kMatMul{"fc/MatMul", "MatMul",  "AI_CORE", "1,2048;2048,1000", "FLOAT16;FLOAT16", "ND;ND",
                            "1,1000",    "FLOAT16", "ND"};

inline TaskRecord Op(uint32_t dev, uint32_t stream, uint64_t task, const OpInfo* op, int64_t start, int64_t end,
                     uint32_t block) {
  TaskRecord t;
  t.device_id = dev;
  t.stream_id = stream;
  t.task_id = task;
  t.model_id = 1;
  t.op = op;
  t.block_dim = block;
  t.host_tid = 100;
  t.start_ns = start;
  t.end_ns = end;
  t.exec_ns = end - start - 100;
  return t;
}

inline TaskRecord Marker(uint32_t dev, uint32_t stream, uint64_t task, uint64_t id, uint32_t tag, int64_t at) {
  TaskRecord t;
  t.device_id = dev;
  t.stream_id = stream;
  t.task_id = task;
  t.model_id = 0xFFFFFFFFu;
  t.is_marker = true;
  t.marker_id = id;
  t.marker_tag = tag;
  t.host_tid = 100;
  t.start_ns = at;
  t.end_ns = at;
  return t;
}

// 2 devices, 3 streams, 8 ops, two step iterations, a MarkEx, 4 API calls
// (3 launching), 3 msproftx records.
inline SessionData SmallSession() {
  SessionData d;
  d.pid = 4242;
  d.pid_name = "python3";
  d.hostname = "npu-host-7";
  d.data_type_config = 0x1 | 0x2 | 0x40 | 0x80;
  d.devices = {{0, "Ascend910B2", 24, 48}, {1, "Ascend910B2", 24, 48}};
  d.clock_sync = {{0, 1'000'000'000, 5'000}, {1, 1'000'000'000, 2'000'000}};
  // Device 0 completion order.
  d.tasks.push_back(Marker(0, 3, 1, 1, 0, 10'000));
  d.tasks.push_back(Op(0, 3, 2, &kConv, 10'100, 12'100, 8));
  d.tasks.push_back(Op(0, 3, 3, &kRelu, 12'300, 12'800, 4));
  d.tasks.push_back(Marker(0, 3, 4, 1, 1, 12'900));
  d.tasks.push_back(Op(0, 5, 9, &kTopK, 12'850, 15'850, 1));
  d.tasks.push_back(Marker(0, 5, 10, 1, 11, 16'000));
  d.tasks.push_back(Op(0, 5, 11, &kMatMul, 16'100, 17'100, 20));
  d.tasks.push_back(Marker(0, 3, 5, 2, 0, 20'000));
  d.tasks.push_back(Op(0, 3, 6, &kConv, 20'050, 22'000, 8));
  d.tasks.push_back(Op(0, 3, 7, &kRelu, 22'000, 22'450, 4));
  d.tasks.push_back(Marker(0, 3, 8, 2, 1, 22'500));
  // Device 1.
  d.tasks.push_back(Op(1, 3, 1, &kMatMul, 2'010'000, 2'013'000, 20));
  d.tasks.push_back(Op(1, 3, 2, &kRelu, 2'013'500, 2'014'000, 4));

  auto api = [](const char* name, int64_t s, int64_t e, uint32_t tid, bool launched, uint32_t dev, uint64_t task) {
    ApiRecord a;
    a.level = "AscendCL";
    a.name = name;
    a.start_ns = s;
    a.end_ns = e;
    a.tid = tid;
    a.launched = launched;
    a.device_id = dev;
    a.first_task_id = task;
    return a;
  };
  d.apis.push_back(api("aclmdlExecute", 1'000'004'000, 1'000'013'000, 100, true, 0, 2));
  d.apis.push_back(api("aclmdlExecute", 1'000'009'000, 1'000'015'000, 101, true, 1, 1));
  d.apis.push_back(api("aclmdlExecute", 1'000'014'000, 1'000'023'000, 100, true, 0, 6));
  d.apis.push_back(api("aclrtSynchronizeStream", 1'000'023'100, 1'000'028'000, 100, false, 0, 0));

  TxRecord mark;
  mark.pid = 4242;
  mark.tid = 100;
  mark.event_type = 0;
  mark.start_ns = mark.end_ns = 1'000'003'000;
  mark.message = "warmup";
  TxRecord range = mark;
  range.event_type = 1;
  range.start_ns = 1'000'004'000;
  range.end_ns = 1'000'023'050;
  range.message = "infer, batch 1";
  TxRecord ex = mark;
  ex.event_type = 3;
  ex.start_ns = ex.end_ns = 1'000'010'500;
  ex.message = "markex-1";
  ex.mark_id = 1;
  ex.has_device = true;
  ex.device_id = 0;
  ex.device_ns = 16'000;
  d.tx = {mark, range, ex};
  d.host_start_ns = 1'000'000'000;
  d.host_end_ns = 1'000'030'000;
  return d;
}

}  // namespace aclsim::prof::test_data

#endif  // ACLSIM_TESTS_PROF_SMALL_SESSION_H_
