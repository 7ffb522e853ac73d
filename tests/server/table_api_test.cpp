// At the table, over real HTTP and WebSocket against `oyin serve --clock manual`: the creator's
// invite link in any tab, the players' presence, the spectators' count, the chat (its limits,
// text kept as data, the rate limit, kept with the game across a restart), the rematch, analysis
// refused for online games being played, illegal Go points with their reason, capture targets
// checked against the board, imported finished games listed with their result, the best line in
// the move list's notation, and the levels' ratings that the new-game dialog shows.
#include <gtest/gtest.h>

#include <filesystem>

#include "registry/level_ratings.h"
#include "registry/registry.h"
#include "server/account_client.h"
#include "server/manual_clock_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class TableApiTest : public ManualClockServerTest {
 protected:
  TableApiTest() : ManualClockServerTest("oyin_table_api_") {}
  void restart() {
    ASSERT_EQ(server_->terminate(), 0);
    ASSERT_TRUE(server_->start()) << "the server did not start again";
    port_ = server_->port();
  }
  // An online game created by White: {id, white token, black token}.
  struct Online {
    std::string id, white, black;
  };
  Online online(const std::string& game = "togyz", const json& extra = json::object()) {
    json req{{"game", game}, {"mode", "online"}, {"color", game == "capgo" ? "black" : "white"}};
    req.update(extra);
    auto r = http_post(port_, "/api/games", req);
    EXPECT_EQ(r.status, 201) << r.text;
    const std::string invite = r.body.value("invite", "");
    const std::string other = invite.substr(invite.rfind('/') + 1);
    const std::string mine = r.body["seat"]["token"];
    if (game == "capgo") return {r.body["id"], other, mine};  // capgo's first side is Black
    return {r.body["id"], mine, other};
  }
  HttpResult move(const std::string& id, const std::string& m, const std::string& token) {
    return http_post(port_, "/api/games/" + id + "/moves", {{"move", m}, {"token", token}});
  }
  json get(const std::string& id, const std::string& token = "") {
    return http_get(port_, "/api/games/" + id + (token.empty() ? "" : "?token=" + token)).body;
  }
  // Reads pushes until one of `type` arrives (the others skipped).
  static std::optional<json> read_type(WsClient& ws, const std::string& type) {
    for (int i = 0; i < 30; ++i) {
      auto m = ws.read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == type) return m;
    }
    return std::nullopt;
  }
  // Reads pushes until the count of spectators (pushed on its own) is `n`.
  static bool read_spectators_until(WsClient& ws, int n) {
    for (int i = 0; i < 30; ++i) {
      auto m = ws.read();
      if (!m) return false;
      if ((*m)["type"] == "spectators" && (*m)["count"] == n) return true;
    }
    return false;
  }
  // Reads state pushes until `pred` holds for one.
  template <class Pred>
  static std::optional<json> read_state_until(WsClient& ws, Pred pred) {
    for (int i = 0; i < 30; ++i) {
      auto m = ws.read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == "state" && pred((*m)["state"])) return (*m)["state"];
    }
    return std::nullopt;
  }
};

TEST_F(TableApiTest, TheCreatorGetsTheInviteLinkBackInAnyTab) {
  const Online g = online();
  const std::string link = "/#/join/" + g.id + "/" + g.black;
  EXPECT_EQ(get(g.id, g.white).value("invite", ""), link);
  EXPECT_FALSE(get(g.id, g.black).contains("invite"));  // the friend's seat never sees the creator's token
  EXPECT_FALSE(get(g.id).contains("invite"));
  // Over the WebSocket too, and after a restart (the creator is kept with the game).
  restart();
  WsClient ws(port_, "/ws/games/" + g.id + "?token=" + g.white);
  auto first = ws.read_state_at(0);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->value("invite", ""), link);
  // Not for games that are not online, nor once the game is over.
  auto hot = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  EXPECT_FALSE(get(hot.body["id"], hot.body["seat"]["token"]).contains("invite"));
  ASSERT_EQ(http_post(port_, "/api/games/" + g.id + "/resign", {{"token", g.black}}).status, 200);
  EXPECT_FALSE(get(g.id, g.white).contains("invite"));
}

