// libms_tools_ext.so: the mstx API (mstx/ms_tools_ext.h,
// mstx/ms_tools_ext_mem.h).
//
// This library owns the domain handles; every marker and range goes to
// libascendcl.so through the table it exports (api/src/mstx_api.h), which
// records them in the running profiling session. While no collection
// records mstx events, a call costs one check of the table's active flag.
// If the table is missing (mismatched libraries), every call does nothing
// and range starts return MSTX_INVALID_ID.
//
// Domains follow the public mstx behaviour (Ascend msTX's
// docs/zh/api_reference/mstx_api_reference.md; msprof's and MSPTI's
// injection code): NULL is the default domain "default", which cannot be
// created by name; a name is 1..1023 bytes; creating an existing name gives
// its handle; a destroyed handle stays valid memory (the handle is never
// freed) and every later call with it does nothing.
#include <atomic>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "acl/aclsim_ext.h"
#include "api/src/companion_table.h"
#include "api/src/mstx_api.h"
#include "mstx/ms_tools_ext.h"
#include "mstx/ms_tools_ext_mem.h"
#include "runtime/vendor.h"

struct mstxDomainRegistration_st {
  std::string name;
  std::atomic<bool> live{true};
};

namespace {

const aclsim::api::MstxApi* Table() {
  static const aclsim::api::MstxApi* table =
      aclsim::api::CheckedTable<aclsim::api::MstxApi>(aclsimInternalGetMstxApi(aclsim::api::kMstxApiVersion),
                                                      aclsim::api::kMstxApiVersion, "libms_tools_ext.so", "mstx");
  return table;
}

// The table when mstx events are being recorded, else nullptr.
inline const aclsim::api::MstxApi* ActiveTable() {
  const aclsim::api::MstxApi* t = Table();
  return t != nullptr && t->active() ? t : nullptr;
}

void Warn(const aclsim::api::MstxApi* t, const std::string& message) {
  if (t != nullptr) t->warn(message.c_str());
}

class Domains {
 public:
  mstxDomainHandle_t Create(const char* name) {
    if (name == nullptr) return Refuse("mstxDomainCreateA: the name is NULL");
    const size_t length = strnlen(name, aclsim::vendor::kMstxMaxDomainName + 1);
    if (length == 0) return Refuse("mstxDomainCreateA: the name is empty");
    if (length > aclsim::vendor::kMstxMaxDomainName) {
      return Refuse("mstxDomainCreateA: the name is longer than 1023 bytes");
    }
    if (std::string_view(name, length) == aclsim::vendor::kMstxDefaultDomain) {
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
  const char* NameOf(const aclsim::api::MstxApi* t, mstxDomainHandle_t domain, const char* function) {
    if (domain == nullptr) return aclsim::vendor::kMstxDefaultDomain.data();
    std::lock_guard<std::mutex> lock(mu_);
    if (!Known(domain)) {
      Warn(t, std::string(function) + ": the domain handle is not one of mstxDomainCreateA; nothing is recorded");
      return nullptr;
    }
    if (!domain->live.load()) {
      Warn(t, std::string(function) + ": domain \"" + domain->name + "\" was destroyed; nothing is recorded");
      return nullptr;
    }
    return domain->name.c_str();
  }

 private:
  mstxDomainHandle_t Refuse(const char* why) {
    Warn(Table(), why);
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

void MemNotSupported(const char* function) {
  static std::atomic<uint32_t> said{0};
  const uint32_t bit = std::strncmp(function, "mstxMemHeap", 11) == 0 ? 1u : 2u;  // heaps, regions: one warning each
  if ((said.fetch_or(bit) & bit) == 0) {
    Warn(Table(), std::string(function) +
                      " is not supported by aclsim: memory regions are recorded by memory tools (msLeaks), not by a "
                      "profiling collection; nothing is recorded");
  }
}

// No exception leaves an entry point: one that failed (out of memory) says
// so on stderr and does nothing.
void Lost(const char* function) noexcept {
  std::fprintf(stderr, "[aclsim][ERROR] %s: failed (out of memory?); nothing is recorded\n", function);
}

}  // namespace

extern "C" {

MSTX_API void mstxMarkA(const char* message, aclrtStream stream) try {
  const auto* t = ActiveTable();
  if (t != nullptr) t->mark(aclsim::vendor::kMstxDefaultDomain.data(), message, stream);
} catch (...) {
  Lost("mstxMarkA");
}

MSTX_API mstxRangeId mstxRangeStartA(const char* message, aclrtStream stream) try {
  const auto* t = ActiveTable();
  return t == nullptr ? MSTX_INVALID_ID : t->range_start(aclsim::vendor::kMstxDefaultDomain.data(), message, stream);
} catch (...) {
  Lost("mstxRangeStartA");
  return MSTX_INVALID_ID;
}

MSTX_API void mstxRangeEnd(mstxRangeId id) try {
  if (id == MSTX_INVALID_ID) return;
  const auto* t = ActiveTable();
  if (t != nullptr) t->range_end(aclsim::vendor::kMstxDefaultDomain.data(), id);
} catch (...) {
  Lost("mstxRangeEnd");
}

MSTX_API mstxDomainHandle_t mstxDomainCreateA(const char* name) try { return TheDomains().Create(name); } catch (...) {
  Lost("mstxDomainCreateA");
  return nullptr;
}

MSTX_API void mstxDomainDestroy(mstxDomainHandle_t domain) try { TheDomains().Destroy(domain); } catch (...) {
  Lost("mstxDomainDestroy");
}

MSTX_API void mstxDomainMarkA(mstxDomainHandle_t domain, const char* message, aclrtStream stream) try {
  const auto* t = ActiveTable();
  if (t == nullptr) return;
  const char* name = TheDomains().NameOf(t, domain, "mstxDomainMarkA");
  if (name != nullptr) t->mark(name, message, stream);
} catch (...) {
  Lost("mstxDomainMarkA");
}

MSTX_API mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain, const char* message, aclrtStream stream) try {
  const auto* t = ActiveTable();
  if (t == nullptr) return MSTX_INVALID_ID;
  const char* name = TheDomains().NameOf(t, domain, "mstxDomainRangeStartA");
  return name == nullptr ? MSTX_INVALID_ID : t->range_start(name, message, stream);
} catch (...) {
  Lost("mstxDomainRangeStartA");
  return MSTX_INVALID_ID;
}

MSTX_API void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id) try {
  if (id == MSTX_INVALID_ID) return;
  const auto* t = ActiveTable();
  if (t == nullptr) return;
  const char* name = TheDomains().NameOf(t, domain, "mstxDomainRangeEnd");
  if (name != nullptr) t->range_end(name, id);
} catch (...) {
  Lost("mstxDomainRangeEnd");
}

MSTX_API void mstxGetToolId(uint64_t* id) try {
  if (id != nullptr) *id = ActiveTable() != nullptr ? aclsim::vendor::kMstxToolMsprofId : MSTX_TOOL_INVALID_ID;
} catch (...) {
  Lost("mstxGetToolId");
}

MSTX_API mstxMemHeapHandle_t mstxMemHeapRegister(mstxDomainHandle_t /*domain*/, mstxMemHeapDesc_t const* /*desc*/) try {
  MemNotSupported("mstxMemHeapRegister");
  return nullptr;
} catch (...) {
  Lost("mstxMemHeapRegister");
  return nullptr;
}

MSTX_API void mstxMemHeapUnregister(mstxDomainHandle_t /*domain*/, mstxMemHeapHandle_t /*heap*/) try {
  MemNotSupported("mstxMemHeapUnregister");
} catch (...) {
  Lost("mstxMemHeapUnregister");
}

MSTX_API void mstxMemRegionsRegister(mstxDomainHandle_t /*domain*/, mstxMemRegionsRegisterBatch_t const* /*desc*/) try {
  MemNotSupported("mstxMemRegionsRegister");
} catch (...) {
  Lost("mstxMemRegionsRegister");
}

MSTX_API void mstxMemRegionsUnregister(mstxDomainHandle_t /*domain*/,
                                       mstxMemRegionsUnregisterBatch_t const* /*desc*/) try {
  MemNotSupported("mstxMemRegionsUnregister");
} catch (...) {
  Lost("mstxMemRegionsUnregister");
}

}  // extern "C"
