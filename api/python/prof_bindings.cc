// acl.prof: collection sessions, operator subscription and its record
// accessors, step markers and msproftx (spec §6), in the conventions of
// acl_module.cc. create_subscribe_config keeps the fd in an int owned here
// (see "Differences from pyACL" in acl_module.cc).
#include <pybind11/pybind11.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"
#include "module_common.h"

namespace aclsim::python {
namespace {

// ------------------------------------------------------------ acl.prof fd ints

// The ints whose addresses create_subscribe_config hands to the profiler,
// keyed by the config handle. destroy_subscribe_config frees the int once the
// profiler has written -1 into it (model_unsubscribe closed the pipe).
// Otherwise a subscription may still hold the address and write -1 into it
// later, and the module cannot tell that from a config never subscribed, so
// the int is kept (4 bytes) for the life of the process.
std::mutex g_fd_mu;
std::map<Handle, std::unique_ptr<int>> g_fd_ints;
std::vector<std::unique_ptr<int>> g_parked_fd_ints;

Handle CreateSubscribeConfig(uint8_t time_info_switch, int aicore_metrics, int fd) {
  auto fd_int = std::make_unique<int>(fd);
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(
      static_cast<int8_t>(time_info_switch), static_cast<aclprofAicoreMetrics>(aicore_metrics), fd_int.get());
  if (config == nullptr) return 0;
  std::lock_guard<std::mutex> lock(g_fd_mu);
  g_fd_ints[Addr(config)] = std::move(fd_int);
  return Addr(config);
}

int DestroySubscribeConfig(Handle config) {
  aclError ret = aclprofDestroySubscribeConfig(Ptr<const aclprofSubscribeConfig>(config));
  std::lock_guard<std::mutex> lock(g_fd_mu);
  auto it = g_fd_ints.find(config);
  if (ret == ACL_SUCCESS && it != g_fd_ints.end()) {
    if (*it->second != -1) g_parked_fd_ints.push_back(std::move(it->second));
    g_fd_ints.erase(it);
  }
  return ret;
}

// --------------------------------------------------------- acl.prof accessors

// pyACL refuses name/type buffers over 4096 bytes without calling C.
constexpr uint64_t kMaxNameLen = 4096;

using NameLenFn = aclError (*)(const void*, size_t, uint32_t, size_t*);
using NameFn = aclError (*)(const void*, size_t, uint32_t, char*, size_t);

py::tuple NameLength(NameLenFn fn, Handle op_info, uint64_t op_info_len, uint32_t index) {
  size_t len = 0;
  aclError ret = fn(Ptr<const void>(op_info), op_info_len, index, &len);
  return py::make_tuple(len, ret);
}

py::tuple Name(NameFn fn, Handle op_info, uint64_t op_info_len, uint32_t index, uint64_t len) {
  if (len > kMaxNameLen) return py::make_tuple("", ACL_ERROR_INVALID_PARAM);
  std::vector<char> buf(len + 1, '\0');
  aclError ret = fn(Ptr<const void>(op_info), op_info_len, index, buf.data(), len);
  return py::make_tuple(py::str(buf.data()), ret);
}

// The _v2 getters: length query then fetch; None when either fails.
py::tuple NameV2(NameLenFn len_fn, NameFn fn, Handle op_info, uint64_t op_info_len, uint32_t index) {
  size_t len = 0;
  aclError ret = len_fn(Ptr<const void>(op_info), op_info_len, index, &len);
  if (ret != ACL_SUCCESS) return py::make_tuple(py::none(), ret);
  std::vector<char> buf(len + 1, '\0');
  ret = fn(Ptr<const void>(op_info), op_info_len, index, buf.data(), len);
  if (ret != ACL_SUCCESS) return py::make_tuple(py::none(), ret);
  return py::make_tuple(py::str(buf.data()), ret);
}

// Collection sessions.
void DefProfSessions(py::module_& prof) {
  Def(
      prof, "create_config",
      [](py::list device_id_list, int aicore_metrics, Handle aicore_events, uint64_t data_type_config) {
        std::vector<uint32_t> ids;
        for (py::handle item : device_id_list) {
          try {
            if (!PyLong_Check(item.ptr())) throw py::cast_error();
            ids.push_back(item.cast<uint32_t>());
          } catch (const py::cast_error&) {
            throw py::type_error("acl.prof.create_config args parse failed: device ids must be ints in [0, 2**32)");
          }
        }
        return Addr(aclprofCreateConfig(ids.empty() ? nullptr : ids.data(), static_cast<uint32_t>(ids.size()),
                                        static_cast<aclprofAicoreMetrics>(aicore_metrics),
                                        Ptr<const aclprofAicoreEvents>(aicore_events), data_type_config));
      },
      "create_config(device_id_list, aicore_metrics, aicore_events, data_type_config) -> config (0 on failure).",
      py::arg("device_id_list"), py::arg("aicore_metrics"), py::arg("aicore_events"), py::arg("data_type_config"));
  Def(
      prof, "destroy_config", [](Handle config) { return aclprofDestroyConfig(Ptr<const aclprofConfig>(config)); },
      "destroy_config(config) -> ret.", py::arg("config"));
  Def(
      prof, "init", [](const std::string& path) { return aclprofInit(path.c_str(), std::strlen(path.c_str())); },
      "init(profiler_result_path) -> ret.", py::arg("profiler_result_path"), NoGil());
  Def(prof, "finalize", &aclprofFinalize, "finalize() -> ret.", NoGil());
  Def(
      prof, "start", [](Handle config) { return aclprofStart(Ptr<const aclprofConfig>(config)); },
      "start(config) -> ret.", py::arg("config"), NoGil());
  Def(
      prof, "stop", [](Handle config) { return aclprofStop(Ptr<const aclprofConfig>(config)); },
      "stop(config) -> ret (releases the GIL: waits for submitted work).", py::arg("config"), NoGil());
  Def(
      prof, "set_config",
      [](int config_type, const std::string& config) {
        return aclprofSetConfig(static_cast<aclprofConfigType>(config_type), config.c_str(),
                                std::strlen(config.c_str()));
      },
      "set_config(config_type, config) -> ret.", py::arg("config_type"), py::arg("config"));
}

// Operator subscription.
void DefProfSubscribe(py::module_& prof) {
  Def(
      prof, "model_subscribe",
      [](uint32_t id, Handle config) { return aclprofModelSubscribe(id, Ptr<const aclprofSubscribeConfig>(config)); },
      "model_subscribe(model_id, subscribe_config) -> ret.", py::arg("model_id"), py::arg("subscribe_config"), NoGil());
  Def(prof, "model_unsubscribe", &aclprofModelUnSubscribe,
      "model_unsubscribe(model_id) -> ret (releases the GIL: waits until every record is written).",
      py::arg("model_id"), NoGil());
  Def(prof, "model_un_subscribe", &aclprofModelUnSubscribe,
      "model_un_subscribe(model_id) -> ret: legacy spelling of model_unsubscribe.", py::arg("model_id"), NoGil());
  Def(prof, "create_subscribe_config", &CreateSubscribeConfig,
      "create_subscribe_config(time_info_switch, aicore_metrics, fd) -> subscribe_config (0 on failure).\n\n"
      "fd is the pipe's write descriptor VALUE; the module keeps it in an int that lives as long as the\n"
      "profiler may use it. model_unsubscribe closes fd.",
      py::arg("time_info_switch"), py::arg("aicore_metrics"), py::arg("fd"));
  Def(prof, "destroy_subscribe_config", &DestroySubscribeConfig, "destroy_subscribe_config(subscribe_config) -> ret.",
      py::arg("subscribe_config"));
  Def(
      prof, "get_op_desc_size",
      []() {
        size_t size = 0;
        aclError ret = aclprofGetOpDescSize(&size);
        return py::make_tuple(size, ret);
      },
      "get_op_desc_size() -> (size, ret).");
}

// Accessors of the subscription's operator records.
void DefProfOpInfo(py::module_& prof) {
  Def(
      prof, "get_op_num",
      [](Handle op_info, uint64_t len) {
        uint32_t num = 0;
        aclError ret = aclprofGetOpNum(Ptr<const void>(op_info), len, &num);
        return py::make_tuple(num, ret);
      },
      "get_op_num(op_info, op_info_len) -> (op_number, ret).", py::arg("op_info"), py::arg("op_info_len"));
  Def(
      prof, "get_op_type_len",
      [](Handle op_info, uint64_t len, uint32_t i) { return NameLength(&aclprofGetOpTypeLen, op_info, len, i); },
      "get_op_type_len(op_info, op_info_len, index) -> (len, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_name_len",
      [](Handle op_info, uint64_t len, uint32_t i) { return NameLength(&aclprofGetOpNameLen, op_info, len, i); },
      "get_op_name_len(op_info, op_info_len, index) -> (len, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_type",
      [](Handle op_info, uint64_t len, uint32_t i, uint64_t n) { return Name(&aclprofGetOpType, op_info, len, i, n); },
      "get_op_type(op_info, op_info_len, index, op_type_len) -> (str, ret); ('', 100000) if op_type_len > 4096.",
      py::arg("op_info"), py::arg("op_info_len"), py::arg("index"), py::arg("op_type_len"));
  Def(
      prof, "get_op_name",
      [](Handle op_info, uint64_t len, uint32_t i, uint64_t n) { return Name(&aclprofGetOpName, op_info, len, i, n); },
      "get_op_name(op_info, op_info_len, index, op_name_len) -> (str, ret); ('', 100000) if op_name_len > 4096.",
      py::arg("op_info"), py::arg("op_info_len"), py::arg("index"), py::arg("op_name_len"));
  Def(
      prof, "get_op_type_v2",
      [](Handle op_info, uint64_t len, uint32_t i) {
        return NameV2(&aclprofGetOpTypeLen, &aclprofGetOpType, op_info, len, i);
      },
      "get_op_type_v2(op_info, op_info_len, index) -> (str or None, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_name_v2",
      [](Handle op_info, uint64_t len, uint32_t i) {
        return NameV2(&aclprofGetOpNameLen, &aclprofGetOpName, op_info, len, i);
      },
      "get_op_name_v2(op_info, op_info_len, index) -> (str or None, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_start",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetOpStart(Ptr<const void>(op_info), len, i); },
      "get_op_start(op_info, op_info_len, index) -> int ns (0 on failure).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_end",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetOpEnd(Ptr<const void>(op_info), len, i); },
      "get_op_end(op_info, op_info_len, index) -> int ns (0 on failure).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_duration",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetOpDuration(Ptr<const void>(op_info), len, i); },
      "get_op_duration(op_info, op_info_len, index) -> int ns (0 on failure).", py::arg("op_info"),
      py::arg("op_info_len"), py::arg("index"));
  Def(
      prof, "get_model_id",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetModelId(Ptr<const void>(op_info), len, i); },
      "get_model_id(op_info, op_info_len, index) -> int (the error code 100000 on failure, as in CANN).",
      py::arg("op_info"), py::arg("op_info_len"), py::arg("index"));
}

