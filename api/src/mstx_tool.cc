// aclsim as the mstx tool: InitInjectionMstx, which a program's inline
// mstx functions (mstx/ms_tools_ext.h) find through MSTX_INJECTION_PATH or
// the global scope, and the functions it places in their tables. They own
// the domain handles and hand each marker and range to the recording side
// (mstx_api.h) by its domain's name, so they join the profiling session and
// MSPTI. While no collection records mstx events a call costs one check of
// the active flag.
//
// The functions carry the names of the API functions they implement, in
// this file's namespace (the header's own are declared only: MSTX_NO_IMPL).
//
// Domains follow the public mstx behaviour (Ascend msTX's
// docs/zh/api_reference/mstx_api_reference.md; msprof's and MSPTI's
// injection code): NULL is the default domain "default", which cannot be
// created by name; a name is 1..1023 bytes; creating an existing name gives
// its handle; a destroyed handle stays valid memory (the handle is never
// freed) and every later call with it does nothing.
#define MSTX_NO_IMPL  // the header's types and declarations only

#include <atomic>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "api/src/mstx_api.h"
#include "mstx/ms_tools_ext.h"
#include "mstx/ms_tools_ext_mem.h"
#include "runtime/vendor.h"

struct mstxDomainRegistration_st {
  std::string name;
  std::atomic<bool> live{true};
};

namespace aclsim::api::mstx_tool {
namespace {

namespace rec = aclsim::api::mstx;

class Domains {
 public:
  mstxDomainHandle_t Create(const char* name) {
    if (name == nullptr) return Refuse("mstxDomainCreateA: the name is NULL");
    const size_t length = strnlen(name, vendor::kMstxMaxDomainName + 1);
    if (length == 0) return Refuse("mstxDomainCreateA: the name is empty");
    if (length > vendor::kMstxMaxDomainName) return Refuse("mstxDomainCreateA: the name is longer than 1023 bytes");
    if (std::string_view(name, length) == vendor::kMstxDefaultDomain) {
      return Refuse("mstxDomainCreateA: \"default\" is the default domain (use NULL)");
    }
    std::lock_guard<std::mutex> lock(mu_);
    auto it = by_name_.find(name);
    if (it != by_name_.end()) return it->second;
    all_.push_back(std::make_unique<mstxDomainRegistration_st>());
    mstxDomainHandle_t d = all_.back().get();
    d->name = name;
    by_name_.emplace(d->name, d);
    return d;
  }

  void Destroy(mstxDomainHandle_t domain) {
    if (domain == nullptr) return;
    std::lock_guard<std::mutex> lock(mu_);
    if (!Known(domain) || !domain->live.load()) return;
    domain->live.store(false);
    by_name_.erase(domain->name);
  }

  // The name events of |domain| are recorded under; nullptr for a destroyed
  // or unknown handle (the call then does nothing).
  const char* NameOf(mstxDomainHandle_t domain, const char* function) {
    if (domain == nullptr) return vendor::kMstxDefaultDomain.data();
    std::lock_guard<std::mutex> lock(mu_);
    if (!Known(domain)) {
      rec::Warn(
          (std::string(function) + ": the domain handle is not one of mstxDomainCreateA; nothing is recorded").c_str());
      return nullptr;
    }
    if (!domain->live.load()) {
      rec::Warn(
          (std::string(function) + ": domain \"" + domain->name + "\" was destroyed; nothing is recorded").c_str());
      return nullptr;
    }
    return domain->name.c_str();
  }

 private:
  static mstxDomainHandle_t Refuse(const char* why) {
    rec::Warn(why);
    return nullptr;
  }
  // Requires mu_.
  bool Known(mstxDomainHandle_t domain) const {
    for (const auto& d : all_) {
      if (d.get() == domain) return true;
    }
    return false;
  }

