// Operator attributes (acl_op.h: aclopCreateAttr, aclopSetAttr*), kept by
// name as the op graph keeps attributes (model::AttrValue).
#include <string>
#include <vector>

#include "acl/acl_op.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/handles.h"
#include "api/src/live_handles.h"

using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;
using aclsim::model::AttrValue;

namespace {

// Sets |name| of |attr| to |value| after the checks every setter makes.
aclError Set(const char* function, aclopAttr* attr, const char* name, AttrValue value) {
  if (attr == nullptr || name == nullptr) return InvalidParam(function, "attr or attrName is NULL");
  if (!LiveHandles<aclopAttr>::Global().IsLive(attr)) return InvalidParam(function, "attr is not a live aclopAttr");
  attr->attrs[name] = std::move(value);
  return ACL_SUCCESS;
}

// A list of |n| values: n >= 0, and |values| non-NULL when n > 0.
template <typename T, typename Out = T>
bool ListOf(int n, const T* values, std::vector<Out>* out) {
  if (n < 0 || (n > 0 && values == nullptr)) return false;
  out->assign(values, values + n);
  return true;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclopAttr* aclopCreateAttr(void) try { return LiveHandles<aclopAttr>::Global().Create(); }
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY void aclopDestroyAttr(const aclopAttr* attr) try {
  if (attr != nullptr) (void)LiveHandles<aclopAttr>::Global().Destroy(attr);
}
ACLSIM_EDGE_CATCH_VOID

ACL_FUNC_VISIBILITY aclError aclopSetAttrBool(aclopAttr* attr, const char* attrName, uint8_t attrValue) try {
  ACLSIM_PROLOGUE(aclopSetAttrBool);
  return Set(kApiName, attr, attrName, attrValue != 0);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrInt(aclopAttr* attr, const char* attrName, int64_t attrValue) try {
  ACLSIM_PROLOGUE(aclopSetAttrInt);
  return Set(kApiName, attr, attrName, attrValue);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrFloat(aclopAttr* attr, const char* attrName, float attrValue) try {
  ACLSIM_PROLOGUE(aclopSetAttrFloat);
  return Set(kApiName, attr, attrName, static_cast<double>(attrValue));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrString(aclopAttr* attr, const char* attrName, const char* attrValue) try {
  ACLSIM_PROLOGUE(aclopSetAttrString);
  return Set(kApiName, attr, attrName, std::string(attrValue));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrDataType(aclopAttr* attr, const char* attrName, aclDataType attrValue) try {
  ACLSIM_PROLOGUE(aclopSetAttrDataType);
  return Set(kApiName, attr, attrName, static_cast<int64_t>(attrValue));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrListDataType(aclopAttr* attr, const char* attrName, int numValues,
                                                      const aclDataType values[]) try {
  ACLSIM_PROLOGUE(aclopSetAttrListDataType);
  std::vector<int64_t> v;
  if (!ListOf(numValues, values, &v)) return InvalidParam(kApiName, "bad numValues or values");
  return Set(kApiName, attr, attrName, std::move(v));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrListBool(aclopAttr* attr, const char* attrName, int numValues,
                                                  const uint8_t* values) try {
  ACLSIM_PROLOGUE(aclopSetAttrListBool);
  std::vector<int64_t> v;
  if (!ListOf(numValues, values, &v)) return InvalidParam(kApiName, "bad numValues or values");
  for (int64_t& x : v) x = x != 0;
  return Set(kApiName, attr, attrName, std::move(v));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrListInt(aclopAttr* attr, const char* attrName, int numValues,
                                                 const int64_t* values) try {
  ACLSIM_PROLOGUE(aclopSetAttrListInt);
  std::vector<int64_t> v;
  if (!ListOf(numValues, values, &v)) return InvalidParam(kApiName, "bad numValues or values");
  return Set(kApiName, attr, attrName, std::move(v));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetAttrListFloat(aclopAttr* attr, const char* attrName, int numValues,
                                                   const float* values) try {
  ACLSIM_PROLOGUE(aclopSetAttrListFloat);
  std::vector<double> v;
  if (!ListOf(numValues, values, &v)) return InvalidParam(kApiName, "bad numValues or values");
  return Set(kApiName, attr, attrName, std::move(v));
}
ACLSIM_EDGE_CATCH

// Strings are kept joined by U+001F (unit separator): one comparable value.
ACL_FUNC_VISIBILITY aclError aclopSetAttrListString(aclopAttr* attr, const char* attrName, int numValues,
                                                    const char** values) try {
  ACLSIM_PROLOGUE(aclopSetAttrListString);
  std::string joined;
  for (int i = 0; i < numValues; ++i) {
    if (values[i] == nullptr) return InvalidParam(kApiName, "a value is NULL");
    joined += std::string(i ? "\x1f" : "") + values[i];
  }
  return Set(kApiName, attr, attrName, std::move(joined));
}
ACLSIM_EDGE_CATCH

// Lists of lists are kept flat: each list's length, then its values.
ACL_FUNC_VISIBILITY aclError aclopSetAttrListListInt(aclopAttr* attr, const char* attrName, int numLists,
                                                     const int* numValues, const int64_t* const values[]) try {
  ACLSIM_PROLOGUE(aclopSetAttrListListInt);
  std::vector<int64_t> flat;
  for (int i = 0; i < numLists; ++i) {
    if (numValues[i] < 0 || (numValues[i] > 0 && values[i] == nullptr)) {
      return InvalidParam(kApiName, "a list has a bad length or NULL values");
    }
    flat.push_back(numValues[i]);
    flat.insert(flat.end(), values[i], values[i] + numValues[i]);
  }
  return Set(kApiName, attr, attrName, std::move(flat));
}
ACLSIM_EDGE_CATCH

}  // extern "C"
