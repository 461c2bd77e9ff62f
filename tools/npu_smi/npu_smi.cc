// npu-smi: the simulated devices in the layouts of Huawei's npu-smi, for CI
// preflight scripts that look for NPUs before they start (docs/npu_smi.md).
// A client of the public ACL API: it sees what a program would see
// (ACLSIM_CONFIG, ACLSIM_BACKEND, ASCEND_RT_VISIBLE_DEVICES apply).
//
//   npu-smi info                      the device table, then the process table
//   npu-smi info -l                   device count and ids
//   npu-smi info -m                   NPU / chip / logic id mapping
//   npu-smi info -t board|memory -i N one device's board or memory facts
//   npu-smi -v                        the version
#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace {

constexpr const char* kVersion = "aclsim-" ACLSIM_VERSION_STRING;

struct Npu {
  int32_t id = 0;
  std::string name;  // the SoC name without "Ascend" (910B2, 310P3)
  size_t hbm_total_mb = 0;
  size_t hbm_used_mb = 0;
};

// The devices the ACL runtime shows this process; false (message printed)
// when it cannot.
bool ReadDevices(std::vector<Npu>* out) {
  if (aclInit(nullptr) != ACL_SUCCESS) {
    std::fprintf(stderr, "npu-smi: %s\n", aclGetRecentErrMsg());
    return false;
  }
  uint32_t count = 0;
  if (aclrtGetDeviceCount(&count) != ACL_SUCCESS) {
    std::fprintf(stderr, "npu-smi: no device: %s\n", aclGetRecentErrMsg());
    return false;
  }
  for (uint32_t i = 0; i < count; ++i) {
    Npu npu;
    npu.id = static_cast<int32_t>(i);
    if (aclrtSetDevice(npu.id) != ACL_SUCCESS) {
      std::fprintf(stderr, "npu-smi: device %u: %s\n", i, aclGetRecentErrMsg());
      return false;
    }
    const char* soc = aclrtGetSocName();
    npu.name = soc != nullptr ? soc : "unknown";
    if (npu.name.rfind("Ascend", 0) == 0) npu.name = npu.name.substr(6);
    size_t free_bytes = 0, total_bytes = 0;
    if (aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes) == ACL_SUCCESS) {
      npu.hbm_total_mb = total_bytes >> 20;
      npu.hbm_used_mb = (total_bytes - free_bytes) >> 20;
    }
    (void)aclrtResetDevice(npu.id);
    out->push_back(npu);
  }
  return true;
}

std::string Pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string UsedTotal(size_t used, size_t total) {
  return Pad(std::to_string(used), 4) + " / " + std::to_string(total);
}

// Row widths of the 910-class layout (npu-smi 24.1: 22 | 15 | 52).
constexpr size_t kCol1 = 22, kCol2 = 15, kCol3 = 52;

std::string Rule(char fill) {
  return "+" + std::string(kCol1, fill) + "+" + std::string(kCol2, fill) + "+" + std::string(kCol3, fill) + "+";
}

std::string Row(const std::string& a, const std::string& b, const std::string& c) {
  return "| " + Pad(a, kCol1 - 1) + "| " + Pad(b, kCol2 - 1) + "| " + Pad(c, kCol3 - 1) + "|";
}

void PrintTable(const std::vector<Npu>& npus) {
  const size_t width = kCol1 + kCol2 + kCol3 + 2;
  std::printf("+%s+\n", std::string(width, '-').c_str());
  std::printf("| %s|\n", Pad(Pad(std::string("npu-smi ") + kVersion, 42) + "Version: " + kVersion, width - 1).c_str());
  std::printf("%s\n", Rule('-').c_str());
  std::printf("%s\n", Row("NPU   Name", "Health", "Power(W)    Temp(C)           Hugepages-Usage(page)").c_str());
  std::printf("%s\n", Row("Chip", "Bus-Id", "AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)").c_str());
  std::printf("%s\n", Rule('=').c_str());
  for (const Npu& n : npus) {
    char bus[16];
    std::snprintf(bus, sizeof(bus), "0000:%02X:00.0", static_cast<unsigned>(n.id + 1) & 0xFF);
    std::printf(
        "%s\n",
        Row(Pad(std::to_string(n.id), 6) + n.name, "OK", Pad("NA", 12) + Pad("NA", 18) + UsedTotal(0, 0)).c_str());
    std::printf(
        "%s\n",
        Row("0", bus, Pad("0", 12) + Pad(UsedTotal(0, 0), 18) + UsedTotal(n.hbm_used_mb, n.hbm_total_mb)).c_str());
    std::printf("%s\n", Rule('=').c_str());
  }
  std::printf("%s\n", Rule('-').c_str());
  std::printf("%s\n", Row("NPU     Chip", "Process id", "Process name             | Process memory(MB)").c_str());
  std::printf("%s\n", Rule('=').c_str());
  for (const Npu& n : npus) {
    // Other processes' use of a simulated device is not visible here.
    std::printf("| %s|\n", Pad("No running processes found in NPU " + std::to_string(n.id), width - 1).c_str());
    std::printf("%s\n", Rule('=').c_str());
  }
}

