// Model loading failures: every validation rule of docs/model_format.md with
// its exact ACL error, through aclmdlLoadFromMem (in-test JSON) and
// aclmdlLoadFromFile (missing, empty and unreadable files).
#include <sys/stat.h>

#include <ostream>
#include <string>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelPath;
using aclsim_conformance::TempFile;

// A valid two-op model with {PLACEHOLDERS} replaced by the cases below.
// x [2,2] → a (Relu) → t → b (Relu) → y.
std::string Model(const std::string& inputs, const std::string& ops, const std::string& outputs = R"(["y"])",
                  const std::string& head = R"("schema": "aclsim.graph.v1", "name": "m")") {
  return "{" + head + R"(, "inputs": )" + inputs + R"(, "outputs": )" + outputs + R"(, "ops": )" + ops + "}";
}

const char kInputs[] = R"([{"name": "x", "dtype": "float16", "shape": [2, 2]}])";
const char kOpA[] = R"({"name": "a", "type": "Relu", "inputs": ["x"],
                        "outputs": [{"name": "t", "dtype": "float16", "shape": [2, 2]}]})";
const char kOpB[] = R"({"name": "b", "type": "Relu", "inputs": ["t"],
                        "outputs": [{"name": "y", "dtype": "float16", "shape": [2, 2]}]})";

std::string Ops(const std::string& a, const std::string& b) { return "[" + a + ", " + b + "]"; }
std::string ValidModel() { return Model(kInputs, Ops(kOpA, kOpB)); }

// Op a with |field| (a JSON member, e.g. "\"stream\": -1") added.
std::string OpAWith(const std::string& field) {
  return R"({"name": "a", "type": "Relu", "inputs": ["x"], )" + field +
         R"(, "outputs": [{"name": "t", "dtype": "float16", "shape": [2, 2]}]})";
}
// Op a whose output tensor description is |tensor|.
std::string OpAOutput(const std::string& tensor) {
  return R"({"name": "a", "type": "Relu", "inputs": ["x"], "outputs": [)" + tensor + "]}";
}

struct LoadCase {
  const char* name;
  std::string json;
  aclError code;
  const char* message_part;  // a substring the recent error message must contain
};

// Names the case in test output instead of dumping its bytes.
void PrintTo(const LoadCase& c, std::ostream* os) { *os << c.name; }

// Bytes that are not an aclsim graph: malformed JSON, another schema or
// document shape, whitespace only.
std::vector<LoadCase> NotAGraphCases() {
  const std::string ops = Ops(kOpA, kOpB);
  return {
      // ---- malformed JSON → ACL_ERROR_DESERIALIZE_MODEL (100012)
      {"truncated_json", ValidModel().substr(0, 60), ACL_ERROR_DESERIALIZE_MODEL, "JSON"},
      {"not_json", "hello model", ACL_ERROR_DESERIALIZE_MODEL, "JSON"},
      {"trailing_comma", Model(kInputs, Ops(kOpA, kOpB) + ","), ACL_ERROR_DESERIALIZE_MODEL, "JSON"},
      {"invalid_utf8", Model(kInputs, ops, R"(["y"])", "\"schema\": \"aclsim.graph.v1\", \"name\": \"m\xff\xfe\""),
       ACL_ERROR_DESERIALIZE_MODEL, "JSON"},
      // Bytes that are not an aclsim graph at all (docs/model_format.md).
      {"wrong_schema", Model(kInputs, ops, R"(["y"])", R"("schema": "aclsim.graph.v2", "name": "m")"),
       ACL_ERROR_DESERIALIZE_MODEL, "schema"},
      {"schema_not_string", Model(kInputs, ops, R"(["y"])", R"("schema": 1, "name": "m")"), ACL_ERROR_DESERIALIZE_MODEL,
       "schema"},
      {"top_level_array", "[" + ValidModel() + "]", ACL_ERROR_DESERIALIZE_MODEL, "object"},
      // ---- empty → ACL_ERROR_MODEL_SIZE_INVALID (100015)
      {"whitespace_only", " \n\t  ", ACL_ERROR_MODEL_SIZE_INVALID, "empty"},
  };
}

