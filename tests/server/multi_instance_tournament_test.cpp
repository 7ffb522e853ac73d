// A tournament run by two `oyin serve` instances on one PostgreSQL database (the test's own
// server): both directors race to start it and to pair each round, yet every round is paired
// exactly once; a follower on one instance sees what the other did; and after a `kill -9` of one
// instance the other carries the tournament to its end.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <thread>

#include "server/account_client.h"
#include "server/accounts_from_address.h"
#include "server/server_process.h"
#include "support/postgres_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};
const char* const kNames[] = {"ann", "bob", "cid", "dan", "eve", "fay"};

class MultiInstanceTournamentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto& pg = PostgresServer::shared();
    url_ = pg.fresh_database(::testing::UnitTest::GetInstance()->current_test_info()->name());
    ASSERT_TRUE(pg.error().empty()) << pg.error();
    a_ = std::make_unique<ServerProcess>(url_);
    b_ = std::make_unique<ServerProcess>(url_);
    ASSERT_TRUE(a_->start());
    ASSERT_TRUE(b_->start());
  }
  json tournament(int port, const std::string& id) { return http_get(port, "/api/tournaments/" + id).body; }
  // Every round's pairings: each player once per round, nobody met twice.
  static void expect_paired_once(const json& t, int rounds) {
    std::map<int, std::multiset<std::string>> seen;
    std::set<std::pair<std::string, std::string>> met;
    for (const json& p : t["pairings"]) {
      const std::string w = p["white"], b = p["black"];
      seen[p["round"]].insert(w);
      seen[p["round"]].insert(b);
      EXPECT_TRUE(met.insert({std::min(w, b), std::max(w, b)}).second) << w << " met " << b << " twice";
    }
    EXPECT_EQ(static_cast<int>(seen.size()), rounds) << t["pairings"].dump();
    for (const auto& [round, players] : seen) {
      EXPECT_EQ(players.size(), 6u) << "round " << round;
      for (const char* name : kNames) EXPECT_EQ(players.count(name), 1u) << name << " in round " << round;
    }
  }

  std::string url_;
  std::unique_ptr<ServerProcess> a_, b_;
};

TEST_F(MultiInstanceTournamentTest, RoundsArePairedOnceAndAKilledInstanceDoesNotStopIt) {
  std::map<std::string, std::unique_ptr<CookieClient>> on;  // every player, half on A, half on B
  for (int i = 0; i < 6; ++i) {
    on[kNames[i]] = std::make_unique<CookieClient>(i % 2 ? b_->port() : a_->port());
    // Each from an address of its own: sign-ups are limited per address.
    auto r = sign_up_from("127.0.0." + std::to_string(10 + i), i % 2 ? b_->port() : a_->port(), kNames[i],
                          std::string(kNames[i]) + "-long-password");
    ASSERT_EQ(r.status, 201) << r.text;
    const std::string set = r.header("Set-Cookie");
    on[kNames[i]]->set_cookie(set.substr(0, set.find(';')));
  }
  auto made = on["ann"]->post("/api/tournaments", {{"game", "togyz"}, {"format", "round_robin"}, {"clock", kBlitz},
                                                   {"name", "Two hosts"}, {"min_players", 6}, {"rated", true}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  WsClient follower(b_->port(), "/ws/tournaments/" + id);
  ASSERT_TRUE(follower.read());
  // All join at once, on both instances: the sixth join lets whichever director steps first start it.
  std::vector<std::thread> joins;
  for (const char* name : kNames)
    joins.emplace_back([&, name] { EXPECT_EQ(on[name]->post("/api/tournaments/" + id + "/join").status, 200); });
  for (auto& t : joins) t.join();
  ASSERT_TRUE(wait_until([&] { return tournament(a_->port(), id)["round"] == 1; })) << tournament(a_->port(), id).dump();
  // The follower on B hears of the start (made on either instance).
  bool heard = false;
  for (int i = 0; i < 30 && !heard; ++i) {
    auto m = follower.read();
    if (!m) break;
    heard = (*m)["type"] == "tournament" && (*m)["tournament"]["round"] == 1;
  }
  EXPECT_TRUE(heard);
  // Round by round, the loser resigns on its own instance; A is killed after round 2.
  for (int round = 1; round <= 5; ++round) {
    const int port = round <= 2 ? a_->port() : b_->port();
    ASSERT_TRUE(wait_until([&] { return tournament(port, id)["round"] == round; })) << tournament(port, id).dump();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // both directors have looked again
    const json now = tournament(port, id);
    for (const json& p : now["pairings"]) {
      if (p["round"] != round) continue;
      ASSERT_TRUE(p["result"].is_null());
      const std::string loser = round % 2 ? p["white"] : p["black"];
      auto& client = *on[loser];
      const int where = round <= 2 ? (loser == "bob" || loser == "dan" || loser == "fay" ? b_->port() : a_->port()) : b_->port();
      CookieClient here(where);
      here.set_cookie(client.cookie());
      auto r = here.post("/api/games/" + std::string(p["game_id"]) + "/resign");
      ASSERT_EQ(r.status, 200) << r.text;
    }
    if (round == 2) a_->kill9();
  }
  ASSERT_TRUE(wait_until([&] { return tournament(b_->port(), id)["status"] == "finished"; }, std::chrono::seconds(30)))
      << tournament(b_->port(), id).dump();
  const json t = tournament(b_->port(), id);
  expect_paired_once(t, 5);
  EXPECT_EQ(t["pairings"].size(), 15u);
  double total = 0;
  for (const json& s : t["standings"]) total += s["score"].get<double>();
  EXPECT_EQ(total, 15);
}

}  // namespace
}  // namespace oyin::testing
