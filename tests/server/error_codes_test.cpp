// Every error the server sends carries a code the web can translate (server/common/error_codes.h), and
// /api/meta lists them all.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "server/common/error_codes.h"
#include "server/server_process.h"

namespace oyin::testing {
namespace {

std::set<std::string> known_codes() {
  std::set<std::string> out;
  for (auto c : server::kErrorCodes) out.emplace(c);
  return out;
}

// Read the server's sources: every code written in a Reply::error(...) or a {"code", "..."}
// pair must be a known one, so no error reaches the browser untranslatable.
TEST(ErrorCodes, EveryCodeInTheServerSourcesIsDeclared) {
  const std::regex reply(R"re(Reply::error\(\s*\d+\s*,\s*"([a-z_]+)")re");
  const std::regex pair(R"re(\{"code",\s*"([a-z_]+)"\})re");
  const std::regex refuse(R"re(refuse\(\s*\d+\s*,\s*"([a-z_]+)")re");
  const std::regex response(R"re(error_response\(\s*\d+\s*,\s*"([a-z_]+)")re");
  const auto known = known_codes();
  int seen = 0;
  // Every folder of the server (its domains live in folders of their own).
  for (const auto& f : std::filesystem::recursive_directory_iterator(std::string(OYIN_SOURCE_DIR) + "/src/server")) {
    if (!f.is_regular_file()) continue;
    std::ifstream in(f.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    for (const auto* re : {&reply, &pair, &refuse, &response})
      for (std::sregex_iterator it(text.begin(), text.end(), *re), end; it != end; ++it) {
        ++seen;
        EXPECT_TRUE(known.count((*it)[1])) << f.path() << ": code '" << (*it)[1] << "' is not in kErrorCodes";
      }
  }
  EXPECT_GT(seen, 60);
}

using ErrorReplies = ServerTest;

TEST_F(ErrorReplies, CarryTheirCodeAndParams) {
  const json meta = http_get(port_, "/api/meta").body;
  std::set<std::string> listed(meta["error_codes"].begin(), meta["error_codes"].end());
  EXPECT_EQ(listed, known_codes());
  const auto expect_code = [&](const HttpResult& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.text;
    EXPECT_EQ(r.body.value("code", ""), code) << r.text;
    EXPECT_TRUE(listed.count(code));
  };
  auto r = http_post(port_, "/api/games", {{"game", "chess"}});
  expect_code(r, 400, "unknown_game");
  EXPECT_EQ(r.body["params"]["game"], "chess");
  expect_code(http_post(port_, "/api/games", {{"game", "togyz"}, {"level", 11}}), 400, "bad_level");
  expect_code(http_post(port_, "/api/games", {{"game", "capgo"}, {"rules", {{"size", 40}}}}), 400, "bad_rules");
  expect_code(http_call(port_, http::verb::post, "/api/games", "{\"game\":"), 400, "bad_json");
  // Built by append: GCC 12 misreads `std::string + std::string` of two temporaries (-Wrestrict).
  std::string nested(100, '[');
  nested.append(100, ']');
  expect_code(http_call(port_, http::verb::post, "/api/games", nested), 400, "too_deep");
  expect_code(http_get(port_, "/api/games/nope"), 404, "no_such_game");
  expect_code(http_get(port_, "/api/nothing"), 404, "not_found");
  // A path that decodes to bytes that are not UTF-8, quoted back in the error (found by the
  // server_json fuzzer): still a JSON answer, over HTTP and WebSocket.
  expect_code(http_get(port_, "/api/games/%A3%FF"), 404, "no_such_game");
  WsClient ws(port_, "/ws/games/%A3%FF");
  const auto msg = ws.read();
  ASSERT_TRUE(msg.has_value());
  EXPECT_EQ((*msg)["code"], "no_such_game");
  const json g = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}}).body;
  const std::string id = g["id"], token = g["seat"]["token"];
  r = http_post(port_, "/api/games/" + id + "/moves", {{"move", "0"}, {"token", token}});
  expect_code(r, 422, "illegal_move");
  EXPECT_EQ(r.body["params"]["move"], "0");
  expect_code(http_post(port_, "/api/games/" + id + "/moves", {{"move", "1"}, {"token", "x"}}), 403, "no_seat");
  expect_code(http_post(port_, "/api/games/" + id + "/undo", {{"token", token}}), 409, "nothing_to_undo");
}

}  // namespace
}  // namespace oyin::testing