// Required fields left out, one at a time.
std::vector<LoadCase> MissingFieldCases() {
  const std::string ops = Ops(kOpA, kOpB);
  return {
      // ---- missing required fields → ACL_ERROR_MODEL_MISSING_ATTR (100016)
      {"missing_schema", Model(kInputs, ops, R"(["y"])", R"("name": "m")"), ACL_ERROR_MODEL_MISSING_ATTR, "schema"},
      {"missing_name", Model(kInputs, ops, R"(["y"])", R"("schema": "aclsim.graph.v1")"), ACL_ERROR_MODEL_MISSING_ATTR,
       "name"},
      {"missing_inputs", R"({"schema": "aclsim.graph.v1", "name": "m", "outputs": ["y"], "ops": )" + ops + "}",
       ACL_ERROR_MODEL_MISSING_ATTR, "inputs"},
      {"missing_outputs",
       R"({"schema": "aclsim.graph.v1", "name": "m", "inputs": )" + std::string(kInputs) + R"(, "ops": )" + ops + "}",
       ACL_ERROR_MODEL_MISSING_ATTR, "outputs"},
      {"missing_ops",
       R"({"schema": "aclsim.graph.v1", "name": "m", "inputs": )" + std::string(kInputs) + R"(, "outputs": ["y"]})",
       ACL_ERROR_MODEL_MISSING_ATTR, "ops"},
      {"missing_tensor_name", Model(R"([{"dtype": "float16", "shape": [2, 2]}])", ops), ACL_ERROR_MODEL_MISSING_ATTR,
       "name"},
      {"missing_tensor_dtype", Model(R"([{"name": "x", "shape": [2, 2]}])", ops), ACL_ERROR_MODEL_MISSING_ATTR,
       "dtype"},
      {"missing_tensor_shape", Model(R"([{"name": "x", "dtype": "float16"}])", ops), ACL_ERROR_MODEL_MISSING_ATTR,
       "shape"},
      {"missing_op_name",
       Model(kInputs, Ops(R"({"type": "Relu", "inputs": ["x"],
                              "outputs": [{"name": "t", "dtype": "float16", "shape": [2, 2]}]})",
                          kOpB)),
       ACL_ERROR_MODEL_MISSING_ATTR, "name"},
      {"missing_op_type",
       Model(kInputs, Ops(R"({"name": "a", "inputs": ["x"],
                              "outputs": [{"name": "t", "dtype": "float16", "shape": [2, 2]}]})",
                          kOpB)),
       ACL_ERROR_MODEL_MISSING_ATTR, "type"},
      {"missing_op_inputs",
       Model(kInputs, Ops(R"({"name": "a", "type": "Relu",
                              "outputs": [{"name": "t", "dtype": "float16", "shape": [2, 2]}]})",
                          kOpB)),
       ACL_ERROR_MODEL_MISSING_ATTR, "inputs"},
      {"missing_op_outputs", Model(kInputs, Ops(R"({"name": "a", "type": "Relu", "inputs": ["x"]})", kOpB)),
       ACL_ERROR_MODEL_MISSING_ATTR, "outputs"},
      {"missing_output_tensor_shape", Model(kInputs, Ops(OpAOutput(R"({"name": "t", "dtype": "float16"})"), kOpB)),
       ACL_ERROR_MODEL_MISSING_ATTR, "shape"},
  };
}