void PrintKeyValue(const std::string& key, const std::string& value) {
  std::printf("%s: %s\n", Pad(key, 31).c_str(), value.c_str());
}

void PrintList(const std::vector<Npu>& npus) {
  PrintKeyValue("Total Count", std::to_string(npus.size()));
  for (const Npu& n : npus) {
    std::printf("\n");
    PrintKeyValue("NPU ID", std::to_string(n.id));
    PrintKeyValue("Chip Count", "1");
  }
}

void PrintMapping(const std::vector<Npu>& npus) {
  std::printf("%s%s%s%s\n", Pad("NPU ID", 31).c_str(), Pad("Chip ID", 31).c_str(), Pad("Chip Logic ID", 31).c_str(),
              "Chip Name");
  for (const Npu& n : npus) {
    int32_t logic = n.id;
    (void)aclrtGetLogicDevIdByUserDevId(n.id, &logic);
    std::printf("%s%s%s%s\n", Pad(std::to_string(n.id), 31).c_str(), Pad("0", 31).c_str(),
                Pad(std::to_string(logic), 31).c_str(), ("Ascend " + n.name).c_str());
  }
}

void PrintBoard(const Npu& n) {
  PrintKeyValue("NPU ID", std::to_string(n.id));
  PrintKeyValue("Product Name", "aclsim simulated " + n.name);
  PrintKeyValue("Model", "NA");
  PrintKeyValue("Manufacturer", "aclsim");
  PrintKeyValue("Serial Number", "NA");
  PrintKeyValue("Software Version", kVersion);
  PrintKeyValue("Firmware Version", kVersion);
  PrintKeyValue("Compatibility", "OK");
  PrintKeyValue("Board ID", "NA");
  PrintKeyValue("PCB ID", "NA");
  PrintKeyValue("BOM ID", "NA");
  PrintKeyValue("Chip Count", "1");
  PrintKeyValue("Faulty Chip Count", "0");
}

void PrintMemory(const Npu& n) {
  PrintKeyValue("HBM Capacity(MB)", std::to_string(n.hbm_total_mb));
  PrintKeyValue("HBM Usage Rate(%)", std::to_string(n.hbm_total_mb == 0 ? 0 : n.hbm_used_mb * 100 / n.hbm_total_mb));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"npu-smi: the simulated NPUs of aclsim in npu-smi's layouts"};
  app.require_subcommand(0, 1);
  bool version = false;
  app.add_flag("-v,--version", version, "print the version");
  CLI::App* info = app.add_subcommand("info", "show device information");
  bool list = false, mapping = false;
  std::string type;
  int32_t id = -1;
  info->add_flag("-l", list, "show every device's id");
  info->add_flag("-m", mapping, "show every device's mapping");
  info->add_option("-t", type, "one device's facts: board or memory")->check(CLI::IsMember({"board", "memory"}));
  info->add_option("-i", id, "the NPU id for -t");
  CLI11_PARSE(app, argc, argv);

  if (version) {
    std::printf("npu-smi version: %s\n", kVersion);
    return 0;
  }
  if (!info->parsed()) {
    std::printf("%s", app.help().c_str());
    return 0;
  }
  if (!type.empty() && id < 0) {
    std::fprintf(stderr, "npu-smi: -t %s needs -i <NPU id>\n", type.c_str());
    return 2;
  }
  std::vector<Npu> npus;
  if (!ReadDevices(&npus)) return 1;
  int rc = 0;
  if (!type.empty()) {
    if (static_cast<size_t>(id) >= npus.size()) {
      std::fprintf(stderr, "npu-smi: the NPU id %d does not exist (%zu device(s))\n", id, npus.size());
      rc = 1;
    } else if (type == "board") {
      PrintBoard(npus[static_cast<size_t>(id)]);
    } else {
      PrintMemory(npus[static_cast<size_t>(id)]);
    }
  } else if (list) {
    PrintList(npus);
  } else if (mapping) {
    PrintMapping(npus);
  } else {
    PrintTable(npus);
  }
  (void)aclFinalize();
  return rc;
}
