// User allocator (acl_rt_allocator.h): descriptions, registration on a
// stream, query and unregistration, with CANN's codes.
#include <cstdint>
#include <cstdlib>

#include "acl/acl_rt_allocator.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

struct Counts {
  int allocs = 0;
  int frees = 0;
};

void* Alloc(aclrtAllocator allocator, size_t size) {
  ++static_cast<Counts*>(allocator)->allocs;
  return std::malloc(size);
}
void Free(aclrtAllocator allocator, aclrtAllocatorBlock block) {
  ++static_cast<Counts*>(allocator)->frees;
  std::free(block);
}
void* AllocAdvise(aclrtAllocator allocator, size_t size, aclrtAllocatorAddr) { return Alloc(allocator, size); }
void* AddrOf(aclrtAllocatorBlock block) { return block; }

class ConfAllocator : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    desc_ = aclrtAllocatorCreateDesc();
    ASSERT_NE(desc_, nullptr);
  }
  void TearDown() override {
    if (desc_ != nullptr) (void)aclrtAllocatorDestroyDesc(desc_);
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    AclDeviceTest::TearDown();
  }
  void FillAll() {
    ASSERT_ACL_OK(aclrtAllocatorSetObjToDesc(desc_, &counts_));
    ASSERT_ACL_OK(aclrtAllocatorSetAllocFuncToDesc(desc_, Alloc));
    ASSERT_ACL_OK(aclrtAllocatorSetFreeFuncToDesc(desc_, Free));
    ASSERT_ACL_OK(aclrtAllocatorSetAllocAdviseFuncToDesc(desc_, AllocAdvise));
    ASSERT_ACL_OK(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc_, AddrOf));
  }

  aclrtStream stream_ = nullptr;
  aclrtAllocatorDesc desc_ = nullptr;
  Counts counts_;
};

TEST_F(ConfAllocator, GivenRegisteredDescriptionWhenGetByStreamThenItsHandleObjectAndCallbacks) {
  FillAll();
  ASSERT_ACL_OK(aclrtAllocatorRegister(stream_, desc_));
  aclrtAllocatorDesc desc = nullptr;
  aclrtAllocator object = nullptr;
  aclrtAllocatorAllocFunc alloc = nullptr;
  aclrtAllocatorFreeFunc free_fn = nullptr;
  aclrtAllocatorAllocAdviseFunc advise = nullptr;
  aclrtAllocatorGetAddrFromBlockFunc addr = nullptr;
  ASSERT_ACL_OK(aclrtAllocatorGetByStream(stream_, &desc, &object, &alloc, &free_fn, &advise, &addr));
  EXPECT_EQ(desc, desc_);
  EXPECT_EQ(object, static_cast<aclrtAllocator>(&counts_));
  EXPECT_EQ(alloc, &Alloc);
  EXPECT_EQ(free_fn, &Free);
  EXPECT_EQ(advise, &AllocAdvise);
  EXPECT_EQ(addr, &AddrOf);
  // The runtime itself allocated nothing through them.
  EXPECT_EQ(counts_.allocs, 0);
  aclrtAllocatorBlock block = alloc(object, 64);
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(addr(block), block);
  free_fn(object, block);
  EXPECT_EQ(counts_.allocs, 1);
  EXPECT_EQ(counts_.frees, 1);
}

TEST_F(ConfAllocator, GivenOnlyTheDescriptionOutputWhenGetByStreamThenSuccess) {
  FillAll();
  ASSERT_ACL_OK(aclrtAllocatorRegister(stream_, desc_));
  aclrtAllocatorDesc desc = nullptr;
  ASSERT_ACL_OK(aclrtAllocatorGetByStream(stream_, &desc, nullptr, nullptr, nullptr, nullptr, nullptr));
  EXPECT_EQ(desc, desc_);
}

TEST_F(ConfAllocator, GivenRegistrationWhenDescriptionChangesOrIsDestroyedThenTheRegistrationKeepsItsCopy) {
  FillAll();
  ASSERT_ACL_OK(aclrtAllocatorRegister(stream_, desc_));
  Counts other;
  ASSERT_ACL_OK(aclrtAllocatorSetObjToDesc(desc_, &other));
  ASSERT_ACL_OK(aclrtAllocatorDestroyDesc(desc_));
  aclrtAllocatorDesc registered = desc_;
  desc_ = nullptr;
  aclrtAllocatorDesc desc = nullptr;
  aclrtAllocator object = nullptr;
  ASSERT_ACL_OK(aclrtAllocatorGetByStream(stream_, &desc, &object, nullptr, nullptr, nullptr, nullptr));
  EXPECT_EQ(desc, registered);
  EXPECT_EQ(object, static_cast<aclrtAllocator>(&counts_));
}