// Step markers.
void DefProfSteps(py::module_& prof) {
  Def(
      prof, "create_step_info", []() { return Addr(aclprofCreateStepInfo()); }, "create_step_info() -> step_info.");
  Def(
      prof, "destroy_step_info", [](Handle step) { aclprofDestroyStepInfo(Ptr<aclprofStepInfo>(step)); },
      "destroy_step_info(step_info) -> None.", py::arg("step_info"));
  Def(
      prof, "get_step_timestamp",
      [](Handle step, int tag, Handle stream) {
        return aclprofGetStepTimestamp(Ptr<aclprofStepInfo>(step), static_cast<aclprofStepTag>(tag), Ptr<void>(stream));
      },
      "get_step_timestamp(step_info, tag, stream) -> ret.", py::arg("step_info"), py::arg("tag"), py::arg("stream"));
}

// msproftx.
void DefProfTx(py::module_& prof) {
  Def(
      prof, "create_stamp", []() { return Addr(aclprofCreateStamp()); }, "create_stamp() -> stamp (0 on failure).");
  Def(
      prof, "destroy_stamp", [](Handle stamp) { aclprofDestroyStamp(Ptr<void>(stamp)); },
      "destroy_stamp(stamp) -> None.", py::arg("stamp"));
  Def(
      prof, "push", [](Handle stamp) { return aclprofPush(Ptr<void>(stamp)); }, "push(stamp) -> ret.",
      py::arg("stamp"));
  Def(prof, "pop", &aclprofPop, "pop() -> ret.");
  Def(
      prof, "range_start",
      [](Handle stamp) {
        uint32_t range_id = 0;
        aclError ret = aclprofRangeStart(Ptr<void>(stamp), &range_id);
        return py::make_tuple(range_id, ret);
      },
      "range_start(stamp) -> (range_id, ret).", py::arg("stamp"));
  Def(prof, "range_stop", &aclprofRangeStop, "range_stop(range_id) -> ret.", py::arg("range_id"));
  Def(
      prof, "set_stamp_trace_message",
      [](Handle stamp, const std::string& msg, uint32_t msg_len) {
        return aclprofSetStampTraceMessage(Ptr<void>(stamp), msg.c_str(), msg_len);
      },
      "set_stamp_trace_message(stamp, msg, msg_len) -> ret.", py::arg("stamp"), py::arg("msg"), py::arg("msg_len"));
  Def(
      prof, "mark", [](Handle stamp) { return aclprofMark(Ptr<void>(stamp)); }, "mark(stamp) -> ret.",
      py::arg("stamp"));
  Def(
      prof, "mark_ex",
      [](const std::string& msg, Handle stream) {
        return aclprofMarkEx(msg.c_str(), std::strlen(msg.c_str()), Ptr<void>(stream));
      },
      "mark_ex(msg, stream) -> ret.", py::arg("msg"), py::arg("stream"));
}

}  // namespace

void DefProf(py::module_& prof) {
  DefProfSessions(prof);
  DefProfSubscribe(prof);
  DefProfOpInfo(prof);
  DefProfSteps(prof);
  DefProfTx(prof);
}

}  // namespace aclsim::python
