// GTP with oyin's MCTS behind genmove (oyin gtp --level N) and lz-analyze streaming.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <ext/stdio_filebuf.h>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <thread>

#include "games/capgo/game.h"
#include "protocol/gtp.h"
#include "protocol/gtp_analyze.h"
#include "support/run_command.h"
#include "support/wait_until.h"

namespace oyin::protocol {
namespace {

// An output stream's text that another thread may read while it is written: no put area, so
// every write comes through overflow/xsputn, under a lock.
class SharedText : public std::streambuf {
 public:
  std::string text() const {
    std::lock_guard lock(m_);
    return text_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    std::lock_guard lock(m_);
    text_ += traits_type::to_char_type(c);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard lock(m_);
    text_.append(s, static_cast<std::size_t>(n));
    return n;
  }

 private:
  mutable std::mutex m_;
  std::string text_;
};

TEST(CapgoGtpAi, GenmoveTakesTheWinningCapture) {
  // White C3 is surrounded on three sides: Black wins at C4.
  auto r = oyin::testing::run_oyin("gtp --rules size=5,target=1 --level 6 --playouts 300",
                                   "play b B3\nplay w C3\nplay b D3\nplay w A5\nplay b C2\nplay w E5\n"
                                   "genmove b\ngogui-rules_final_result\nname\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("= C4\n\n= black\n\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("= oyin\n\n"), std::string::npos);
}

TEST(CapgoGtpAi, LzAnalyzeIsAKnownCommandOfTheAi) {
  auto r = oyin::testing::run_oyin("gtp --rules size=5,target=1", "known_command lz-analyze\nlist_commands\n");
  EXPECT_EQ(r.out.substr(0, 8), "= true\n\n") << r.out;
  EXPECT_NE(r.out.find("\noyin-set_rules\nlz-analyze\n\n"), std::string::npos) << r.out;
  r = oyin::testing::run_oyin("gtp --rules size=5,target=1 --level -1", "known_command lz-analyze\nlist_commands\n");
  EXPECT_EQ(r.out.substr(0, 9), "= false\n\n") << r.out;
  EXPECT_EQ(r.out.find("lz-analyze"), std::string::npos) << r.out;
}

TEST(CapgoGtpAi, LzAnalyzeStreamsUntilTheNextCommand) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  __gnu_cxx::stdio_filebuf<char> buf(fds[0], std::ios::in);
  std::istream in(&buf);
  SharedText text_out;
  std::ostream out(&text_out);
  auto rules = *capgo::CaptureGo::parse_rules("size=7,target=1");
  const capgo::Position pos = capgo::CaptureGo::start_position(rules);
  // The next command comes once several reports have (at 50 ms each, however busy the machine).
  auto lines = [&] {
    const std::string t = text_out.text();
    return std::count(t.begin(), t.end(), '\n');
  };
  std::thread writer([&] {
    EXPECT_TRUE(oyin::testing::wait_until([&] { return lines() >= 4; })) << "fewer than 3 reports in 10 s";
    const char next[] = "name\n";
    ASSERT_EQ(write(fds[1], next, sizeof next - 1), static_cast<ssize_t>(sizeof next - 1));
    close(fds[1]);
  });
  std::string line = "7 lz-analyze b 5";
  EXPECT_TRUE(run_lz_analyze(pos, 1, line, in, out));
  writer.join();
  EXPECT_EQ(line, "name");
  const std::string text = text_out.text();
  EXPECT_EQ(text.rfind("=7\ninfo move ", 0), 0u) << text.substr(0, 200);
  EXPECT_EQ(text.substr(text.size() - 2), "\n\n");
  EXPECT_GE(lines(), 5) << "the reports and the blank line that ends them";
  std::string other = "genmove b";
  EXPECT_FALSE(run_lz_analyze(pos, 1, other, in, out));
}

}  // namespace
}  // namespace oyin::protocol
