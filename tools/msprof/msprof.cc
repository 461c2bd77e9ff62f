// msprof: the profiling command line of the toolkit (tools/profiler/bin/msprof
// after set_env.sh), over aclsim's raw data (runtime/prof/raw_data.h).
//
//   msprof --export=on --output=<dir> [--type=text|db]
//          [--model-id=<M> --iteration-id=<N>]
//       regenerates mindstudio_profiler_output/ and msprof_<ts>.db of every
//       PROF_* job in <dir> (or of <dir> itself when it is a job) from the
//       job's raw data, byte for byte what the collection wrote; --type=db
//       writes the database alone. With --model-id and --iteration-id, the
//       text export holds that iteration only (runtime/prof/export_filter.h:
//       model id 4294967295 selects a step, any other a model execution); as
//       msprof's, --type=db ignores them (with a warning)
//   msprof [--output=<dir>] [switches] <program> [args...]
//   msprof [--output=<dir>] [switches] --application="<program> [args...]"
//       runs the program with collection on (launch.h) and returns its exit
//       code; the switches (--ascendcl, --runtime-api, --task-time,
//       --msproftx, --aicpu, --l2, --hccl, --task-memory, --aic-metrics,
//       --storage-limit, --ai-core) become its PROFILER_SAMPLECONFIG
//   msprof --analyze=on [--rule=communication,communication_matrix] --output=<dir>
//       the rules analyse collective communication; aclsim simulates none, so
//       each job is reported as having no communication data (exit 0)
//   msprof --version | --help
//
// As CANN's msprof (hicann/runtime src/dfx/msprof/collector/dvvp/msprofbin,
// common/cmd_log): messages go to stdout as "[INFO] …" / "[ERROR] …", and
// every failure exits 255. Differences: aclsim's msprof also takes
// "--key value" (CANN's needs "--key=value"), has --version, exits 0 after
// --help (CANN's exits 255), fails (CANN warns and exits 0) when --output
// holds no PROF_* job, and returns the program's exit code after running it
// (CANN's returns 0 and only warns). --model-id and --iteration-id go
// together (CANN's defaults a missing one: iteration 1, the model with most
// iterations).
#include <dirent.h>
#include <sys/stat.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "launch.h"
#include "runtime/prof/export.h"
#include "runtime/prof/export_filter.h"
#include "runtime/prof/raw_data.h"

namespace {

constexpr int kOk = 0;
constexpr int kFailed = 255;

bool IsDir(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The jobs under |dir|: itself when it holds raw data, else its PROF_*
// subdirectories, in name order.
std::vector<std::string> Jobs(const std::string& dir) {
  if (IsDir(dir + "/host/data")) return {dir};
  std::vector<std::string> jobs;
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.rfind("PROF_", 0) == 0 && IsDir(dir + "/" + name)) jobs.push_back(dir + "/" + name);
    }
    closedir(d);
  }
  std::sort(jobs.begin(), jobs.end());
  return jobs;
}

struct Selection {
  bool on = false;
  uint32_t model_id = 0;
  uint64_t iteration_id = 0;
};

// The jobs of --output (Jobs), or false after saying why there are none.
bool FindJobs(const std::string& output, std::vector<std::string>* jobs) {
  if (!IsDir(output)) {
    std::printf("[ERROR] --output '%s' is not a directory\n", output.c_str());
    return false;
  }
  *jobs = Jobs(output);
  if (jobs->empty()) {
    std::printf("[ERROR] no PROF_* job under '%s'\n", output.c_str());
    return false;
  }
  return true;
}

