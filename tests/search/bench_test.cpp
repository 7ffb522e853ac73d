// The bench signature: `oyin bench` must print the node count recorded in
// tests/search/bench_signature.txt (and in the last search commit's "Bench: <N>").
#include <gtest/gtest.h>

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
