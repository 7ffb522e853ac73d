// Tournaments over real HTTP and WebSocket against `oyin serve --clock manual`: made, joined with
// and without a password, started, paired round after round as games end, finished with their
// standings; a player who never comes forfeits; a follower hears of its games. Runs on SQLite and,
// in the postgresql. pass, on PostgreSQL.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "server/account_client.h"
#include "server/manual_clock_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};

class TournamentApiTest : public ManualClockServerTest {
 protected:
  TournamentApiTest() : ManualClockServerTest("oyin_tournament_api_") {}
  std::map<std::string, CookieClient> players_;

  CookieClient& account(const std::string& name) {
    auto [it, fresh] = players_.emplace(name, CookieClient(port_));
    if (fresh) {
      const auto r = it->second.sign_up(name, name + "-long-password");
      EXPECT_EQ(r.status, 201) << r.text;
    }
    return it->second;
  }
  json tournament(const std::string& id) {
    auto r = http_get(port_, "/api/tournaments/" + id);
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
  std::string create(const std::string& creator, json body) {
    auto r = account(creator).post("/api/tournaments", body);
    EXPECT_EQ(r.status, 201) << r.text;
    return r.body.value("id", "");
  }
  // The pairings of `round` whose games are being played.
  std::vector<json> open_pairings(const json& t, int round) {
    std::vector<json> out;
    for (const json& p : t["pairings"])
      if (p["round"] == round && p["result"].is_null()) out.push_back(p);
    return out;
  }
  // Plays out round `round`: in each game white resigns if `white_loses`, else black does.
  void finish_round(const std::string& id, int round, bool white_loses) {
    ASSERT_TRUE(wait_until([&] { return tournament(id)["round"] == round; })) << tournament(id).dump();
    for (const json& p : open_pairings(tournament(id), round)) {
      const std::string loser = white_loses ? p["white"] : p["black"];
      auto r = account(loser).post("/api/games/" + std::string(p["game_id"]) + "/resign");
      ASSERT_EQ(r.status, 200) << r.text;
    }
  }
};

TEST_F(TournamentApiTest, RefusesGuestsAndBadTerms) {
  auto guest = http_post(port_, "/api/tournaments", {{"game", "togyz"}, {"format", "swiss"}, {"clock", kBlitz}, {"name", "x"}});
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.body["code"], "not_signed_in");
  auto& ann = account("ann");
  auto bad = ann.post("/api/tournaments", {{"game", "togyz"}, {"format", "ladder"}, {"clock", kBlitz}, {"name", "x"}});
  EXPECT_EQ(bad.body["code"], "bad_format");
  bad = ann.post("/api/tournaments", {{"game", "chess"}, {"format", "round_robin"}, {"clock", kBlitz}, {"name", "x"}});
  EXPECT_EQ(bad.body["code"], "unknown_game");
  bad = ann.post("/api/tournaments", {{"game", "togyz"}, {"format", "round_robin"}, {"clock", nullptr}, {"name", "x"}});
  EXPECT_EQ(bad.body["code"], "bad_clock");
  bad = ann.post("/api/tournaments",
                 {{"game", "togyz"}, {"format", "round_robin"}, {"clock", kBlitz}, {"name", "x"}, {"starts_at", "tomorrow"}});
  EXPECT_EQ(bad.body["code"], "bad_time");
  EXPECT_EQ(http_get(port_, "/api/tournaments/nope").status, 404);
}