  std::mutex mu_;
  std::deque<std::unique_ptr<mstxDomainRegistration_st>> all_;   // never freed: handles stay valid
  std::unordered_map<std::string, mstxDomainHandle_t> by_name_;  // live domains
};

Domains& TheDomains() {
  static Domains* domains = new Domains();  // outlives every static destructor that may mark
  return *domains;
}

// One warning per kind of memory call (heaps, regions, permissions).
void MemNotSupported(const char* function) {
  static std::atomic<uint32_t> said{0};
  const uint32_t bit = std::strncmp(function, "mstxMemHeap", 11) == 0      ? 1u
                       : std::strncmp(function, "mstxMemRegions", 14) == 0 ? 2u
                                                                           : 4u;
  if ((said.fetch_or(bit) & bit) == 0) {
    rec::Warn((std::string(function) +
               " is not supported by aclsim: memory regions are recorded by memory tools (msLeaks), not by a "
               "profiling collection; nothing is recorded")
                  .c_str());
  }
}

// No exception leaves a function: one that failed (out of memory) says so
// on stderr and does nothing.
void Lost(const char* function) noexcept {
  std::fprintf(stderr, "[aclsim][ERROR] %s: failed (out of memory?); nothing is recorded\n", function);
}

const char* const kDefault = vendor::kMstxDefaultDomain.data();

void mstxMarkA(const char* message, aclrtStream stream) try {
  if (rec::Active()) rec::Mark(kDefault, message, stream);
} catch (...) {
  Lost("mstxMarkA");
}

mstxRangeId mstxRangeStartA(const char* message, aclrtStream stream) try {
  return rec::Active() ? rec::RangeStart(kDefault, message, stream) : MSTX_INVALID_ID;
} catch (...) {
  Lost("mstxRangeStartA");
  return MSTX_INVALID_ID;
}

void mstxRangeEnd(mstxRangeId id) try {
  if (id != MSTX_INVALID_ID && rec::Active()) rec::RangeEnd(kDefault, id);
} catch (...) {
  Lost("mstxRangeEnd");
}

void mstxGetToolId(uint64_t* id) try {
  if (id != nullptr) *id = rec::Active() ? vendor::kMstxToolMsprofId : MSTX_TOOL_INVALID_ID;
} catch (...) {
  Lost("mstxGetToolId");
}

mstxDomainHandle_t mstxDomainCreateA(const char* name) try { return TheDomains().Create(name); } catch (...) {
  Lost("mstxDomainCreateA");
  return nullptr;
}

void mstxDomainDestroy(mstxDomainHandle_t domain) try { TheDomains().Destroy(domain); } catch (...) {
  Lost("mstxDomainDestroy");
}

void mstxDomainMarkA(mstxDomainHandle_t domain, const char* message, aclrtStream stream) try {
  if (!rec::Active()) return;
  const char* name = TheDomains().NameOf(domain, "mstxDomainMarkA");
  if (name != nullptr) rec::Mark(name, message, stream);
} catch (...) {
  Lost("mstxDomainMarkA");
}

mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain, const char* message, aclrtStream stream) try {
  if (!rec::Active()) return MSTX_INVALID_ID;
  const char* name = TheDomains().NameOf(domain, "mstxDomainRangeStartA");
  return name == nullptr ? MSTX_INVALID_ID : rec::RangeStart(name, message, stream);
} catch (...) {
  Lost("mstxDomainRangeStartA");
  return MSTX_INVALID_ID;
}

void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id) try {
  if (id == MSTX_INVALID_ID || !rec::Active()) return;
  const char* name = TheDomains().NameOf(domain, "mstxDomainRangeEnd");
  if (name != nullptr) rec::RangeEnd(name, id);
} catch (...) {
  Lost("mstxDomainRangeEnd");
}

mstxMemHeapHandle_t mstxMemHeapRegister(mstxDomainHandle_t /*domain*/, mstxMemHeapDesc_t const* /*desc*/) try {
  MemNotSupported("mstxMemHeapRegister");
  return nullptr;
} catch (...) {
  Lost("mstxMemHeapRegister");
  return nullptr;
}

