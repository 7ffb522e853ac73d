// GET /metrics (issue 42): Prometheus text with the requests per route (counters and latency
// histograms), WebSocket connections, games in memory, sign-in failures, the process's memory and
// descriptors; answered to loopback clients, and to others only with the bearer token.
#include <regex>

#include "server/account_client.h"
#include "server/server_process.h"

namespace oyin::testing {
namespace {

using MetricsTest = ServerWithOptions;

// The value of the sample `series` (name and labels exactly as written), -1 when absent.
double sample(const std::string& text, const std::string& series) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
  return -1;
}

TEST_F(MetricsTest, NamesAndCountersThatMove) {
  start({"--trusted-proxy", "127.0.0.1/32", "--metrics-token", "metrics-secret-77"});
  for (int i = 0; i < 3; ++i) ASSERT_EQ(http_get(port_, "/api/meta").status, 200);
  auto m = http_get(port_, "/metrics");
  ASSERT_EQ(m.status, 200) << m.text;
  EXPECT_EQ(m.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
  const std::string meta = R"(oyin_http_requests_total{method="GET",route="/api/meta",status="200"})";
  EXPECT_EQ(sample(m.text, meta), 3) << m.text;
  for (const char* type : {"# TYPE oyin_http_requests_total counter", "# TYPE oyin_http_request_duration_seconds histogram",
                           "# TYPE oyin_sign_in_failures_total counter", "# TYPE oyin_websocket_connections gauge",
                           "# TYPE oyin_games_in_memory gauge", "# TYPE oyin_process_resident_memory_bytes gauge",
                           "# TYPE oyin_process_open_fds gauge"})
    EXPECT_NE(m.text.find(type), std::string::npos) << type;
  EXPECT_EQ(sample(m.text, R"(oyin_http_request_duration_seconds_count{method="GET",route="/api/meta"})"), 3);
  EXPECT_EQ(sample(m.text, R"(oyin_http_request_duration_seconds_bucket{method="GET",route="/api/meta",le="+Inf"})"), 3);
  EXPECT_GT(sample(m.text, "oyin_process_resident_memory_bytes"), 1e6);
  EXPECT_GT(sample(m.text, "oyin_process_open_fds"), 3);
  // Routes by pattern: a game's id never makes a series of its own.
  const auto g = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(g.status, 201);
  const std::string id = g.body["id"];
  ASSERT_EQ(http_get(port_, "/api/games/" + id).status, 200);
  CookieClient c(port_);
  EXPECT_EQ(c.sign_in("nobody-here", "Wrong-Password-1").status, 401);
  std::optional<WsClient> ws(std::in_place, port_, "/ws/games/" + id);
  ASSERT_TRUE(ws->read());
  m = http_get(port_, "/metrics");
  EXPECT_EQ(sample(m.text, meta), 3);
  EXPECT_EQ(sample(m.text, R"(oyin_http_requests_total{method="GET",route="/api/games/{id}",status="200"})"), 1) << m.text;
  EXPECT_EQ(m.text.find(id), std::string::npos);
  EXPECT_EQ(sample(m.text, R"(oyin_sign_in_failures_total{reason="bad_credentials"})"), 1) << m.text;
  EXPECT_EQ(sample(m.text, "oyin_websocket_connections"), 1) << m.text;
  EXPECT_GE(sample(m.text, "oyin_games_in_memory"), 1);
  ws->close();
  ws.reset();
  EXPECT_TRUE(wait_until([&] { return sample(http_get(port_, "/metrics").text, "oyin_websocket_connections") == 0; }));
}

TEST_F(MetricsTest, OnlyLoopbackClientsOrTheBearerToken) {
  start({"--trusted-proxy", "127.0.0.1/32", "--metrics-token", "metrics-secret-77"});
  // Through the (trusted) proxy from a client elsewhere.
  const Headers away{{"X-Forwarded-For", "203.0.113.9"}};
  EXPECT_EQ(http_with(port_, http::verb::get, "/metrics", away).status, 404);
  Headers wrong = away;
  wrong.emplace_back("Authorization", "Bearer metrics-secret-78");
  EXPECT_EQ(http_with(port_, http::verb::get, "/metrics", wrong).status, 404);
  Headers right = away;
  right.emplace_back("Authorization", "Bearer metrics-secret-77");
  const auto r = http_with(port_, http::verb::get, "/metrics", right);
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.text.find("oyin_http_requests_total"), std::string::npos);
}

}  // namespace
}  // namespace oyin::testing