// Schema and semantic violations of the graph's names, lists and edges.
std::vector<LoadCase> GraphStructureCases() {
  const std::string ops = Ops(kOpA, kOpB);
  return {
      // ---- → ACL_ERROR_PARSE_MODEL (100013)
      {"dangling_tensor", Model(kInputs, Ops(kOpA, R"({"name": "b", "type": "Relu", "inputs": ["nope"],
                                    "outputs": [{"name": "y", "dtype": "float16", "shape": [2, 2]}]})")),
       ACL_ERROR_PARSE_MODEL, "'nope'"},
      {"duplicate_tensor_name",
       Model(kInputs, Ops(OpAOutput(R"({"name": "x", "dtype": "float16", "shape": [2]})"), kOpB)),
       ACL_ERROR_PARSE_MODEL, "duplicate tensor name 'x'"},
      {"duplicate_weight_and_input_name",
       R"({"schema": "aclsim.graph.v1", "name": "m", "inputs": )" + std::string(kInputs) +
           R"(, "weights": [{"name": "x", "dtype": "float16", "shape": [2]}], "outputs": ["y"], "ops": )" + ops + "}",
       ACL_ERROR_PARSE_MODEL, "duplicate tensor name 'x'"},
      {"duplicate_op_name", Model(kInputs, Ops(kOpA, R"({"name": "a", "type": "Relu", "inputs": ["t"],
                                    "outputs": [{"name": "y", "dtype": "float16", "shape": [2, 2]}]})")),
       ACL_ERROR_PARSE_MODEL, "duplicate op name 'a'"},
      {"self_cycle",
       Model(kInputs, Ops(R"({"name": "a", "type": "Add", "inputs": ["x", "t"],
                              "outputs": [{"name": "t", "dtype": "float16", "shape": [2, 2]}]})",
                          kOpB)),
       ACL_ERROR_PARSE_MODEL, "cycle"},
      {"two_op_cycle",
       Model(kInputs, Ops(R"({"name": "a", "type": "Add", "inputs": ["x", "y"],
                              "outputs": [{"name": "t", "dtype": "float16", "shape": [2, 2]}]})",
                          kOpB)),
       ACL_ERROR_PARSE_MODEL, "cycle"},
      {"inputs_not_array", Model(R"({"name": "x"})", ops), ACL_ERROR_PARSE_MODEL, "inputs must be an array"},
      {"ops_not_array", Model(kInputs, R"({"a": 1})"), ACL_ERROR_PARSE_MODEL, "ops"},
      {"empty_ops", Model(kInputs, "[]"), ACL_ERROR_PARSE_MODEL, "non-empty"},
      {"empty_outputs", Model(kInputs, ops, "[]"), ACL_ERROR_PARSE_MODEL, "non-empty"},
      {"op_not_object", Model(kInputs, R"([42])"), ACL_ERROR_PARSE_MODEL, "must be an object"},
      {"op_outputs_empty",
       Model(kInputs, Ops(R"({"name": "a", "type": "Relu", "inputs": ["x"], "outputs": []})", kOpB)),
       ACL_ERROR_PARSE_MODEL, "outputs must be a non-empty array"},
      {"op_input_not_string",
       Model(kInputs, Ops(R"({"name": "a", "type": "Relu", "inputs": [7],
                                                     "outputs": [{"name": "t", "dtype": "float16", "shape": [2]}]})",
                          kOpB)),
       ACL_ERROR_PARSE_MODEL, "tensor names"},
      {"graph_output_undefined", Model(kInputs, ops, R"(["zzz"])"), ACL_ERROR_PARSE_MODEL, "'zzz'"},
      {"graph_output_is_input", Model(kInputs, ops, R"(["x"])"), ACL_ERROR_PARSE_MODEL, "produced by an op"},
      {"graph_output_listed_twice", Model(kInputs, ops, R"(["y", "y"])"), ACL_ERROR_PARSE_MODEL, "'y'"},
      {"name_empty", Model(kInputs, ops, R"(["y"])", R"("schema": "aclsim.graph.v1", "name": "")"),
       ACL_ERROR_PARSE_MODEL, "must not be empty"},
      {"name_not_string", Model(kInputs, ops, R"(["y"])", R"("schema": "aclsim.graph.v1", "name": 5)"),
       ACL_ERROR_PARSE_MODEL, "must be a string"},
  };
}

// Schema violations of tensor descriptions: dtype, format, shape.
std::vector<LoadCase> TensorCases() {
  const std::string ops = Ops(kOpA, kOpB);
  return {
      // ---- → ACL_ERROR_PARSE_MODEL (100013)
      {"unknown_dtype", Model(R"([{"name": "x", "dtype": "float17", "shape": [2, 2]}])", ops), ACL_ERROR_PARSE_MODEL,
       "unknown dtype 'float17'"},
      {"unknown_output_dtype",
       Model(kInputs, Ops(OpAOutput(R"({"name": "t", "dtype": "complex64", "shape": [2, 2]})"), kOpB)),
       ACL_ERROR_PARSE_MODEL, "unknown dtype 'complex64'"},
      {"unknown_format", Model(R"([{"name": "x", "dtype": "float16", "format": "NCWH", "shape": [2, 2]}])", ops),
       ACL_ERROR_PARSE_MODEL, "unknown format 'NCWH'"},
      {"zero_dim", Model(R"([{"name": "x", "dtype": "float16", "shape": [2, 0]}])", ops), ACL_ERROR_PARSE_MODEL,
       "positive integer"},
      {"negative_dim", Model(R"([{"name": "x", "dtype": "float16", "shape": [-1, 2]}])", ops), ACL_ERROR_PARSE_MODEL,
       "positive integer"},
      {"fractional_dim", Model(R"([{"name": "x", "dtype": "float16", "shape": [2.5]}])", ops), ACL_ERROR_PARSE_MODEL,
       "positive integer"},
      {"shape_not_array", Model(R"([{"name": "x", "dtype": "float16", "shape": 4}])", ops), ACL_ERROR_PARSE_MODEL,
       "shape"},
      {"rank_above_8", Model(R"([{"name": "x", "dtype": "float16", "shape": [1,1,1,1,1,1,1,1,1]}])", ops),
       ACL_ERROR_PARSE_MODEL, "at most 8"},
      // Each dim allowed, the product (2^80 elements) not: no wrapped size.
      {"elements_above_2_pow_40",
       Model(R"([{"name": "x", "dtype": "float16", "shape": [1099511627776, 1099511627776]}])", ops),
       ACL_ERROR_PARSE_MODEL, "'x' is too large"},
  };
}