TEST_F(TableApiTest, PresenceAndSpectatorsArePushedToThePlayers) {
  const Online g = online();
  WsClient white(port_, "/ws/games/" + g.id + "?token=" + g.white);
  auto s = white.read_state_at(0);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->at("spectators"), 0);
  EXPECT_EQ(s->at("presence")["white"]["connected"], true);
  EXPECT_EQ(s->at("presence")["black"]["connected"], false);
  {
    WsClient watcher(port_, "/ws/games/" + g.id);
    auto seen = watcher.read_state_at(0);
    ASSERT_TRUE(seen);
    EXPECT_EQ(seen->at("spectators"), 1);
    EXPECT_FALSE(seen->contains("you"));
    ASSERT_TRUE(read_spectators_until(white, 1));
    WsClient black(port_, "/ws/games/" + g.id + "?token=" + g.black);
    ASSERT_TRUE(black.read_state_at(0));
    // A player is not counted as a spectator, and is seen connected.
    auto both = read_state_until(white, [](const json& st) { return st["presence"]["black"]["connected"] == true; });
    ASSERT_TRUE(both);
    EXPECT_EQ(both->at("spectators"), 1);
    EXPECT_EQ(get(g.id)["spectators"], 1);
    watcher.close();
    ASSERT_TRUE(read_spectators_until(white, 0));
    black.close();
    auto away = read_state_until(white, [](const json& st) { return st["presence"]["black"]["connected"] == false; });
    ASSERT_TRUE(away);
  }
  advance(5'000);
  EXPECT_EQ(get(g.id)["presence"]["black"]["away_ms"], 5'000);
}

TEST_F(TableApiTest, ChatIsLimitedKeptAsTextRateLimitedAndKeptWithTheGame) {
  const Online g = online();
  WsClient white(port_, "/ws/games/" + g.id + "?token=" + g.white);
  ASSERT_TRUE(white.read_state_at(0));
  WsClient black(port_, "/ws/games/" + g.id + "?token=" + g.black);
  ASSERT_TRUE(black.read_state_at(0));
  WsClient watcher(port_, "/ws/games/" + g.id);
  ASSERT_TRUE(watcher.read_state_at(0));

  // Markup is data: it comes back exactly as typed, for the page to show as text.
  const std::string html = "<img src=x onerror=alert(1)> <b>gg</b> & \"bye\"";
  white.send({{"type", "chat"}, {"text", html}});
  for (WsClient* ws : {&white, &black, &watcher}) {
    auto m = read_type(*ws, "chat");
    ASSERT_TRUE(m);
    ASSERT_EQ(m->at("lines").size(), 1u);
    EXPECT_EQ(m->at("lines")[0]["text"], html);
    EXPECT_EQ(m->at("lines")[0]["side"], "white");
    EXPECT_EQ(m->at("lines")[0]["seq"], 0);
  }
  // The other way, over HTTP.
  auto r = http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", "  hi\tthere \n"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["line"]["text"], "hi there");  // control characters become spaces, ends trimmed
  EXPECT_EQ(r.body["line"]["side"], "black");
  auto pushed = read_type(white, "chat");
  ASSERT_TRUE(pushed);
  EXPECT_EQ(pushed->at("lines")[0]["text"], "hi there");

  // The limit is in characters: 300 Cyrillic letters (600 bytes) pass, 301 do not.
  std::string cyr;
  for (int i = 0; i < 300; ++i) cyr += "ж";
  EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", cyr}}).status, 200);
  auto too_long = http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", cyr + "ж"}});
  EXPECT_EQ(too_long.status, 400);
  EXPECT_EQ(too_long.body["code"], "chat_too_long");
  EXPECT_EQ(too_long.body["params"]["max"], 300);
  // Over the WebSocket a refusal comes back as an error message with its code.
  white.send({{"type", "chat"}, {"text", std::string(301, 'a')}});
  auto refused = read_type(white, "error");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->at("code"), "chat_too_long");
  EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", " \n "}}).body["code"], "chat_empty");
  // Spectators read but do not write.
  auto spectator = http_post(port_, "/api/games/" + g.id + "/chat", {{"token", ""}, {"text", "hello"}});
  EXPECT_EQ(spectator.status, 403);
  EXPECT_EQ(spectator.body["code"], "no_seat");

  // At most 5 lines in 10 s per seat: Black has said 2; three more pass, the sixth waits.
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", "x" + std::to_string(i)}}).status, 200);
  auto limited = http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", "one more"}});
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(limited.body["code"], "chat_rate_limited");
  EXPECT_EQ(limited.body["params"]["wait_s"], 10);
  // White's own budget is untouched.
  EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.white}, {"text", "me too"}}).status, 200);
  advance(10'000);
  EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", "one more"}}).status, 200);

  // Chat is for online games only.
  auto hot = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  auto no_chat = http_post(port_, "/api/games/" + std::string(hot.body["id"]) + "/chat",
                           {{"token", hot.body["seat"]["token"]}, {"text", "hi"}});
  EXPECT_EQ(no_chat.status, 409);
  EXPECT_EQ(no_chat.body["code"], "chat_not_allowed");

  // Kept with the game: after a restart a reload shows it, in order.
  white.close();
  black.close();
  watcher.close();
  restart();
  const json chat = get(g.id)["chat"];
  ASSERT_EQ(chat.size(), 8u);
  EXPECT_EQ(chat[0]["text"], html);
  EXPECT_EQ(chat[1]["text"], "hi there");
  EXPECT_EQ(chat[2]["text"], cyr);
  EXPECT_EQ(chat[7]["text"], "one more");
  for (std::size_t i = 0; i < chat.size(); ++i) EXPECT_EQ(chat[i]["seq"], i);
  WsClient again(port_, "/ws/games/" + g.id);
  auto first = again.read_state_at(0);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->at("chat"), chat);
}

