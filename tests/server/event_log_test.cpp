// The server's log (issue 42): one JSON object a line on stderr with ts, level and event; start
// and stop, requests at --log-level debug, sign-in limits; and never a password, a session cookie
// or a seat's token, however a client sends them.
#include <regex>
#include <set>

#include "server/account_client.h"
#include "server/server_process.h"

namespace oyin::testing {
namespace {

using EventLogTest = ServerWithOptions;

std::vector<json> events_of(const std::string& text) {
  std::vector<json> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    json e = json::parse(line, nullptr, false);
    EXPECT_TRUE(e.is_object()) << "not a JSON line: " << line;
    if (e.is_object()) out.push_back(std::move(e));
  }
  return out;
}

TEST_F(EventLogTest, EveryLineIsAnEventAndNoSecretIsEverLogged) {
  start({"--log-level", "debug"});
  const std::string password = "Quiet-Kazan-Secret-4412", next_password = "Other-Tuzdyk-Secret-9931";
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Aidana", password).status, 201);
  ASSERT_EQ(c.post("/api/account/logout").status, 200);
  ASSERT_EQ(c.sign_in("Aidana", password).status, 200);
  const std::string session = c.cookie().substr(c.cookie().find('=') + 1);
  ASSERT_GE(session.size(), 32u);
  ASSERT_EQ(c.get("/api/account").body["username"], "Aidana");
  ASSERT_EQ(c.post("/api/account/password", {{"current", password}, {"new", next_password}}).status, 200);
  // A game: its seat token sent in the header, the query, the body and a WebSocket's URL.
  const auto g = c.post("/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"], seat = g.body["seat"]["token"];
  const std::string first = g.body["state"]["legal_moves"][0];
  EXPECT_EQ(http_with(port_, http::verb::get, "/api/games/" + id, {{"X-Oyin-Seat", seat}}).status, 200);
  EXPECT_EQ(http_get(port_, "/api/games/" + id + "?token=" + seat).status, 200);
  EXPECT_EQ(http_post(port_, "/api/games/" + id + "/moves", {{"move", first}, {"token", seat}}).status, 200);
  {
    WsClient ws(port_, "/ws/games/" + id + "?token=" + seat, c.cookie());
    EXPECT_TRUE(ws.read().has_value());
  }
  // Wrong passwords until the name's limit from this address is hit (5 failures, then 429).
  CookieClient guesser(port_);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(guesser.sign_in("Aidana", next_password + std::to_string(i)).status, 401);
  EXPECT_EQ(guesser.sign_in("Aidana", next_password).status, 429);
  ASSERT_EQ(server_->terminate(), 0);
  const std::string err = file_text(server_->log_path() + ".err");
  server_.reset();

  for (const std::string& secret : {password, next_password, session, seat})
    EXPECT_EQ(err.find(secret), std::string::npos) << "a secret in the log: " << secret;
  EXPECT_EQ(err.find("oyin_session"), std::string::npos);
  const std::regex ts(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
  std::set<std::string> names;
  std::set<std::string> routes;
  for (const json& e : events_of(err)) {
    ASSERT_TRUE(e.contains("ts") && e.contains("level") && e.contains("event")) << e.dump();
    EXPECT_TRUE(std::regex_match(e["ts"].get<std::string>(), ts)) << e.dump();
    EXPECT_TRUE(std::set<std::string>({"debug", "info", "warn", "error"}).count(e["level"].get<std::string>())) << e.dump();
    names.insert(e["event"].get<std::string>());
    if (e["event"] == "start") {
      EXPECT_EQ(e["port"], port_);
      EXPECT_EQ(e["store"], testing_postgres() ? "postgresql" : "sqlite");
      EXPECT_FALSE(e["version"].get<std::string>().empty());
    }
    if (e["event"] == "request") routes.insert(e["method"].get<std::string>() + " " + e["route"].get<std::string>());
    if (e["event"] == "sign_in_limited") {
      EXPECT_EQ(e["limit"], "too_many_attempts");
    }
  }
  for (const char* name : {"start", "stop", "request", "sign_in_limited"}) EXPECT_TRUE(names.count(name)) << name << " in\n" << err;
  // Requests are logged by their route's pattern, never their path's values or query.
  for (const char* route : {"POST /api/account/login", "GET /api/games/{id}", "POST /api/games/{id}/moves"})
    EXPECT_TRUE(routes.count(route)) << route;
}

TEST_F(EventLogTest, SlowRequestsAreLoggedAboveTheThreshold) {
  // Sign-up hashes a password with Argon2id (a quarter of a second): slow beside a 1 ms threshold.
  start({"--slow-request-ms", "1"});
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Yerlan", "Slow-Hash-Password-1").status, 201);
  ASSERT_TRUE(wait_for_text(server_->log_path() + ".err", "\"event\":\"slow_request\""));
  bool found = false;
  for (const json& e : events_of(file_text(server_->log_path() + ".err")))
    if (e["event"] == "slow_request" && e["route"] == "/api/account/register") {
      found = true;
      EXPECT_EQ(e["level"], "warn");
      EXPECT_GT(e["ms"].get<double>(), 1.0);
      EXPECT_EQ(e["threshold_ms"], 1);
    }
  EXPECT_TRUE(found);
  // Below info nothing but warnings and errors: no request events by default.
  EXPECT_EQ(file_text(server_->log_path() + ".err").find("\"event\":\"request\""), std::string::npos);
}

TEST(EventLogOptions, ABadLogLevelIsRefused) {
  const auto [code, out] = run_command(std::string(server_binary()) + " serve --log-level loud --port 0");
  EXPECT_EQ(code, 2) << out;
  EXPECT_NE(out.find("--log-level"), std::string::npos) << out;
}

}  // namespace
}  // namespace oyin::testing