TEST_F(ConfAllocator, GivenSecondRegistrationWhenGetByStreamThenTheLastOne) {
  FillAll();
  ASSERT_ACL_OK(aclrtAllocatorRegister(stream_, desc_));
  aclrtAllocatorDesc second = aclrtAllocatorCreateDesc();
  ASSERT_NE(second, nullptr);
  Counts other;
  ASSERT_ACL_OK(aclrtAllocatorSetObjToDesc(second, &other));
  ASSERT_ACL_OK(aclrtAllocatorSetAllocFuncToDesc(second, Alloc));
  ASSERT_ACL_OK(aclrtAllocatorSetFreeFuncToDesc(second, Free));
  ASSERT_ACL_OK(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(second, AddrOf));
  ASSERT_ACL_OK(aclrtAllocatorRegister(stream_, second));
  aclrtAllocatorDesc desc = nullptr;
  aclrtAllocator object = nullptr;
  aclrtAllocatorAllocAdviseFunc advise = &AllocAdvise;
  ASSERT_ACL_OK(aclrtAllocatorGetByStream(stream_, &desc, &object, nullptr, nullptr, &advise, nullptr));
  EXPECT_EQ(desc, second);
  EXPECT_EQ(object, static_cast<aclrtAllocator>(&other));
  EXPECT_EQ(advise, nullptr);  // the second description has no advise callback
  EXPECT_ACL_OK(aclrtAllocatorDestroyDesc(second));
}

TEST_F(ConfAllocator, GivenUnregisteredStreamWhenGetByStreamThenInvalidParam) {
  FillAll();
  aclrtAllocatorDesc desc = nullptr;
  EXPECT_ACL_ERROR(aclrtAllocatorGetByStream(stream_, &desc, nullptr, nullptr, nullptr, nullptr, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtAllocatorGetByStream");
  ASSERT_ACL_OK(aclrtAllocatorRegister(stream_, desc_));
  ASSERT_ACL_OK(aclrtAllocatorUnregister(stream_));
  EXPECT_ACL_ERROR(aclrtAllocatorGetByStream(stream_, &desc, nullptr, nullptr, nullptr, nullptr, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  // Unregistering again, or a stream that never had one, succeeds.
  EXPECT_ACL_OK(aclrtAllocatorUnregister(stream_));
}

TEST_F(ConfAllocator, GivenDescriptionWithoutARequiredPartWhenRegisterThenInvalidParam) {
  // No object, no alloc, no free, no get-address: each is required (the
  // advise callback is not).
  EXPECT_ACL_ERROR(aclrtAllocatorRegister(stream_, desc_), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("allocator object");
  ASSERT_ACL_OK(aclrtAllocatorSetObjToDesc(desc_, &counts_));
  EXPECT_ACL_ERROR(aclrtAllocatorRegister(stream_, desc_), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("alloc function");
  ASSERT_ACL_OK(aclrtAllocatorSetAllocFuncToDesc(desc_, Alloc));
  EXPECT_ACL_ERROR(aclrtAllocatorRegister(stream_, desc_), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("free function");
  ASSERT_ACL_OK(aclrtAllocatorSetFreeFuncToDesc(desc_, Free));
  EXPECT_ACL_ERROR(aclrtAllocatorRegister(stream_, desc_), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("get-address function");
  ASSERT_ACL_OK(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc_, AddrOf));
  EXPECT_ACL_OK(aclrtAllocatorRegister(stream_, desc_));
  EXPECT_ACL_OK(aclrtAllocatorUnregister(stream_));
}

TEST_F(ConfAllocator, GivenNullArgumentsThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtAllocatorDestroyDesc(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtAllocatorDestroyDesc");
  EXPECT_ACL_ERROR(aclrtAllocatorSetObjToDesc(nullptr, &counts_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocatorSetObjToDesc(desc_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocatorSetAllocFuncToDesc(desc_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocatorSetFreeFuncToDesc(desc_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocatorSetAllocAdviseFuncToDesc(desc_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc_, nullptr), ACL_ERROR_INVALID_PARAM);
  FillAll();
  EXPECT_ACL_ERROR(aclrtAllocatorRegister(nullptr, desc_), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("stream");
  EXPECT_ACL_ERROR(aclrtAllocatorRegister(stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  aclrtAllocatorDesc desc = nullptr;
  EXPECT_ACL_ERROR(aclrtAllocatorGetByStream(nullptr, &desc, nullptr, nullptr, nullptr, nullptr, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocatorGetByStream(stream_, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocatorUnregister(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfAllocator, GivenDestroyedDescriptionWhenDestroyedAgainThenInvalidParam) {
  ASSERT_ACL_OK(aclrtAllocatorDestroyDesc(desc_));
  aclrtAllocatorDesc gone = desc_;
  desc_ = nullptr;
  EXPECT_ACL_ERROR(aclrtAllocatorDestroyDesc(gone), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("not a live aclrtAllocatorDesc");
}

}  // namespace