// A chat line cannot be made to read as something else: characters that reverse the text after
// them (U+202E), isolates, zero-width and other invisible characters are dropped, and a line of
// nothing but those is empty.
TEST_F(TableApiTest, ChatDropsBidiOverridesAndInvisibleCharacters) {
  const Online g = online();
  const std::string rlo = "\xE2\x80\xAE", lri = "\xE2\x81\xA6", pdi = "\xE2\x81\xA9", zwsp = "\xE2\x80\x8B",
                    bom = "\xEF\xBB\xBF", shy = "\xC2\xAD", filler = "\xE3\x85\xA4";
  auto r = http_post(port_, "/api/games/" + g.id + "/chat",
                     {{"token", g.black}, {"text", "gg " + rlo + "exe.txt" + zwsp + " " + lri + "ok" + pdi + shy + bom}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["line"]["text"], "gg exe.txt ok");
  const auto hidden = http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.black}, {"text", zwsp + filler + rlo + " " + bom}});
  EXPECT_EQ(hidden.status, 400) << hidden.text;
  EXPECT_EQ(hidden.body["code"], "chat_empty");
  // Letters of every script stay as they are.
  const std::string kk = "\xD2\x9A\xD0\xB0\xD0\xB9\xD1\x8B\xD1\x80\xD0\xBB\xD1\x8B \xD1\x82\xD2\xAF\xD0\xBD";
  EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/chat", {{"token", g.white}, {"text", kk}}).body["line"]["text"], kk);
}

