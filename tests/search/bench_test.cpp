// The bench signature: `oyin bench` must print the node count recorded in
// tests/search/bench_signature.txt (and in the last search commit's "Bench: <N>").
#include <gtest/gtest.h>

#include <cstdio>
#include <iostream>

#include "support/run_command.h"

namespace oyin {
namespace {

TEST(Bench, NodeCountMatchesTheRecordedSignature) {
  std::string expected = oyin::testing::slurp(std::string(OYIN_SOURCE_DIR) + "/tests/search/bench_signature.txt");
  while (!expected.empty() && (expected.back() == '\n' || expected.back() == ' ')) expected.pop_back();
  ASSERT_FALSE(expected.empty());
  const auto r = oyin::testing::run_oyin("bench");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Nodes searched: " + expected + "\n"), std::string::npos)
      << "bench changed: update tests/search/bench_signature.txt and write 'Bench: <N>' in the commit message\n"
      << r.out;
  EXPECT_NE(r.out.find("Nodes/second: "), std::string::npos);
}

// The last "Bench: <N>" written in a commit message must be the signature the file records.
TEST(Bench, LastCommitMessageRecordsTheSignature) {
  const std::string dir = OYIN_SOURCE_DIR;
  const std::string cmd = "git -C '" + dir + "' log -1 --grep='^Bench: ' --format=%B 2>/dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string msg;
  if (pipe) {
    char buf[512];
    while (fgets(buf, sizeof buf, pipe)) msg += buf;
    pclose(pipe);
  }
  if (msg.empty()) {
    std::cerr << "\n*** SKIPPED: no git history with 'Bench: <N>' in " << dir << " ***\n";
    GTEST_SKIP() << "no git history";
  }
  const auto at = msg.rfind("Bench: ");
  std::string n = msg.substr(at + 7);
  n = n.substr(0, n.find_first_not_of("0123456789"));
  std::string expected = oyin::testing::slurp(dir + "/tests/search/bench_signature.txt");
  while (!expected.empty() && (expected.back() == '\n' || expected.back() == ' ')) expected.pop_back();
  EXPECT_EQ(n, expected) << "the last commit that recorded a bench number says " << n;
}

TEST(Bench, UciBenchPrintsTheSameSignature) {
  const auto a = oyin::testing::run_oyin("bench --depth 5");
  const auto b = oyin::testing::run_oyin("uci", "bench 5\n");
  const auto sig = [](const std::string& s) {
    const auto p = s.find("Nodes searched: ");
    return p == std::string::npos ? std::string() : s.substr(p, s.find('\n', p) - p);
  };
  EXPECT_FALSE(sig(a.out).empty());
  EXPECT_EQ(sig(a.out), sig(b.out));
}

}  // namespace
}  // namespace oyin
