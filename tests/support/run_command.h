#pragma once
// Runs the real oyin binary (or any command) for CLI tests: exit code, stdout, stderr.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace oyin::testing {

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// `args` is appended to the oyin binary path; `input` is fed on standard input.
inline CommandResult run_oyin(const std::string& args, const std::string& input = "") {
  static int counter = 0;
  const std::string base = ::testing::TempDir() + "oyin_cmd_" + std::to_string(getpid()) + "_" +
                           std::to_string(counter++);
  {
    std::ofstream in(base + ".in");
    in << input;
  }
  const std::string cmd = std::string(OYIN_BINARY) + " " + args + " <" + base + ".in >" + base + ".out 2>" +
                          base + ".err";
  const int status = std::system(cmd.c_str());
  CommandResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  return r;
}

inline std::string last_line(const std::string& s) {
  std::string t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const auto pos = t.rfind('\n');
  return pos == std::string::npos ? t : t.substr(pos + 1);
}

}  // namespace oyin::testing
