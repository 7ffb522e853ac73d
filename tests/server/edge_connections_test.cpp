// One client must not take every file descriptor of the server: its connections beyond
// --max-connections-per-address are closed at once, so others are still served; when the process
// runs out of descriptors anyway, the accept loop waits instead of spinning on EMFILE; and the
// server takes the whole hard open-files limit at start.
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "server/edge_http.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class EdgeConnections : public EdgeTest {
 protected:
  void start_limited(std::vector<std::string> args, rlim_t soft, rlim_t hard = 0) { start(std::move(args), soft, hard); }
  std::vector<tcp::socket> flood(int n) {
    std::vector<tcp::socket> out;
    for (int i = 0; i < n; ++i) {
      tcp::socket s(ioc_);
      beast::error_code ec;
      s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)), ec);
      if (!ec) out.push_back(std::move(s));
    }
    return out;
  }
  // The server's CPU time (user + system) in seconds.
  double cpu_s() const {
    std::ifstream in("/proc/" + std::to_string(server_->pid()) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream fields(stat.substr(stat.rfind(')') + 2));
    std::string f;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {
      if (i == 14) utime = std::stol(f);
      if (i == 15) stime = std::stol(f);
    }
    return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
  }
  // The second is the thing measured (a server that spins uses most of it), not a wait.
  double cpu_over_a_second() {
    const double before = cpu_s();
    std::this_thread::sleep_for(std::chrono::seconds(1));
    return cpu_s() - before;
  }
  // GET `target` from `source`, giving up after `timeout`: the status, 0 when none came.
  int timed_get(const std::string& target, const std::string& source, std::chrono::milliseconds timeout) {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.socket().open(tcp::v4());
    stream.socket().bind(tcp::endpoint(net::ip::make_address(source), 0));
    stream.expires_after(timeout);
    http::request<http::string_body> req(http::verb::get, target, 11);
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port_));
    beast::flat_buffer buf;
    http::response<http::string_body> res;
    int status = 0;
    stream.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)),
                         [&](beast::error_code ec) {
                           if (ec) return;
                           http::async_write(stream, req, [&](beast::error_code ec, std::size_t) {
                             if (ec) return;
                             http::async_read(stream, buf, res, [&](beast::error_code ec, std::size_t) {
                               if (!ec) status = static_cast<int>(res.result_int());
                             });
                           });
                         });
    ioc.run();
    return status;
  }
  // Whether the server has closed its end of `s` (a read finds the end, not "would block").
  static bool closed_by_server(tcp::socket& s) {
    s.non_blocking(true);
    char c;
    beast::error_code ec;
    s.read_some(net::buffer(&c, 1), ec);
    return ec && ec != net::error::would_block;
  }
  net::io_context ioc_;
};

TEST_F(EdgeConnections, OneClientsFloodIsCappedAndOthersAreStillServed) {
  start_limited({"--max-connections-per-address", "64"}, 256);
  auto mine = flood(300);
  ASSERT_EQ(mine.size(), 300u);
  // The server closes each connection past the 64th as it accepts it.
  std::size_t closed = 0;
  wait_until(
      [&] {
        closed = 0;
        for (auto& s : mine) closed += closed_by_server(s);
        return closed >= 300 - 64;
      },
      kWaitDeadline, std::chrono::milliseconds(50));
  EXPECT_EQ(closed, 300u - 64u);
  EXPECT_LT(cpu_over_a_second(), 0.2);
  // Another client is served while the flood holds its 64 places (shut out, it would get no
  // answer at all: no time limit but the request's own).
  EXPECT_EQ(timed_get("/api/meta", "127.0.0.2", std::chrono::seconds(10)), 200) << "another client is shut out";
  // The flood's own places come back when it closes them.
  mine.clear();
  EXPECT_TRUE(wait_until([&] { return timed_get("/api/meta", "127.0.0.1", std::chrono::seconds(1)) == 200; }))
      << "the flood's address is still shut out";
}

TEST_F(EdgeConnections, OutOfFilesTheAcceptLoopWaitsInsteadOfSpinning) {
  start_limited({"--max-connections-per-address", "100000"}, 256);
  auto mine = flood(300);  // more than the server's descriptors
  // Measured once the server has run out of descriptors (it says so once: an accept_failed event).
  const std::string err = server_->log_path() + ".err";
  EXPECT_TRUE(wait_for_text(err, "\"event\":\"accept_failed\"")) << file_text(err);
  EXPECT_LT(cpu_over_a_second(), 0.2);
  mine.clear();
  // Served again once descriptors are free.
  EXPECT_TRUE(wait_until([&] { return timed_get("/api/meta", "127.0.0.2", std::chrono::seconds(1)) == 200; }))
      << "not served again";
  ASSERT_EQ(server_->terminate(), 0);
  const std::string log = file_text(err);
  const auto first = log.find("\"event\":\"accept_failed\"");
  EXPECT_NE(first, std::string::npos) << log;
  server_.reset();
}

TEST_F(EdgeConnections, TheServerTakesTheWholeHardFileLimit) {
  start_limited({}, 256, 2048);
  std::ifstream in("/proc/" + std::to_string(server_->pid()) + "/limits");
  std::string line;
  while (std::getline(in, line))
    if (line.starts_with("Max open files")) {
      std::istringstream f(line.substr(14));
      long soft = 0, hard = 0;
      f >> soft >> hard;
      EXPECT_EQ(soft, 2048);
      EXPECT_EQ(hard, 2048);
      return;
    }
  FAIL() << "no open-files limit in /proc";
}

}  // namespace
}  // namespace oyin::testing