// |db_only| (--type=db): only msprof_<ts>.db, as CANN's db export.
int Export(const std::string& output, bool db_only, const Selection& selection) {
  std::vector<std::string> jobs;
  if (!FindJobs(output, &jobs)) return kFailed;
  int status = kOk;
  for (const std::string& job : jobs) {
    std::printf("[INFO] Start exporting data in %s\n", job.c_str());
    auto raw = aclsim::prof::ReadRawData(job);
    if (!raw.ok()) {
      std::printf("[ERROR] %s\n", std::string(raw.status().message()).c_str());
      status = kFailed;
      continue;
    }
    const std::string dir = job + "/mindstudio_profiler_output";
    const std::string db = job + "/msprof_" + raw->timestamp + ".db";
    aclsim::Status s = aclsim::OkStatus();
    if (!db_only && selection.on) {
      auto part = aclsim::prof::SelectIteration(raw->data, selection.model_id, selection.iteration_id);
      if (!part.ok()) {
        std::printf("[ERROR] %s: %s\n", job.c_str(), std::string(part.status().message()).c_str());
        status = kFailed;
        continue;
      }
      std::printf("[INFO] Exporting iteration %llu of model id %u\n",
                  static_cast<unsigned long long>(selection.iteration_id), selection.model_id);
      s = aclsim::prof::WriteSessionOutput(*part, dir, raw->timestamp);
    } else if (!db_only) {
      s = aclsim::prof::WriteSessionOutput(raw->data, dir, raw->timestamp);
    }
    if (s.ok()) s = aclsim::prof::WriteSessionDb(raw->data, db);
    if (!s.ok()) {
      std::printf("[ERROR] %s\n", std::string(s.message()).c_str());
      status = kFailed;
      continue;
    }
    std::printf("[INFO] Export finished: %s\n", db_only ? db.c_str() : dir.c_str());
  }
  return status;
}

// --analyze: what the rules can compute from each job.
int Analyze(const std::string& output, const std::string& rules) {
  std::vector<std::string> wanted;
  std::istringstream list(rules);
  for (std::string rule; std::getline(list, rule, ',');) {
    if (rule != "communication" && rule != "communication_matrix") {
      std::printf("[ERROR] --rule '%s' is not one of communication, communication_matrix\n", rule.c_str());
      return kFailed;
    }
    wanted.push_back(rule);
  }
  std::vector<std::string> jobs;
  if (!FindJobs(output, &jobs)) return kFailed;
  for (const std::string& job : jobs) {
    for (const std::string& rule : wanted) {
      std::printf(
          "[WARNING] %s has no communication data (aclsim simulates no collective communication): "
          "nothing to analyze for rule %s\n",
          job.c_str(), rule.c_str());
    }
  }
  return kOk;
}

// The collection switches: PROFILER_SAMPLECONFIG keys of a launched program.
void AddCollectionSwitches(CLI::App& app, std::map<std::string, std::string>* sample) {
  const CLI::IsMember on_off({"on", "off"});
  const std::pair<const char*, const char*> switches[] = {
      {"--ascendcl", "acl"},           {"--runtime-api", "runtimeApi"},   {"--msproftx", "msproftx"},
      {"--aicpu", "aicpuTrace"},       {"--l2", "l2CacheTaskProfiling"},  {"--hccl", "hcclTrace"},
      {"--task-memory", "taskMemory"}, {"--ai-core", "ai_core_profiling"}};
  for (const auto& [flag, key] : switches) {
    app.add_option_function<std::string>(
           flag, [sample, key = key](const std::string& v) { (*sample)[key] = v; }, "on or off")
        ->check(on_off);
  }
  app.add_option_function<std::string>(
         "--task-time", [sample](const std::string& v) { (*sample)["taskTime"] = v; }, "on, off, l0, l1 or l2")
      ->check(CLI::IsMember({"on", "off", "l0", "l1", "l2"}));
  app.add_option_function<std::string>(
         "--aic-metrics", [sample](const std::string& v) { (*sample)["ai_core_metrics"] = v; },
         "the AI Core metric group")
      ->check(CLI::IsMember({"ArithmeticUtilization", "PipeUtilization", "Memory", "MemoryL0", "ResourceConflictRatio",
                             "MemoryUB", "L2Cache", "MemoryAccess"}));
  app.add_option_function<std::string>(
      "--storage-limit", [sample](const std::string& v) { (*sample)["storageLimit"] = v; }, "<N>MB, 200..4294967295");
}

