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
class EdgeTest : public ServerWithOptions {
 protected:
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
};

}  // namespace oyin::testing