void mstxMemHeapUnregister(mstxDomainHandle_t /*domain*/, mstxMemHeapHandle_t /*heap*/) try {
  MemNotSupported("mstxMemHeapUnregister");
} catch (...) {
  Lost("mstxMemHeapUnregister");
}

void mstxMemRegionsRegister(mstxDomainHandle_t /*domain*/, mstxMemRegionsRegisterBatch_t const* /*desc*/) try {
  MemNotSupported("mstxMemRegionsRegister");
} catch (...) {
  Lost("mstxMemRegionsRegister");
}

void mstxMemRegionsUnregister(mstxDomainHandle_t /*domain*/, mstxMemRegionsUnregisterBatch_t const* /*desc*/) try {
  MemNotSupported("mstxMemRegionsUnregister");
} catch (...) {
  Lost("mstxMemRegionsUnregister");
}

void mstxMemPermissionsAssign(mstxDomainHandle_t /*domain*/, mstxMemPermissionsAssignBatch_t const* /*desc*/) try {
  MemNotSupported("mstxMemPermissionsAssign");
} catch (...) {
  Lost("mstxMemPermissionsAssign");
}

template <typename F>
mstxFuncPointer Slot(F* function) {
  return reinterpret_cast<mstxFuncPointer>(function);
}

// Fills the slots of |module| that the program's table has (ids below its
// size); false when the program has no such module.
bool Fill(mstxGetModuleFuncTableFunc get, mstxFuncModule module, const mstxFuncPointer* functions, unsigned count) {
  mstxFuncTable table = nullptr;
  unsigned size = 0;
  if (get(module, &table, &size) != MSTX_SUCCESS || table == nullptr) return false;
  for (unsigned id = 1; id < count && id < size; ++id) {
    if (table[id] != nullptr) *table[id] = functions[id];
  }
  return true;
}

}  // namespace
}  // namespace aclsim::api::mstx_tool

extern "C" {

// The mstx tool's entry point (the name CANN's tools export: libprofapi.so's
// and libmspti.so's). Fills every module the program's header has; fails
// only without getFuncTable or without the core module.
__attribute__((visibility("default"))) int InitInjectionMstx(mstxGetModuleFuncTableFunc getFuncTable) try {
  namespace t = aclsim::api::mstx_tool;
  if (getFuncTable == nullptr) return MSTX_FAIL;
  static const mstxFuncPointer core[MSTX_API_CORE_SIZE] = {nullptr, t::Slot(&t::mstxMarkA),
                                                           t::Slot(&t::mstxRangeStartA), t::Slot(&t::mstxRangeEnd),
                                                           t::Slot(&t::mstxGetToolId)};
  static const mstxFuncPointer domain[MSTX_API_CORE2_SIZE] = {nullptr,
                                                              t::Slot(&t::mstxDomainCreateA),
                                                              t::Slot(&t::mstxDomainDestroy),
                                                              t::Slot(&t::mstxDomainMarkA),
                                                              t::Slot(&t::mstxDomainRangeStartA),
                                                              t::Slot(&t::mstxDomainRangeEnd)};
  static const mstxFuncPointer mem[MSTX_API_CORE_MEM_SIZE] = {nullptr,
                                                              t::Slot(&t::mstxMemHeapRegister),
                                                              t::Slot(&t::mstxMemHeapUnregister),
                                                              t::Slot(&t::mstxMemRegionsRegister),
                                                              t::Slot(&t::mstxMemRegionsUnregister),
                                                              t::Slot(&t::mstxMemPermissionsAssign)};
  if (!t::Fill(getFuncTable, MSTX_API_MODULE_CORE, core, MSTX_API_CORE_SIZE)) return MSTX_FAIL;
  (void)t::Fill(getFuncTable, MSTX_API_MODULE_CORE_DOMAIN, domain, MSTX_API_CORE2_SIZE);
  (void)t::Fill(getFuncTable, MSTX_API_MODULE_CORE_MEM, mem, MSTX_API_CORE_MEM_SIZE);
  return MSTX_SUCCESS;
} catch (...) {
  return MSTX_FAIL;
}

}  // extern "C"
