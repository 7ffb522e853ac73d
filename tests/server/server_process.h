#pragma once
// A real `oyin serve` process on a free loopback port, and blocking HTTP / WebSocket clients
// (Boost.Beast) to talk to it, for the API tests.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <thread>
#include <vector>

#include "support/test_store.h"
#include "support/wait_until.h"

namespace oyin::testing {

using nlohmann::json;
namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// The oyin binary under test: OYIN_TEST_SERVER_BINARY when set (to run these tests against
// another build, e.g. to see a regression test fail before its fix), else this build's.
inline const char* server_binary() {
  const char* b = std::getenv("OYIN_TEST_SERVER_BINARY");
  return b && *b ? b : OYIN_BINARY;
}

// A shell command's exit code (-1 when it did not exit normally) and its output, stderr included.
inline std::pair<int, std::string> run_command(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return {-1, ""};
  std::string out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// Whether `oyin serve` of the binary under test knows `option` (an older build may not).
inline bool serve_has_option(const std::string& option) {
  return run_command(std::string(server_binary()) + " serve --help").second.find(option) != std::string::npos;
}

class ServerProcess {
 public:
  // `db` is a SQLite path (under OYIN_TEST_STORE=postgresql: a PostgreSQL database in its stead).
  ServerProcess(std::string db, std::string web = "/nonexistent", std::vector<std::string> args = {})
      : db_(store_for(db)), logs_(log_base(db)), web_(std::move(web)), args_(std::move(args)) {}
  ~ServerProcess() { kill9(); }
  // The store the server runs on (the SQLite path, or the PostgreSQL URL in its stead), for a
  // test that runs another command on it (`oyin admin`).
  const std::string& store() const { return db_; }

  // Starts the server and waits (up to 10 s) for its "listening on" line; false on failure.
  // `port` 0 picks a free one; a restart may ask for the port it had (and may find it taken).
  bool start(int port = 0) {
    log_ = logs_ + std::to_string(starts_++);
    port_ = 0;
    // A log left by an earlier process with the same pid (the logs' folder names the pid) would
    // otherwise be read before the child truncates it: an old port, "Connection refused".
    std::filesystem::remove(log_);
    std::filesystem::remove(log_ + ".err");
    std::vector<std::string> argv{server_binary(), "serve", "--port", std::to_string(port), "--db", db_, "--web", web_};
    for (std::size_t i = 0; i + 1 < args_.size(); i += 2)  // "--option value" pairs it knows
      if (serve_has_option(args_[i])) argv.insert(argv.end(), {args_[i], args_[i + 1]});
    pid_ = fork();
    if (pid_ == 0) {
      if (file_limit_ > 0) {
        const rlimit r{file_limit_, hard_file_limit_ ? hard_file_limit_ : file_limit_};
        setrlimit(RLIMIT_NOFILE, &r);
      }
      std::freopen(log_.c_str(), "w", stdout);
      std::freopen((log_ + ".err").c_str(), "w", stderr);
      std::vector<char*> cargs;
      for (auto& a : argv) cargs.push_back(a.data());
      cargs.push_back(nullptr);
      execv(cargs[0], cargs.data());
      _exit(127);
    }
    // The server binds the port itself (with port 0 the kernel picks a free one, so no other
    // process can take it between a test's choice and the bind) and prints it; a server that
    // could not bind (a restart on a port someone took meanwhile) exits, and start() says so at
    // once instead of waiting out the deadline.
    bool exited = false;
    wait_until([&] {
      std::ifstream in(log_);
      std::string line;
      if (std::getline(in, line) && !in.eof())  // a whole line, not one still being written
        if (const auto p = line.find("127.0.0.1:"); p != std::string::npos) {
          port_ = std::stoi(line.substr(p + 10));
          return true;
        }
      int status = 0;
      exited = waitpid(pid_, &status, WNOHANG) == pid_;
      return exited;
    });
    if (exited) pid_ = -1;
    return pid_ > 0 && port_ > 0;
  }
  void kill9() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  // SIGTERM and wait; returns the exit code.
  int terminate() {
    if (pid_ <= 0) return -1;
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  // The open-files limit the next start runs under (the hard one `soft` too unless given); 0:
  // this process's own.
  void set_file_limit(rlim_t soft, rlim_t hard = 0) {
    file_limit_ = soft;
    hard_file_limit_ = hard;
  }
  const std::string& log_path() const { return log_; }
  // Resident memory in kB (VmRSS), 0 when unknown.
  long rss_kb() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0;
  }

 private:
  // Logs beside a SQLite file; a server on a PostgreSQL URL logs in the temporary folder.
  static std::string log_base(const std::string& db) {
    if (!storage::is_postgres_url(db)) return db + ".log.";
    static int servers = 0;
    return ::testing::TempDir() + "oyin_server_" + std::to_string(getpid()) + "_" + std::to_string(++servers) + ".log.";
  }
  std::string db_, logs_, web_, log_;
  std::vector<std::string> args_;
  int starts_ = 0;
  pid_t pid_ = -1;
  int port_ = 0;
  rlim_t file_limit_ = 0, hard_file_limit_ = 0;
};

// A fixture with a server of its own for each test, on a fresh database named after the test
// (one database, and so one server log, per test: the port is read from the log). ServerTest
// starts it before the test with no options; a test of ServerWithOptions calls start() with the
// options it needs.
class ServerWithOptions : public ::testing::Test {
 protected:
  // `soft`/`hard`: the server's open-file limit, when not 0.
  void start(std::vector<std::string> args = {}, rlim_t soft = 0, rlim_t hard = 0) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string dir = ::testing::TempDir() + "oyin_" + info->test_suite_name() + "_" + std::to_string(getpid());
    std::filesystem::create_directories(dir);
    db_ = dir + "/" + info->name() + ".sqlite";
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db_ + ext);
    server_ = std::make_unique<ServerProcess>(db_, "/nonexistent", std::move(args));
    if (soft) server_->set_file_limit(soft, hard);
    ASSERT_TRUE(server_->start()) << "the server did not start";
    port_ = server_->port();
  }
  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->terminate(), 0);
    }
  }
  std::string db_;
  std::unique_ptr<ServerProcess> server_;
  int port_ = 0;
};

