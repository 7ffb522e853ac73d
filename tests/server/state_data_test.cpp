// The server sends the game as data (board, rules values, legal moves, end reason as a code),
// so the browser draws and translates without parsing any notation. Real server, real HTTP.
#include <gtest/gtest.h>

#include <filesystem>

#include "server/server_process.h"

namespace oyin::testing {
namespace {

class StateData : public ServerTest {
 protected:
  json hotseat(const std::string& game, const json& rules = json::object()) {
    auto r = http_post(port_, "/api/games", {{"game", game}, {"mode", "hotseat"}, {"rules", rules}});
    EXPECT_EQ(r.status, 201) << r.text;
    return r.body;
  }
  json play(const json& created, const std::string& m) {
    auto r = http_post(port_, "/api/games/" + created["id"].get<std::string>() + "/moves",
                       {{"move", m}, {"token", created["seat"]["token"]}});
    EXPECT_EQ(r.status, 200) << m << ": " << r.text;
    return r.body;
  }
};

TEST_F(StateData, MetaDescribesEveryGamesOptionsLevelsAndBoard) {
  const json meta = http_get(port_, "/api/meta").body;
  std::map<std::string, json> by_name;
  for (const auto& g : meta["games"]) by_name[g["name"]] = g;
  ASSERT_EQ(by_name.size(), 3u);
  EXPECT_EQ(by_name["togyz"]["protocol"], "uci");
  EXPECT_EQ(by_name["capgo"]["protocol"], "gtp");
  EXPECT_EQ(by_name["togyz"]["levels"].size(), 11u);
  EXPECT_EQ(by_name["capgo"]["levels"][10]["summary"], "80000 playouts");
  // Every capture Go option the rules text takes, with its range.
  std::vector<std::string> names;
  for (const auto& o : by_name["capgo"]["rule_options"]) names.push_back(o["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"size", "target", "target_b", "target_w", "pass", "setup"}));
  EXPECT_EQ(by_name["capgo"]["rule_options"][0]["max"], 19);
  EXPECT_EQ(by_name["tojmot"]["rule_options"].size(), 4u);
  // Tojmot's board: 89 cells, three in each 1's zone, promotion cells per side.
  const json& cells = by_name["tojmot"]["board"]["cells"];
  ASSERT_EQ(cells.size(), 89u);
  int white_zone = 0, black_promotes = 0;
  for (const auto& c : cells) {
    white_zone += c["zone"] == "white";
    black_promotes += c["promotes"] == "black";
  }
  EXPECT_EQ(white_zone, 3);
  EXPECT_EQ(black_promotes, 2);  // Black's Romans promote on White's X start cells E3 and I3
}

TEST_F(StateData, TogyzBoardAndLastMove) {
  const json g = hotseat("togyz");
  EXPECT_EQ(g["state"]["board"]["pits"][0], json({9, 9, 9, 9, 9, 9, 9, 9, 9}));
  EXPECT_EQ(g["state"]["board"]["last"], nullptr);
  EXPECT_EQ(g["state"]["legal"][6], json({{"move", "76"}, {"pit", 7}}));
  const json s = play(g, "7");
  // White's 7th pit sows 10 stones: 1 back into pit 7, the last lands on Black's pit 6, which
  // then holds 10: an even count, captured.
  EXPECT_EQ(s["board"]["kazans"], json({10, 0}));
  EXPECT_EQ(s["board"]["last"]["pit"], 7);
  EXPECT_EQ(s["board"]["last"]["landing"], json({{"side", "black"}, {"pit", 6}}));
  EXPECT_EQ(s["board"]["last"]["gained"], 10);
  EXPECT_EQ(s["board"]["last"]["captured"], 10);
  EXPECT_EQ(s["end"], nullptr);
}

TEST_F(StateData, BoardsOfPastPliesByRange) {
  const json g = hotseat("togyz");
  for (const char* m : {"7", "4", "1"}) play(g, m);
  const auto r = http_get(port_, "/api/games/" + g["id"].get<std::string>() + "/boards?from=1&to=3");
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["boards"].size(), 3u);
  EXPECT_EQ(r.body["boards"][0]["kazans"], json({10, 0}));
  EXPECT_EQ(r.body["boards"][1]["last"]["side"], "black");
  EXPECT_EQ(r.body["plies"], 3);
  EXPECT_EQ(http_get(port_, "/api/games/" + g["id"].get<std::string>() + "/boards?from=9").status, 400);
}

TEST_F(StateData, CaptureGoTargetsAndEndCode) {
  // Per-colour targets as a handicap: the board says 3 for Black and 1 for White.
  const json g = hotseat("capgo", {{"size", 3}, {"target_b", 3}, {"target_w", 1}});
  EXPECT_EQ(g["state"]["board"]["targets"], json({3, 1}));
  EXPECT_EQ(g["state"]["rules_values"]["target_b"], 3);
  EXPECT_EQ(g["state"]["rules_values"]["target"], nullptr);
  // White captures the black stone on A1 and reaches its target of 1.
  play(g, "A1");
  play(g, "B1");
  play(g, "C3");
  const json s = play(g, "A2");
  EXPECT_EQ(s["board"]["rows"], json({"..X", "O..", ".O."}));
  EXPECT_EQ(s["board"]["last"]["captured"], 1);
  EXPECT_EQ(s["end"], json({{"code", "target"}, {"winner", "white"}, {"args", {1, 1}}}));
}

TEST_F(StateData, TojmotPiecesMovesAndResignation) {
  const json g = hotseat("tojmot");
  const json& pieces = g["state"]["board"]["pieces"];
  EXPECT_EQ(pieces.size(), 36u);
  EXPECT_NE(std::find(pieces.begin(), pieces.end(), json({{"cell", "G1"}, {"piece", "1"}, {"side", "white"}})), pieces.end());
  bool found = false;
  for (const auto& m : g["state"]["legal"]) found = found || m == json({{"move", "g5f6"}, {"from", "G5"}, {"to", "F6"}});
  EXPECT_TRUE(found) << g["state"]["legal"].dump();
  auto r = http_post(port_, "/api/games/" + g["id"].get<std::string>() + "/resign", {{"token", g["seat"]["token"]}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["end"], json({{"code", "resign"}, {"winner", "black"}, {"args", {0, 0}}}));
}

}  // namespace
}  // namespace oyin::testing
