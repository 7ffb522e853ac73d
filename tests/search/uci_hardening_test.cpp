// UCI against a client that does not wait (issue 11): "stop" must end a search even when a
// command sent after "go" is waiting for it, "go perft" must stop, and a Hash size that cannot
// be had is an error line, never an abort. The engine runs as the real binary with its
// standard input held open, as a GUI holds it.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "protocol/uci.h"
#include "support/run_command.h"
#include "support/wait_until.h"

namespace oyin {
namespace {

using oyin::testing::run_oyin;
using oyin::testing::slurp;

// `oyin uci` (killed after 60 s at most) with its input held open: write lines, wait for a reply.
class LiveUci {
 public:
  explicit LiveUci(const std::string& prefix = "") {
    out_ = ::testing::TempDir() + "oyin_live_uci_" + std::to_string(getpid()) + "_" + std::to_string(counter_++);
    const std::string cmd = prefix + "timeout 60 " + std::string(OYIN_BINARY) + " uci >" + out_ + " 2>&1";
    pipe_ = popen(cmd.c_str(), "w");
  }
  ~LiveUci() {
    if (pipe_) close();
  }
  void send(const std::string& lines) {
    std::fputs(lines.c_str(), pipe_);
    std::fflush(pipe_);
  }
  // Waits until the output holds `text` `times` times (true) or `seconds` pass (false).
  bool wait_for(const std::string& text, int times = 1, double seconds = 20) {
    return oyin::testing::wait_until(
        [&] {
          const std::string out = output();
          int n = 0;
          for (auto at = out.find(text); at != std::string::npos; at = out.find(text, at + 1)) ++n;
          return n >= times;
        },
        std::chrono::milliseconds(static_cast<int>(seconds * 1000)), std::chrono::milliseconds(20));
  }
  std::string output() const { return slurp(out_); }
  int close() {
    const int status = pclose(pipe_);
    pipe_ = nullptr;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  static inline int counter_ = 0;
  std::string out_;
  FILE* pipe_ = nullptr;
};

TEST(UciHardening, StopIsReadWhilePositionWaitsForAnInfiniteSearch) {
  LiveUci uci;
  // Before the fix "position" waited for the search, so "stop" was never read: no bestmove.
  uci.send("go infinite\nposition startpos\nstop\nisready\n");
  EXPECT_TRUE(uci.wait_for("readyok")) << uci.output();
  EXPECT_NE(uci.output().find("bestmove "), std::string::npos) << uci.output();
  uci.send("setoption name MultiPV value 2\ngo infinite\nsetoption name MultiPV value 1\nstop\nisready\n");
  EXPECT_TRUE(uci.wait_for("readyok\n", 2)) << uci.output();
  EXPECT_TRUE(uci.wait_for("bestmove ", 2)) << uci.output();
  uci.send("quit\n");
  EXPECT_EQ(uci.close(), 0);
}

TEST(UciHardening, StopEndsGoPerft) {
  LiveUci uci;
  uci.send("position startpos\ngo perft 12\nisready\n");
  EXPECT_TRUE(uci.wait_for("readyok")) << "isready is answered while perft runs: " << uci.output();
  uci.send("stop\n");
  EXPECT_TRUE(uci.wait_for("info string perft stopped")) << uci.output();
  EXPECT_EQ(uci.output().find("Nodes searched"), std::string::npos) << "no partial count as a result";
  uci.send("go perft 2\n");
  EXPECT_TRUE(uci.wait_for("Nodes searched: 73 (")) << "the stop was used up: " << uci.output();
  uci.send("quit\n");
  EXPECT_EQ(uci.close(), 0);
}

TEST(UciHardening, QuitEndsARunningPerftAtOnce) {
  LiveUci uci;
  uci.send("position startpos\ngo perft 12\nquit\n");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(uci.close(), 0) << "124 would be the 60 s timeout";
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

TEST(UciHardening, HashAdvertisesASaneMaximumAndRefusesMore) {
  const auto r = run_oyin("uci", "uci\nsetoption name Hash value 65536\nsetoption name Hash value 4097\nisready\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("option name Hash type spin default 16 min 1 max 4096\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("info string error: Hash must be 1..4096 MB, not '65536'\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("info string error: Hash must be 1..4096 MB, not '4097'\n"), std::string::npos) << r.out;
  EXPECT_EQ(oyin::testing::last_line(r.out), "readyok");
}

TEST(UciHardening, HashThatCannotBeHadIsAnErrorNotAnAbort) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit this test sets";
#else
  // 1.5 GB of address space: 4096 MB cannot be had, 64 MB can; the engine goes on searching.
  const std::string in = ::testing::TempDir() + "oyin_uci_hash.in";
  {
    std::ofstream f(in);
    f << "setoption name Hash value 4096\nsetoption name Hash value 64\nposition startpos\ngo depth 3\nisready\n";
  }
  const std::string out = in + ".out";
  const int status = std::system(("ulimit -v 1500000; " + std::string(OYIN_BINARY) + " uci <" + in + " >" + out + " 2>&1").c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << slurp(out);
  const std::string text = slurp(out);
  EXPECT_NE(text.find("info string error: cannot allocate 4096 MB for the hash table (out of memory); keeping 16 MB\n"),
            std::string::npos) << text;
  EXPECT_NE(text.find("bestmove "), std::string::npos) << text;
  EXPECT_NE(text.find("readyok\n"), std::string::npos) << text;
#endif
}

TEST(UciHardening, BoundedInProcessSessionEndsEveryCommand) {
  // The fuzzing driver's mode: searches capped (even "go infinite"), perft depth capped, no bench.
  std::ostringstream out;
  protocol::UciDriver uci(out, protocol::UciOptions{.bounded = true});
  for (const char* line : {"position startpos", "go infinite", "go perft 9", "bench", "setoption name Hash value 4096",
                           "setoption name Threads value 64", "isready"})
    EXPECT_TRUE(uci.handle(line)) << line;
  uci.finish();
  const std::string text = out.str();
  EXPECT_NE(text.find("bestmove "), std::string::npos) << text;
  EXPECT_NE(text.find("Nodes searched: 73 ("), std::string::npos) << "perft 2 from the start: " << text;
  EXPECT_NE(text.find("info string error: bench is not available in this session"), std::string::npos) << text;
  EXPECT_NE(text.find("info string error: Hash is fixed in this session"), std::string::npos) << text;
  EXPECT_NE(text.find("info string error: Threads must be 1..1"), std::string::npos) << text;
  EXPECT_FALSE(uci.handle("quit"));
}

}  // namespace
}  // namespace oyin
