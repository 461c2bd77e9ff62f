/* A tool written to the public mstx protocol alone, as a third-party tool
 * (msLeaks, a framework's own) is: it exports InitInjectionMstx, asks for
 * the core and domain modules and fills the slots its table has, with
 * fixed answers, and counts the calls. mstx_header_only.c checks that the
 * header's functions reach it through MSTX_INJECTION_PATH. */
#include <stdint.h>

#define MSTX_NO_IMPL /* the types only: a tool defines no mstx function */
#include "mstx/ms_tools_ext.h"

static int calls = 0;

__attribute__((visibility("default"))) int mstxStubCalls(void) { return calls; }

static void Mark(const char* message, aclrtStream stream) {
  (void)message;
  (void)stream;
  ++calls;
}
static mstxRangeId RangeStart(const char* message, aclrtStream stream) {
  (void)message;
  (void)stream;
  ++calls;
  return 4242;
}
static void RangeEnd(mstxRangeId id) { calls += id == 4242 ? 1 : 100; }
static void ToolId(uint64_t* id) {
  ++calls;
  *id = MSTX_TOOL_MSLEAKS_ID;
}
static mstxDomainHandle_t DomainCreate(const char* name) {
  (void)name;
  ++calls;
  return (mstxDomainHandle_t)(uintptr_t)0x51ab;
}
static void DomainDestroy(mstxDomainHandle_t domain) {
  calls += domain == (mstxDomainHandle_t)(uintptr_t)0x51ab ? 1 : 100;
}
static void DomainMark(mstxDomainHandle_t domain, const char* message, aclrtStream stream) {
  (void)message;
  (void)stream;
  calls += domain == (mstxDomainHandle_t)(uintptr_t)0x51ab ? 1 : 100;
}
static mstxRangeId DomainRangeStart(mstxDomainHandle_t domain, const char* message, aclrtStream stream) {
  (void)message;
  (void)stream;
  calls += domain == (mstxDomainHandle_t)(uintptr_t)0x51ab ? 1 : 100;
  return 4343;
}
static void DomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id) {
  calls += domain == (mstxDomainHandle_t)(uintptr_t)0x51ab && id == 4343 ? 1 : 100;
}

/* Writes |function| into slot |id| when the table has it. */
static void Put(mstxFuncTable table, unsigned int size, unsigned int id, mstxFuncPointer function) {
  if (id < size && table[id] != 0) *table[id] = function;
}

__attribute__((visibility("default"))) int InitInjectionMstx(mstxGetModuleFuncTableFunc getFuncTable) {
  mstxFuncTable table = 0;
  unsigned int size = 0;
  if (getFuncTable == 0 || getFuncTable(MSTX_API_MODULE_CORE, &table, &size) != MSTX_SUCCESS) return MSTX_FAIL;
  if (size != MSTX_API_CORE_SIZE || table[0] != 0 || table[size] != 0) return MSTX_FAIL;
  Put(table, size, MSTX_API_CORE_MARK_A, (mstxFuncPointer)Mark);
  Put(table, size, MSTX_API_CORE_RANGE_START_A, (mstxFuncPointer)RangeStart);
  Put(table, size, MSTX_API_CORE_RANGE_END, (mstxFuncPointer)RangeEnd);
  Put(table, size, MSTX_API_CORE_GET_TOOL_ID, (mstxFuncPointer)ToolId);
  if (getFuncTable(MSTX_API_MODULE_CORE_DOMAIN, &table, &size) != MSTX_SUCCESS) return MSTX_FAIL;
  if (size != MSTX_API_CORE2_SIZE) return MSTX_FAIL;
  Put(table, size, MSTX_API_CORE2_DOMAIN_CREATE_A, (mstxFuncPointer)DomainCreate);
  Put(table, size, MSTX_API_CORE2_DOMAIN_DESTROY, (mstxFuncPointer)DomainDestroy);
  Put(table, size, MSTX_API_CORE2_DOMAIN_MARK_A, (mstxFuncPointer)DomainMark);
  Put(table, size, MSTX_API_CORE2_DOMAIN_RANGE_START_A, (mstxFuncPointer)DomainRangeStart);
  Put(table, size, MSTX_API_CORE2_DOMAIN_RANGE_END, (mstxFuncPointer)DomainRangeEnd);
  /* An unknown module is refused. */
  if (getFuncTable(MSTX_API_MODULE_SIZE, &table, &size) != MSTX_FAIL) return MSTX_FAIL;
  return MSTX_SUCCESS;
}