class ServerTest : public ServerWithOptions {
 protected:
  void SetUp() override { start(); }
};

struct HttpResult {
  int status = 0;
  std::string text;
  json body;
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : std::string(it->value());
  }
  http::fields headers;
};

// One request on a new connection; `cookie` ("name=value") is sent when not empty.
using Headers = std::vector<std::pair<std::string, std::string>>;

// One request on a new connection from `source` (any 127.x.y.z is this machine); a Host header of
// the server's own unless `headers` name one.
inline HttpResult http_with(int port, http::verb verb, const std::string& target, const Headers& headers,
                            const std::string& body = "", const std::string& source = "127.0.0.1") {
  net::io_context ioc;
  tcp::socket sock(ioc);
  sock.open(tcp::v4());
  sock.bind(tcp::endpoint(net::ip::make_address(source), 0));
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  http::request<http::string_body> req(verb, target, 11);
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (const auto& [k, v] : headers) req.set(k, v);
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  http::write(sock, req);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(sock, buf, res);
  HttpResult r;
  r.status = static_cast<int>(res.result_int());
  r.text = res.body();
  r.body = json::parse(r.text, nullptr, false);
  r.headers = res.base();
  return r;
}

// One request on a new connection; `cookie` ("name=value") is sent when not empty.
inline HttpResult http_call(int port, http::verb verb, const std::string& target, const std::string& body = "",
                            const std::string& cookie = "") {
  return http_with(port, verb, target, cookie.empty() ? Headers{} : Headers{{"Cookie", cookie}}, body);
}
inline HttpResult http_get(int port, const std::string& target) { return http_call(port, http::verb::get, target); }
inline HttpResult http_post(int port, const std::string& target, const json& body) {
  return http_call(port, http::verb::post, target, body.dump());
}

// Sends `request` as raw bytes (write errors ignored: the server may answer before it has read
// everything) and reads one response; nullopt when none could be read.
inline std::optional<http::response<http::string_body>> raw_http(int port, const std::string& request) {
  net::io_context ioc;
  tcp::socket sock(ioc);
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  beast::error_code ec;
  net::write(sock, net::buffer(request), ec);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(sock, buf, res, ec);
  if (ec) return std::nullopt;
  return res;
}

// A WebSocket client whose reads time out instead of hanging a test.
class WsClient {
 public:
  // `cookie`: a Cookie header for the upgrade request (a signed-in browser's session).
  WsClient(int port, const std::string& target, const std::string& cookie = "") : ws_(ioc_) {
    auto& s = beast::get_lowest_layer(ws_);
    s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
    if (!cookie.empty())
      ws_.set_option(beast::websocket::stream_base::decorator(
          [cookie](beast::websocket::request_type& req) { req.set(http::field::cookie, cookie); }));
    ws_.handshake("127.0.0.1:" + std::to_string(port), target);
  }
  void send(const json& j) { ws_.write(net::buffer(j.dump())); }
  void send_text(const std::string& text) { ws_.write(net::buffer(text)); }
  void close() {
    beast::error_code ec;
    ws_.close(beast::websocket::close_code::normal, ec);
  }
  std::optional<json> read(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) {
    beast::flat_buffer buf;
    bool done = false;
    beast::error_code ec;
    ws_.async_read(buf, [&](beast::error_code e, std::size_t) {
      done = true;
      ec = e;
    });
    ioc_.restart();
    ioc_.run_for(timeout);
    if (!done) {
      beast::get_lowest_layer(ws_).cancel();
      ioc_.restart();
      ioc_.run();
      return std::nullopt;
    }
    if (ec) return std::nullopt;
    return json::parse(beast::buffers_to_string(buf.data()), nullptr, false);
  }
  // Reads until a state push with `ply` plies arrives (skipping older ones).
  std::optional<json> read_state_at(std::size_t ply) {
    for (int i = 0; i < 20; ++i) {
      auto m = read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == "state" && (*m)["state"]["ply"] == ply) return (*m)["state"];
    }
    return std::nullopt;
  }

 private:
  net::io_context ioc_;
  beast::websocket::stream<beast::tcp_stream> ws_;
};

}  // namespace oyin::testing