// Runs --application="<program> [args...]" or the trailing <program> [args...].
int LaunchProgram(const std::string& application, const std::vector<std::string>& command, const std::string& output,
                  const std::map<std::string, std::string>& sample) {
  aclsim::msprof::LaunchOptions launch;
  launch.from_application = !application.empty();
  if (launch.from_application) {
    std::istringstream words(application);
    for (std::string w; words >> w;) launch.argv.push_back(w);
  }
  launch.argv.insert(launch.argv.end(), command.begin(), command.end());
  launch.output = output;
  launch.sample = sample;
  return aclsim::msprof::Launch(launch);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"msprof: collect and export profiling data (aclsim)", "msprof"};
  app.allow_extras(false);
  std::string export_switch = "off", analyze_switch = "off", output, type = "text", application;
  std::string rules = "communication,communication_matrix";
  std::vector<std::string> command;
  uint64_t iteration_id = 0;
  uint32_t model_id = 0;
  bool version = false;
  const CLI::IsMember on_off({"on", "off"});
  app.add_option("--export", export_switch, "on: export the collected data of --output")->check(on_off);
  app.add_option("--analyze", analyze_switch, "on: analyze the collected data of --output")->check(on_off);
  app.add_option("--output", output, "a PROF_* job, or the directory holding PROF_* jobs");
  app.add_option("--type", type, "export type")->check(CLI::IsMember({"text", "db"}));
  app.add_option("--rule", rules, "analysis rules: communication, communication_matrix");
  auto* iteration = app.add_option("--iteration-id", iteration_id, "with --model-id: export this iteration (from 1)")
                        ->check(CLI::Range(uint64_t{1}, UINT64_MAX));
  auto* model = app.add_option("--model-id", model_id,
                               "with --iteration-id: the model (4294967295: the iteration is a step index id)");
  app.add_option("--application", application, "the program (and its arguments) to run with collection on");
  app.add_flag("--version", version, "print the version");
  std::map<std::string, std::string> sample;
  AddCollectionSwitches(app, &sample);
  // The program starts at the first argument that is not an option: it and
  // everything after it are the program's.
  app.prefix_command();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kOk : kFailed;
  }
  command = app.remaining();
  if (version) {
    std::printf("msprof version: aclsim-%s (CANN %s behaviour)\n", ACLSIM_VERSION_STRING, ACLSIM_CANN_VERSION);
    return kOk;
  }
  if (!application.empty() || !command.empty()) {
    if (export_switch == "on" || analyze_switch == "on") {
      std::printf("[ERROR] --export and --analyze do not go with running an application\n");
      return kFailed;
    }
    return LaunchProgram(application, command, output, sample);
  }
  if (analyze_switch == "on") {
    if (export_switch == "on") {
      std::printf("[ERROR] --export and --analyze do not go together\n");
      return kFailed;
    }
    if (output.empty()) {
      std::printf("[ERROR] --analyze=on needs --output=<dir>\n");
      return kFailed;
    }
    return Analyze(output, rules);
  }
  if (export_switch != "on") {
    std::printf("[ERROR] nothing to do: give --export=on --output=<dir> (see --help)\n");
    return kFailed;
  }
  if (output.empty()) {
    std::printf("[ERROR] --export=on needs --output=<dir>\n");
    return kFailed;
  }
  Selection selection;
  if (*iteration || *model) {
    if (!*iteration || !*model) {
      std::printf("[ERROR] --model-id and --iteration-id go together: give both, or neither to export everything\n");
      return kFailed;
    }
    if (type == "db") {
      std::printf("[WARNING] --type=db exports everything: --model-id and --iteration-id are ignored\n");
    } else {
      selection = Selection{true, model_id, iteration_id};
    }
  }
  return Export(output, type == "db", selection);
}