TEST_F(TournamentApiTest, RoundRobinOfFourIsPairedRoundByRoundAndFinishes) {
  const std::string id = create("ann", {{"game", "togyz"}, {"rules", ""}, {"format", "round_robin"}, {"clock", kBlitz},
                                        {"rated", true}, {"starts_at", "2030-01-01T10:00:00Z"}, {"name", "Winter cup"}});
  for (const char* name : {"ann", "bob", "cid", "dan"}) {
    auto r = account(name).post("/api/tournaments/" + id + "/join");
    ASSERT_EQ(r.status, 200) << r.text;
  }
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/join").status, 200);  // twice: still one place
  json t = tournament(id);
  EXPECT_EQ(t["status"], "created");
  EXPECT_EQ(t["players"], 4);
  EXPECT_EQ(t["starts_at"], "2030-01-01T10:00:00Z");
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/start").body["code"], "not_your_tournament");
  auto started = account("ann").post("/api/tournaments/" + id + "/start");
  ASSERT_EQ(started.status, 200) << started.text;
  EXPECT_EQ(started.body["status"], "running");
  EXPECT_EQ(started.body["round"], 1);
  EXPECT_EQ(account("ann").post("/api/tournaments/" + id + "/start").body["code"], "tournament_started");
  EXPECT_EQ(account("eve").post("/api/tournaments/" + id + "/join").body["code"], "tournament_closed");
  // Three rounds of two games; white loses every game of rounds 1 and 3, black in round 2.
  for (int round = 1; round <= 3; ++round) finish_round(id, round, round != 2);
  ASSERT_TRUE(wait_until([&] { return tournament(id)["status"] == "finished"; })) << tournament(id).dump();
  t = tournament(id);
  ASSERT_EQ(t["pairings"].size(), 6u);
  std::set<std::pair<std::string, std::string>> met;
  std::map<std::string, double> score;
  for (const json& p : t["pairings"]) {
    const std::string w = p["white"], b = p["black"];
    EXPECT_TRUE(met.insert({std::min(w, b), std::max(w, b)}).second) << "met twice: " << w << " " << b;
    EXPECT_FALSE(p["game_id"].is_null());
    score[w] += p["result"] == "1-0";
    score[b] += p["result"] == "0-1";
  }
  EXPECT_EQ(met.size(), 6u);
  double total = 0;
  for (const json& s : t["standings"]) {
    EXPECT_EQ(s["score"].get<double>(), score[s["username"]]) << s.dump();
    EXPECT_EQ(s["games"], 3);
    total += s["score"].get<double>();
  }
  EXPECT_EQ(total, 6);
  EXPECT_EQ(t["standings"][0]["rank"], 1);
  // The games were rated: each player has a rating now.
  auto ann = http_get(port_, "/api/players/ann");
  ASSERT_EQ(ann.status, 200);
  EXPECT_NE(ann.text.find("togyz"), std::string::npos) << ann.text;
  auto list = http_get(port_, "/api/tournaments");
  ASSERT_EQ(list.status, 200);
  ASSERT_EQ(list.body["finished"].size(), 1u);
  EXPECT_EQ(list.body["finished"][0]["name"], "Winter cup");
}

TEST_F(TournamentApiTest, PasswordWithdrawAndCancel) {
  const std::string id = create("ann", {{"game", "capgo"}, {"format", "swiss"}, {"rounds", 3}, {"clock", kBlitz},
                                        {"name", "School 12"}, {"password", "otbasy"}, {"starts_at", "2030-01-01T10:00Z"}});
  EXPECT_EQ(tournament(id)["password"], true);
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/join").body["code"], "wrong_tournament_password");
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/join", {{"password", "Otbasy"}}).body["code"],
            "wrong_tournament_password");
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/join", {{"password", "otbasy"}}).status, 200);
  EXPECT_EQ(tournament(id)["players"], 1);
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/withdraw").status, 200);
  EXPECT_EQ(tournament(id)["players"], 0);
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/withdraw").body["code"], "not_in_tournament");
  ASSERT_EQ(account("cid").post("/api/tournaments/" + id + "/join", {{"password", "otbasy"}}).status, 200);
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/remove", {{"username", "cid"}}).body["code"], "not_your_tournament");
  EXPECT_EQ(account("ann").post("/api/tournaments/" + id + "/remove", {{"username", "CID"}}).status, 200);
  EXPECT_EQ(tournament(id)["players"], 0);
  EXPECT_EQ(account("ann").post("/api/tournaments/" + id + "/remove", {{"username", "cid"}}).body["code"], "not_in_tournament");
  EXPECT_EQ(account("bob").post("/api/tournaments/" + id + "/cancel").body["code"], "tournament_started");
  EXPECT_EQ(account("ann").post("/api/tournaments/" + id + "/cancel").status, 200);
  EXPECT_EQ(tournament(id)["status"], "cancelled");
}