// Schema violations of the optional op fields: engine, stream, duration_ns,
// block_dim, attrs.
std::vector<LoadCase> OpFieldCases() {
  return {
      // ---- → ACL_ERROR_PARSE_MODEL (100013)
      {"unknown_engine", Model(kInputs, Ops(OpAWith(R"("engine": "GPU")"), kOpB)), ACL_ERROR_PARSE_MODEL,
       "unknown engine"},
      {"negative_stream", Model(kInputs, Ops(OpAWith(R"("stream": -1)"), kOpB)), ACL_ERROR_PARSE_MODEL, "stream"},
      {"string_stream", Model(kInputs, Ops(OpAWith(R"("stream": "1")"), kOpB)), ACL_ERROR_PARSE_MODEL, "stream"},
      {"negative_duration", Model(kInputs, Ops(OpAWith(R"("duration_ns": -5)"), kOpB)), ACL_ERROR_PARSE_MODEL,
       "duration_ns"},
      {"fractional_duration", Model(kInputs, Ops(OpAWith(R"("duration_ns": 1.5)"), kOpB)), ACL_ERROR_PARSE_MODEL,
       "duration_ns"},
      {"zero_block_dim", Model(kInputs, Ops(OpAWith(R"("block_dim": 0)"), kOpB)), ACL_ERROR_PARSE_MODEL, "block_dim"},
      {"attrs_not_object", Model(kInputs, Ops(OpAWith(R"("attrs": [1, 2])"), kOpB)), ACL_ERROR_PARSE_MODEL, "attrs"},
      {"attr_list_of_strings", Model(kInputs, Ops(OpAWith(R"("attrs": {"k": ["a"]})"), kOpB)), ACL_ERROR_PARSE_MODEL,
       "numbers"},
  };
}

// Semantic violations: op output shapes that do not follow from the inputs.
std::vector<LoadCase> ShapeCheckCases() {
  return {
      // ---- → ACL_ERROR_PARSE_MODEL (100013)
      {"matmul_contraction_mismatch",
       Model(R"([{"name": "x", "dtype": "float16", "shape": [4, 8]}])",
             R"([{"name": "mm", "type": "MatMulV2", "inputs": ["x", "w"],
                  "outputs": [{"name": "y", "dtype": "float16", "shape": [4, 16]}]}])")
           .insert(1, R"("weights": [{"name": "w", "dtype": "float16", "shape": [9, 16]}], )"),
       ACL_ERROR_PARSE_MODEL, "mm"},
      {"conv2d_channel_mismatch",
       Model(R"([{"name": "x", "dtype": "float16", "format": "NCHW", "shape": [1, 3, 8, 8]}])",
             R"([{"name": "conv", "type": "Conv2D", "inputs": ["x", "w"],
                  "attrs": {"strides": [1, 1], "pads": [0, 0, 0, 0], "dilations": [1, 1], "groups": 1},
                  "outputs": [{"name": "y", "dtype": "float16", "format": "NCHW", "shape": [1, 16, 6, 6]}]}])")
           .insert(1, R"("weights": [{"name": "w", "dtype": "float16", "shape": [16, 4, 3, 3]}], )"),
       ACL_ERROR_PARSE_MODEL, "conv"},
  };
}

// Every case above, each testing one rule on an otherwise valid model.
std::vector<LoadCase> Cases() {
  std::vector<LoadCase> all;
  for (auto* table :
       {&NotAGraphCases, &MissingFieldCases, &GraphStructureCases, &TensorCases, &OpFieldCases, &ShapeCheckCases}) {
    std::vector<LoadCase> cases = table();
    all.insert(all.end(), cases.begin(), cases.end());
  }
  return all;
}

class ConfModelLoad : public AclDeviceTest, public ::testing::WithParamInterface<LoadCase> {};

