#pragma once
// For the tests of the server's HTTP edge (the client's address behind a proxy, origins, headers,
// connection caps): a server per test with the options it names, and HTTP and WebSocket clients
// that send headers of the test's choosing, from a loopback source address of its choosing.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "server/server_process.h"

namespace oyin::testing {

using Headers = std::vector<std::pair<std::string, std::string>>;

// One request on a new connection from `source` (any 127.x.y.z is this machine); a Host header
// of the server's own unless `headers` name one.
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

// The status of a WebSocket upgrade to `target` with `headers` (101 when accepted).
inline int ws_upgrade_status(int port, const std::string& target, const Headers& headers) {
  net::io_context ioc;
  beast::websocket::stream<beast::tcp_stream> ws(ioc);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(5));
  ws.set_option(beast::websocket::stream_base::decorator([headers](beast::websocket::request_type& req) {
    for (const auto& [k, v] : headers) req.set(k, v);
  }));
  beast::websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, "127.0.0.1:" + std::to_string(port), target, ec);
  return static_cast<int>(res.result_int());
}

// A fixture whose test starts its server with the options it needs.
class EdgeTest : public ::testing::Test {
 protected:
  void start(std::vector<std::string> args = {}) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string dir = ::testing::TempDir() + "oyin_" + info->test_suite_name() + "_" + std::to_string(getpid());
    std::filesystem::create_directories(dir);
    db_ = dir + "/" + info->name() + ".sqlite";
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db_ + ext);
    server_ = std::make_unique<ServerProcess>(db_, "/nonexistent", std::move(args));
    ASSERT_TRUE(server_->start()) << "the server did not start";
    port_ = server_->port();
  }
  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->terminate(), 0);
    }
  }
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }

  std::string db_;
  std::unique_ptr<ServerProcess> server_;
  int port_ = 0;
};

}  // namespace oyin::testing