TEST_F(TournamentApiTest, APlayerWhoNeverComesForfeits) {
  const std::string id = create("ann", {{"game", "tojmot"}, {"format", "round_robin"}, {"clock", kBlitz},
                                        {"rated", false}, {"name", "Duel"}, {"min_players", 2}});
  ASSERT_EQ(account("ann").post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(account("bob").post("/api/tournaments/" + id + "/join").status, 200);
  // starts_at null: it starts as soon as it has its two players (the next step).
  ASSERT_TRUE(wait_until([&] { return tournament(id)["status"] == "running"; })) << tournament(id).dump();
  json t = tournament(id);
  ASSERT_EQ(t["pairings"].size(), 1u);
  const std::string game = t["pairings"][0]["game_id"];
  advance(30'000);
  EXPECT_TRUE(tournament(id)["pairings"][0]["result"].is_null());  // not yet
  advance(31'000);
  ASSERT_TRUE(wait_until([&] {
    advance(1'000);  // the director's sweep
    return !tournament(id)["pairings"][0]["result"].is_null();
  })) << tournament(id).dump();
  t = tournament(id);
  EXPECT_EQ(t["pairings"][0]["result"], "0-1");  // white, to move, never did
  EXPECT_EQ(t["pairings"][0]["forfeit"], true);
  EXPECT_EQ(t["status"], "finished");
  EXPECT_EQ(http_get(port_, "/api/games/" + game).body["result"], "*");  // the game itself was aborted
}

TEST_F(TournamentApiTest, SwissOfFiveGivesOneByeARoundAndWritesItsTrf) {
  const std::string id = create("ann", {{"game", "togyz"}, {"format", "swiss"}, {"rounds", 3}, {"clock", kBlitz},
                                        {"name", "Spring Swiss"}, {"starts_at", "2030-01-01T10:00:00Z"}});
  for (const char* name : {"ann", "bob", "cid", "dan", "eve"})
    ASSERT_EQ(account(name).post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(account("ann").post("/api/tournaments/" + id + "/start").status, 200);
  std::set<std::string> had_bye;
  for (int round = 1; round <= 3; ++round) {
    ASSERT_TRUE(wait_until([&] { return tournament(id)["round"] == round; })) << tournament(id).dump();
    const json t = tournament(id);
    int byes = 0, games = 0;
    for (const json& p : t["pairings"]) {
      if (p["round"] != round) continue;
      if (p["black"].is_null()) {
        ++byes;
        EXPECT_EQ(p["result"], "bye");
        EXPECT_TRUE(had_bye.insert(p["white"].get<std::string>()).second) << "a second bye";
      } else {
        ++games;
      }
    }
    EXPECT_EQ(byes, 1);
    EXPECT_EQ(games, 2);
    finish_round(id, round, round == 2);
  }
  ASSERT_TRUE(wait_until([&] { return tournament(id)["status"] == "finished"; })) << tournament(id).dump();
  const json t = tournament(id);
  ASSERT_EQ(t["standings"].size(), 5u);
  for (const char* key : {"buchholz", "buchholz_cut1", "sonneborn_berger", "wins"})
    EXPECT_TRUE(t["standings"][0]["tiebreaks"].contains(key)) << key;
  double total = 0;
  for (const json& st : t["standings"]) total += st["score"].get<double>();
  EXPECT_EQ(total, 9);  // six games and three byes
  auto trf = http_get(port_, "/api/tournaments/" + id + "/trf");
  ASSERT_EQ(trf.status, 200) << trf.text;
  const std::string text = trf.body["text"];
  EXPECT_EQ(text.rfind("012 Spring Swiss", 0), 0u) << text;
  EXPECT_NE(text.find("062 5"), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n') >= 5, true);
  EXPECT_NE(text.find("001    1"), std::string::npos) << text;
}

TEST_F(TournamentApiTest, KnockoutDrawIsReplayedWithColoursSwapped) {
  const std::string id = create("ann", {{"game", "togyz"}, {"format", "knockout"}, {"clock", kBlitz}, {"name", "Cup"},
                                        {"starts_at", "2030-01-01T10:00:00Z"}});
  for (const char* name : {"ann", "bob", "cid", "dan"})
    ASSERT_EQ(account(name).post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(account("ann").post("/api/tournaments/" + id + "/start").status, 200);
  json t = tournament(id);
  ASSERT_EQ(open_pairings(t, 1).size(), 2u);
  const json first = open_pairings(t, 1)[0], second = open_pairings(t, 1)[1];
  // One semi-final is drawn: a second game follows between the same two, colours swapped.
  const std::string w = first["white"], b = first["black"];
  ASSERT_EQ(account(w).post("/api/games/" + std::string(first["game_id"]) + "/draw").status, 200);
  ASSERT_EQ(account(b).post("/api/games/" + std::string(first["game_id"]) + "/draw").status, 200);
  ASSERT_EQ(account(std::string(second["black"])).post("/api/games/" + std::string(second["game_id"]) + "/resign").status, 200);
  ASSERT_TRUE(wait_until([&] {
    const json now = tournament(id);
    for (const json& p : now["pairings"])
      if (p["white"] == b && p["black"] == w && p["result"].is_null()) return true;
    return false;
  })) << tournament(id).dump();
  for (const json& p : open_pairings(tournament(id), 1)) {  // the replay: white (the first game's black) resigns
    if (p["white"] != b) continue;  // (the other semi-final's result may not be in yet)
    auto r = account(b).post("/api/games/" + std::string(p["game_id"]) + "/resign");
    ASSERT_EQ(r.status, 200) << r.text;
  }
  ASSERT_TRUE(wait_until([&] { return tournament(id)["round"] == 2; })) << tournament(id).dump();
  t = tournament(id);
  const auto final_games = open_pairings(t, 2);
  ASSERT_EQ(final_games.size(), 1u);
  const std::set<std::string> finalists{final_games[0]["white"], final_games[0]["black"]};
  EXPECT_EQ(finalists, (std::set<std::string>{w, std::string(second["white"])}));
  ASSERT_EQ(account(std::string(final_games[0]["black"])).post("/api/games/" + std::string(final_games[0]["game_id"]) + "/resign").status, 200);
  ASSERT_TRUE(wait_until([&] { return tournament(id)["status"] == "finished"; })) << tournament(id).dump();
  t = tournament(id);
  EXPECT_EQ(t["bracket"]["winner"], final_games[0]["white"]);
  EXPECT_EQ(t["standings"][0]["username"], final_games[0]["white"]);
}

TEST_F(TournamentApiTest, ArenaPairsAgainAtOnceScoresBerserkAndEndsOnTime) {
  const std::string id = create("ann", {{"game", "capgo"}, {"format", "arena"}, {"minutes", 10}, {"clock", kBlitz},
                                        {"name", "Arena"}, {"starts_at", "2030-01-01T10:00:00Z"}});
  for (const char* name : {"ann", "bob", "cid", "dan"})
    ASSERT_EQ(account(name).post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(account("ann").post("/api/tournaments/" + id + "/start").status, 200);
  json t = tournament(id);
  EXPECT_FALSE(t["ends_at"].is_null());
  auto games = open_pairings(t, 1);
  ASSERT_EQ(games.size(), 2u);
  // Berserk: once, before one's first move; not by someone else's game.
  const std::string bw = games[0]["white"], game = games[0]["game_id"];
  EXPECT_EQ(account(bw).post("/api/tournaments/" + id + "/berserk", {{"game_id", game}}).status, 200);
  EXPECT_EQ(account(bw).post("/api/tournaments/" + id + "/berserk", {{"game_id", game}}).body["code"], "berserk_not_allowed");
  EXPECT_EQ(account(std::string(games[1]["white"])).post("/api/tournaments/" + id + "/berserk", {{"game_id", game}}).status, 404);
  const json clock = account(bw).get("/api/games/" + game).body["clock"];
  EXPECT_EQ(clock.dump().find("90000") != std::string::npos, true) << clock.dump();  // 180 s halved
  // The first game ends: its two players are paired again at once (the others still play).
  ASSERT_EQ(account(std::string(games[0]["black"])).post("/api/games/" + game + "/resign").status, 200);
  ASSERT_TRUE(wait_until([&] { return open_pairings(tournament(id), 2).size() == 1; })) << tournament(id).dump();
  t = tournament(id);
  EXPECT_EQ(t["sheets"][bw]["score"], 2);  // a berserk win this short earns no extra point
  // Time runs out: nobody is paired again, games nobody plays are forfeited a minute after their
  // pairing, and once the last game has ended the arena is over.
  ASSERT_TRUE(wait_until([&] {
    advance(20'000);
    return tournament(id)["status"] == "finished";
  }, std::chrono::seconds(30))) << tournament(id).dump();
  t = tournament(id);
  for (const json& p : t["pairings"]) EXPECT_FALSE(p["result"].is_null()) << p.dump();
  EXPECT_EQ(t["standings"].size(), 4u);
  EXPECT_TRUE(t["standings"][0]["tiebreaks"].contains("performance"));
  EXPECT_EQ(account(bw).post("/api/tournaments/" + id + "/berserk", {{"game_id", game}}).status, 404);
}

TEST_F(TournamentApiTest, ATournamentGameLinksBackKeepsItsBerserkOverARestartAndHasNoRematch) {
  const std::string id = create("ann", {{"game", "togyz"}, {"format", "arena"}, {"minutes", 10}, {"clock", kBlitz},
                                        {"name", "Arena"}, {"starts_at", "2030-01-01T10:00:00Z"}});
  for (const char* name : {"ann", "bob"}) ASSERT_EQ(account(name).post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(account("ann").post("/api/tournaments/" + id + "/start").status, 200);
  const auto games = open_pairings(tournament(id), 1);
  ASSERT_EQ(games.size(), 1u);
  const std::string white = games[0]["white"], black = games[0]["black"], game = games[0]["game_id"];
  json s = account(white).get("/api/games/" + game).body;
  EXPECT_EQ(s["tournament"], (json{{"id", id}, {"berserk", {false, false}}}));
  const std::string white_ms = std::string(s["sides"][0]) + "_ms";
  ASSERT_EQ(account(white).post("/api/tournaments/" + id + "/berserk", {{"game_id", game}}).status, 200);
  s = account(white).get("/api/games/" + game).body;
  EXPECT_EQ(s["tournament"]["berserk"], (json{true, false}));
  EXPECT_EQ(s["clock"][white_ms], 90'000);
  // A restart before the berserk side's first move keeps the cut.
  server_->kill9();
  ASSERT_TRUE(server_->start(port_));
  s = account(white).get("/api/games/" + game).body;
  EXPECT_EQ(s["tournament"]["berserk"], (json{true, false}));
  EXPECT_EQ(s["clock"][white_ms], 90'000) << s["clock"].dump();
  ASSERT_EQ(account(white).post("/api/games/" + game + "/moves", {{"move", s["legal_moves"][0]}}).status, 200);
  EXPECT_EQ(account(white).get("/api/games/" + game).body["clock"][white_ms], 90'000);
  ASSERT_EQ(account(black).post("/api/games/" + game + "/resign").status, 200);
  const auto rematch = account(white).post("/api/games/" + game + "/rematch");
  EXPECT_EQ(rematch.status, 409);
  EXPECT_EQ(rematch.body["code"], "rematch_not_allowed");
}

TEST_F(TournamentApiTest, AFollowerHearsOfItsGame) {
  const std::string id = create("ann", {{"game", "togyz"}, {"format", "round_robin"}, {"clock", kBlitz},
                                        {"name", "Pair"}, {"starts_at", "2030-01-01T10:00:00Z"}});
  ASSERT_EQ(account("ann").post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(account("bob").post("/api/tournaments/" + id + "/join").status, 200);
  WsClient ws(port_, "/ws/tournaments/" + id, account("bob").cookie());
  auto first = ws.read();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["type"], "tournament");
  EXPECT_EQ((*first)["tournament"]["status"], "created");
  EXPECT_EQ((*first)["tournament"]["entrants_total"], 2);  // the pushed head says how much there is
  EXPECT_TRUE((*first)["me"].is_null());                    // bob's lines are all in the head
  ASSERT_EQ(account("ann").post("/api/tournaments/" + id + "/start").status, 200);
  std::optional<json> game;
  for (int i = 0; i < 20 && !game; ++i) {
    auto m = ws.read();
    if (!m) break;
    if ((*m)["type"] == "game") game = m;
  }
  ASSERT_TRUE(game);
  EXPECT_EQ((*game)["game_id"], tournament(id)["pairings"][0]["game_id"]);
  EXPECT_EQ((*game)["round"], 1);
  WsClient none(port_, "/ws/tournaments/nope");
  auto err = none.read();
  ASSERT_TRUE(err);
  EXPECT_EQ((*err)["code"], "no_such_tournament");
}

}  // namespace
}  // namespace oyin::testing