TEST_P(ConfModelLoad, GivenBadModelWhenLoadFromMemThenExactErrorAndNoModelLoaded) {
  const LoadCase& c = GetParam();
  uint32_t id = 0xDEADBEEF;
  EXPECT_ACL_ERROR(LoadFromString(c.json, &id), c.code) << c.json;
  EXPECT_RECENT_ERR_HAS(c.message_part);
  EXPECT_EQ(id, 0xDEADBEEFu);
  // No model was registered: the first id a load would hand out is unknown.
  EXPECT_ACL_ERROR(aclmdlUnload(1), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
}

TEST_P(ConfModelLoad, GivenBadModelFileWhenLoadFromFileThenSameErrorAsFromMem) {
  const LoadCase& c = GetParam();
  TempFile file(c.json);
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(file.c_str(), &id), c.code);
}

INSTANTIATE_TEST_SUITE_P(Conf, ConfModelLoad, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<LoadCase>& p) { return std::string(p.param.name); });

class ConfModelLoadFile : public AclDeviceTest {};

TEST_F(ConfModelLoadFile, GivenValidModelTextWhenLoadedThenSuccess) {
  // The base of every case above is valid, so each case tests one rule only.
  uint32_t id = 0;
  ASSERT_ACL_OK(LoadFromString(ValidModel(), &id));
  EXPECT_ACL_OK(aclmdlUnload(id));
  // Unknown extra keys are ignored.
  std::string extra = ValidModel();
  extra.insert(1, R"("description": "d", "producer": {"tool": "x"}, )");
  ASSERT_ACL_OK(LoadFromString(extra, &id));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfModelLoadFile, GivenOpsListedOutOfOrderThenTheyAreSortedAndRunInDependencyOrder) {
  uint32_t id = 0;
  ASSERT_ACL_OK(LoadFromString(Model(kInputs, Ops(kOpB, kOpA)), &id));
  aclsim_conformance::ModelIo io;
  ASSERT_ACL_OK(io.Create(id));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecute(id, io.input(), io.output()));
  std::vector<aclsimTaskRecord> records = aclsim_conformance::TraceRecords();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_STREQ(records[0].opName, "a");
  EXPECT_STREQ(records[1].opName, "b");
  EXPECT_EQ(records[1].startNs, records[0].endNs);
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfModelLoadFile, GivenMissingFileWhenLoadFromFileThenModelPathInvalid) {
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile("/nonexistent/dir/model.json", &id), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
  EXPECT_EQ(ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID, 145002u);
  EXPECT_RECENT_ERR_HAS("/nonexistent/dir/model.json");
  EXPECT_ACL_ERROR(aclmdlLoadFromFile((ModelPath("sample_mlp.json") + ".missing").c_str(), &id),
                   ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
  EXPECT_ACL_ERROR(aclmdlLoadFromFile("", &id), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
}

TEST_F(ConfModelLoadFile, GivenEmptyFileWhenLoadFromFileThenModelSizeInvalid) {
  TempFile file("");
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(file.c_str(), &id), ACL_ERROR_MODEL_SIZE_INVALID);
  EXPECT_RECENT_ERR_HAS("empty");
}

TEST_F(ConfModelLoadFile, GivenDirectoryWhenLoadFromFileThenReadModelFailure) {
  // docs/model_format.md: a file that cannot be opened or read → 100014.
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(aclsim_conformance::ModelsDir().c_str(), &id), ACL_ERROR_READ_MODEL_FAILURE);
}

// Only regular files are read (runtime/read_file.h): /dev/zero would be
// read forever, a FIFO with no writer would block the open.
TEST_F(ConfModelLoadFile, GivenDeviceOrFifoWhenLoadFromFileThenReadModelFailureAndTheCallReturns) {
  aclsim_conformance::TempFifo fifo;
  for (const char* path : {"/dev/zero", "/dev/null", fifo.c_str()}) {
    SCOPED_TRACE(path);
    uint32_t id = 0xDEADBEEF;
    EXPECT_ACL_ERROR(aclmdlLoadFromFile(path, &id), ACL_ERROR_READ_MODEL_FAILURE);
    EXPECT_RECENT_ERR_HAS("not a regular file");
    EXPECT_EQ(id, 0xDEADBEEFu);
  }
}

TEST_F(ConfModelLoadFile, GivenUnreadableFileWhenLoadFromFileThenError) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads files regardless of their mode";
  TempFile file(ValidModel());
  ASSERT_EQ(::chmod(file.c_str(), 0), 0);
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(file.c_str(), &id), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
}

}  // namespace
