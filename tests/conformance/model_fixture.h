// The fixture of the model conformance tests (model_desc_test.cc,
// model_load_test.cc, model_execute_test.cc): aclInit and device 0 around
// each test (AclDeviceTest), models/sample_mlp.json loaded and described on
// request.
// Public headers only.
#ifndef ACLSIM_TESTS_CONFORMANCE_MODEL_FIXTURE_H_
#define ACLSIM_TESTS_CONFORMANCE_MODEL_FIXTURE_H_

#include <cstdint>

#include "conformance_util.h"

namespace aclsim_conformance {

class ConfModel : public AclDeviceTest {
 protected:
  void LoadSampleMlp() {
    ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &model_id_));
    desc_ = aclmdlCreateDesc();
    ASSERT_NE(desc_, nullptr);
    ASSERT_ACL_OK(aclmdlGetDesc(desc_, model_id_));
  }
  void TearDown() override {
    if (desc_ != nullptr) (void)aclmdlDestroyDesc(desc_);
    AclDeviceTest::TearDown();
  }

  uint32_t model_id_ = 0;
  aclmdlDesc* desc_ = nullptr;
};

}  // namespace aclsim_conformance

#endif  // ACLSIM_TESTS_CONFORMANCE_MODEL_FIXTURE_H_