TEST_F(TableApiTest, RematchNeedsBothAndSwapsColours) {
  const Online g = online("togyz", {{"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
  auto early = http_post(port_, "/api/games/" + g.id + "/rematch", {{"token", g.white}});
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(early.body["code"], "rematch_not_allowed");
  WsClient white(port_, "/ws/games/" + g.id + "?token=" + g.white);
  ASSERT_TRUE(white.read_state_at(0));
  WsClient black(port_, "/ws/games/" + g.id + "?token=" + g.black);
  ASSERT_TRUE(black.read_state_at(0));
  ASSERT_EQ(move(g.id, "6", g.white).status, 200);
  ASSERT_EQ(http_post(port_, "/api/games/" + g.id + "/resign", {{"token", g.black}}).status, 200);

  auto offer = http_post(port_, "/api/games/" + g.id + "/rematch", {{"token", g.black}});
  ASSERT_EQ(offer.status, 200) << offer.text;
  EXPECT_EQ(offer.body["rematch"], (json{{"offered_by", "black"}, {"game_id", nullptr}}));
  ASSERT_TRUE(read_state_until(white, [](const json& st) { return st["rematch"]["offered_by"] == "black"; }));
  // Asking again changes nothing; a spectator has no say.
  EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/rematch", {{"token", g.black}}).body["rematch"]["game_id"], nullptr);
  EXPECT_EQ(http_post(port_, "/api/games/" + g.id + "/rematch", {{"token", "nobody"}}).status, 403);

  white.send({{"type", "rematch"}});  // White agrees over the WebSocket
  std::string next;
  for (WsClient* ws : {&white, &black}) {
    auto st = read_state_until(*ws, [](const json& s) { return s["rematch"]["game_id"].is_string(); });
    ASSERT_TRUE(st);
    next = st->at("rematch")["game_id"];
  }
  ASSERT_FALSE(next.empty());
  EXPECT_NE(next, g.id);
  // Each keeps their token, for the other colour; rules and clock are the same.
  const json as_old_white = get(next, g.white), as_old_black = get(next, g.black);
  EXPECT_EQ(as_old_white["you"], "black");
  EXPECT_EQ(as_old_black["you"], "white");
  EXPECT_EQ(as_old_white["mode"], "online");
  EXPECT_EQ(as_old_white["rules"], get(g.id)["rules"]);
  EXPECT_EQ(as_old_white["clock"]["initial_ms"], 180'000);
  EXPECT_EQ(as_old_white["ply"], 0);
  // The creator of the first game is the creator of the rematch (for the invite link).
  EXPECT_EQ(as_old_white.value("invite", ""), "/#/join/" + next + "/" + g.black);
  ASSERT_EQ(move(next, "6", g.black).status, 200);  // the old Black opens as White
  // The link survives a restart.
  restart();
  EXPECT_EQ(get(g.id)["rematch"]["game_id"], next);
}

TEST_F(TableApiTest, AnalysisIsRefusedForOnlineGamesBeingPlayed) {
  const Online g = online();
  const json start = get(g.id);
  const std::vector<std::string> moves{"6", "9", "1", "2"};
  for (std::size_t i = 0; i < moves.size(); ++i)
    ASSERT_EQ(move(g.id, moves[i], i % 2 ? g.black : g.white).status, 200);
  const auto analysis = [&](std::size_t plies, const json& extra = json::object()) {
    json req{{"game", "togyz"}, {"rules", start["rules"]}, {"position", start["start_position"]},
             {"moves", std::vector<std::string>(moves.begin(), moves.begin() + static_cast<long>(plies))},
             {"movetime", 30}};
    req.update(extra);
    return http_post(port_, "/api/analysis", req);
  };
  // The current position, from anyone (a player in another tab).
  auto current = analysis(4);
  EXPECT_EQ(current.status, 403) << current.text;
  EXPECT_EQ(current.body["code"], "analysis_in_play");
  // The same position given as text is the same position.
  auto as_text = http_post(port_, "/api/analysis", {{"game", "togyz"}, {"rules", start["rules"]},
                                                    {"position", get(g.id)["position"]}, {"movetime", 30}});
  EXPECT_EQ(as_text.body["code"], "analysis_in_play");
  // A seat's token refuses any position of its game.
  auto seat = analysis(3, {{"game_id", g.id}, {"token", g.black}});
  EXPECT_EQ(seat.status, 403);
  EXPECT_EQ(seat.body["code"], "analysis_in_play");
  // Over the analysis WebSocket the refusal is a line with its code.
  WsClient ws(port_, "/ws/analysis");
  ws.send({{"id", 7}, {"game", "togyz"}, {"rules", start["rules"]}, {"position", start["start_position"]}, {"moves", moves},
           {"movetime", 30}});
  auto line = ws.read();
  ASSERT_TRUE(line);
  EXPECT_EQ(line->at("code"), "analysis_in_play");
  EXPECT_EQ(line->at("id"), 7);
  // An earlier position without a seat token is not this game's current one.
  EXPECT_EQ(analysis(3).status, 200);
  // Once the game is over it is open to everyone, its players too.
  ASSERT_EQ(http_post(port_, "/api/games/" + g.id + "/resign", {{"token", g.white}}).status, 200);
  EXPECT_EQ(analysis(4).status, 200);
  EXPECT_EQ(analysis(4, {{"game_id", g.id}, {"token", g.black}}).status, 200);
}

// The guard compares positions as positions: the board of a game in play with another move
// number (Togyz), the board of a capture Go game turned about, and the position of a rated game
// against the computer are all refused.
TEST_F(TableApiTest, AnalysisGuardSeesThePositionWhateverItsCountersOrSymmetry) {
  const Online g = online();
  const std::vector<std::string> moves{"6", "9", "1", "2"};
  for (std::size_t i = 0; i < moves.size(); ++i)
    ASSERT_EQ(move(g.id, moves[i], i % 2 ? g.black : g.white).status, 200);
  const json st = get(g.id);
  std::string renumbered = st["position"];
  renumbered = renumbered.substr(0, renumbered.rfind(' ')) + " 41";
  auto r = http_post(port_, "/api/analysis", {{"game", "togyz"}, {"rules", st["rules"]}, {"position", renumbered}, {"movetime", 30}});
  EXPECT_EQ(r.status, 403) << renumbered << ": " << r.text;
  EXPECT_EQ(r.body["code"], "analysis_in_play");

  const Online go = online("capgo", {{"rules", "size=7,target=3"}});
  const std::vector<std::string> go_moves{"B2", "C6", "B3", "E6", "F2"};
  for (std::size_t i = 0; i < go_moves.size(); ++i)
    ASSERT_EQ(move(go.id, go_moves[i], i % 2 ? go.white : go.black).status, 200) << go_moves[i];
  const json go_st = get(go.id);
  // "7 <rows> w 0 0 0": each row read right to left is the board mirrored.
  const std::string text = go_st["position"];
  const auto sp1 = text.find(' '), sp2 = text.find(' ', sp1 + 1);
  std::string rows = text.substr(sp1 + 1, sp2 - sp1 - 1), mirrored;
  for (std::size_t at = 0; at <= rows.size();) {
    const auto slash = std::min(rows.find('/', at), rows.size());
    std::string row = rows.substr(at, slash - at);
    std::reverse(row.begin(), row.end());
    mirrored += (mirrored.empty() ? "" : "/") + row;
    at = slash + 1;
  }
  ASSERT_NE(mirrored, rows);
  const std::string flipped = text.substr(0, sp1 + 1) + mirrored + text.substr(sp2);
  r = http_post(port_, "/api/analysis", {{"game", "capgo"}, {"rules", go_st["rules"]}, {"position", flipped}, {"movetime", 30}});
  EXPECT_EQ(r.status, 403) << flipped << ": " << r.text;
  EXPECT_EQ(r.body["code"], "analysis_in_play");

  CookieClient erlan(port_);
  ASSERT_EQ(erlan.sign_up("Erlan", "erlan-long-password").status, 201);
  const auto made = erlan.post("/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "white"},
                                              {"clock", {{"initial_s", 600}, {"increment_s", 0}}}});
  ASSERT_EQ(made.status, 201) << made.text;
  ASSERT_EQ(made.body["state"]["rated"], true);
  const std::string ai = made.body["id"], token = made.body["seat"]["token"];
  json ai_st = made.body["state"];
  for (int turn = 0; turn < 3; ++turn) {
    ASSERT_EQ(erlan.post("/api/games/" + ai + "/moves", {{"move", ai_st["legal_moves"][0]}, {"token", token}}).status, 200);
    ASSERT_TRUE(wait_until([&] { return (ai_st = get(ai))["to_move"] == "white"; })) << "no computer reply";
  }
  ASSERT_EQ(ai_st["ply"], 6);
  r = http_post(port_, "/api/analysis", {{"game", "togyz"}, {"position", ai_st["position"]}, {"movetime", 30}});
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(r.body["code"], "analysis_in_play");
}

TEST_F(TableApiTest, BestLineInTheMoveListsNotation) {
  auto r = http_post(port_, "/api/analysis", {{"game", "togyz"}, {"movetime", 100}});
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_FALSE(r.body["pv"].empty());
  ASSERT_EQ(r.body["pv_text"].size(), r.body["pv"].size());
  // Playing the line in a game writes the same texts in its move list.
  auto hot = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  const std::string id = hot.body["id"], token = hot.body["seat"]["token"];
  for (const json& m : r.body["pv"]) ASSERT_EQ(move(id, m, token).status, 200);
  EXPECT_EQ(get(id)["moves"], r.body["pv_text"]);
}

TEST_F(TableApiTest, AnIllegalGoPointSaysWhy) {
  auto hot = http_post(port_, "/api/games", {{"game", "capgo"}, {"mode", "hotseat"}, {"rules", {{"size", 5}, {"pass", false}}}});
  ASSERT_EQ(hot.status, 201) << hot.text;
  const std::string id = hot.body["id"], token = hot.body["seat"]["token"];
  ASSERT_EQ(move(id, "B1", token).status, 200);
  auto taken = move(id, "B1", token);
  EXPECT_EQ(taken.status, 422);
  EXPECT_EQ(taken.body["code"], "illegal_move");
  EXPECT_EQ(taken.body["params"]["why"], "occupied");
  // White at A1 would have no liberty once Black holds A2 as well: suicide.
  ASSERT_EQ(move(id, "E5", token).status, 200);
  ASSERT_EQ(move(id, "A2", token).status, 200);
  auto suicide = move(id, "A1", token);
  EXPECT_EQ(suicide.status, 422);
  EXPECT_EQ(suicide.body["params"]["why"], "suicide");
  EXPECT_EQ(move(id, "pass", token).body["params"]["why"], "pass_forbidden");
}

TEST_F(TableApiTest, CaptureTargetsAreCheckedAgainstTheBoard) {
  auto big = http_post(port_, "/api/games", {{"game", "capgo"}, {"mode", "hotseat"}, {"rules", {{"size", 5}, {"target", 25}}}});
  EXPECT_EQ(big.status, 400);
  EXPECT_EQ(big.body["code"], "rule_out_of_range");
  EXPECT_EQ(big.body["params"], (json{{"option", "target"}, {"max", 24}}));
  auto split = http_post(port_, "/api/games", {{"game", "capgo"}, {"mode", "ai"},
                                               {"rules", {{"size", 4}, {"target_b", 1}, {"target_w", 16}}}});
  EXPECT_EQ(split.body["params"], (json{{"option", "target_w"}, {"max", 15}}));
  EXPECT_EQ(http_post(port_, "/api/games", {{"game", "capgo"}, {"mode", "hotseat"}, {"rules", {{"size", 5}, {"target", 24}}}}).status, 201);
  // The meta tells a new-game dialog the same bound.
  bool found = false;
  const json meta = http_get(port_, "/api/meta").body;
  for (const json& g : meta["games"]) {
    if (g["name"] != "capgo") continue;
    for (const json& o : g["rule_options"]) {
      if (o["name"] != "target") continue;
      EXPECT_EQ(o["max_points_of"], "size");
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

// The new-game dialog's "Level: 3 ≈ 2,203": every game's eleven levels carry the fixed rating
// of its declaration (tests/registry/level_ratings_test.cpp checks that they rise).
TEST_F(TableApiTest, MetaGivesEachLevelItsRatingOnThePlayersScale) {
  register_builtin_games();
  const json meta = http_get(port_, "/api/meta").body;
  int games = 0;
  for (const json& g : meta["games"]) {
    const auto ratings = level_ratings(g["name"].get<std::string>());
    ASSERT_EQ(g["levels"].size(), 11u) << g["name"];
    ASSERT_EQ(ratings.size(), 11u) << g["name"];
    for (std::size_t i = 0; i < ratings.size(); ++i) {
      EXPECT_EQ(g["levels"][i]["level"], i) << g["name"];
      EXPECT_EQ(g["levels"][i]["rating"], ratings[i]) << g["name"] << " level " << i;
    }
    ++games;
  }
  EXPECT_EQ(games, 3);
  EXPECT_EQ(level_ratings("togyz")[3], 2203);  // the dialog's example in docs/engines.md
}

TEST_F(TableApiTest, ImportedFinishedGamesAreListedWithTheirResult) {
  // Black captures White's A1 stone: target 1 is reached, the rules end the game.
  auto imp = http_post(port_, "/api/import", {{"game", "capgo"}, {"record", "(;GM[1]FF[4]SZ[5]RU[capture:1];B[be];W[ae];B[ad])"}});
  ASSERT_EQ(imp.status, 201) << imp.text;
  const json list = http_get(port_, "/api/games").body;
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["result"], "1-0");
  EXPECT_EQ(get(imp.body["id"])["status"], "finished");
}

}  // namespace
}  // namespace oyin::testing
