// Two `oyin serve` instances on one PostgreSQL database (the test's own server): seats and
// spectators on different instances see each other's moves at once, the computer moves once
// across instances, and after a kill -9 of one instance its clients play on through the other,
// which also takes over a computer move the dead one was thinking about. On clocks that the test
// moves (--clock manual) a flag, an abort and a claim end a game once across instances; a copy
// of a game a few milliseconds behind the store catches up and the move goes through.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "server/server_process.h"
#include "support/postgres_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class MultiInstanceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto& pg = PostgresServer::shared();
    url_ = pg.fresh_database(::testing::UnitTest::GetInstance()->current_test_info()->name());
    ASSERT_TRUE(pg.error().empty()) << pg.error();
    a_ = std::make_unique<ServerProcess>(url_, "/nonexistent", args());
    b_ = std::make_unique<ServerProcess>(url_, "/nonexistent", args());
    ASSERT_TRUE(a_->start());
    ASSERT_TRUE(b_->start());
  }
  virtual std::vector<std::string> args() const { return {}; }
  json state(int port, const std::string& id) { return http_get(port, "/api/games/" + id).body; }
  // An online Togyz game made on instance A with the creator as white (a clock or untimed):
  // its id and both seats' tokens; an empty id when it could not be made.
  struct Online {
    std::string id, white, black;
  };
  Online online_game(const json& clock = nullptr) {
    json body{{"game", "togyz"}, {"mode", "online"}, {"color", "white"}};
    if (!clock.is_null()) body["clock"] = clock;
    auto g = http_post(a_->port(), "/api/games", body);
    EXPECT_EQ(g.status, 201) << g.text;
    if (g.status != 201) return {};
    const std::string invite = g.body["invite"];
    return {g.body["id"].get<std::string>(), g.body["seat"]["token"].get<std::string>(), invite.substr(invite.rfind('/') + 1)};
  }

  // Whether an instance holds the claim on a computer's move in this test's database (a session
  // advisory lock, Db::claim; no other work takes one).
  static bool computer_move_claimed(storage::Db& db) {
    auto r = db.reader()->query(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");
    return r && !r->empty() && (*r)[0].integer(0) > 0;
  }

  std::string url_;
  std::unique_ptr<ServerProcess> a_, b_;
};

TEST_F(MultiInstanceTest, SeatsOnTwoInstancesSeeEachOthersMoves) {
  const Online game = online_game();
  ASSERT_FALSE(game.id.empty());
  const std::string id = game.id, white = game.white, black = game.black;
  WsClient w(a_->port(), "/ws/games/" + id + "?token=" + white);
  WsClient b(b_->port(), "/ws/games/" + id + "?token=" + black);
  WsClient spectator(b_->port(), "/ws/games/" + id);
  for (auto* c : {&w, &b, &spectator}) ASSERT_TRUE(c->read_state_at(0));
  w.send({{"type", "move"}, {"move", "6"}});  // on A
  for (auto* c : {&w, &b, &spectator}) {
    auto s = c->read_state_at(1);
    ASSERT_TRUE(s);
    EXPECT_EQ((*s)["moves"], json{"65(10)"});
  }
  b.send({{"type", "move"}, {"move", "1"}});  // on B
  for (auto* c : {&w, &b, &spectator}) {
    auto s = c->read_state_at(2);
    ASSERT_TRUE(s);
    EXPECT_EQ((*s)["moves"].size(), 2u);
  }
  // A resignation on B ends the game on A too.
  auto r = http_post(b_->port(), "/api/games/" + id + "/resign", {{"token", white}});
  ASSERT_EQ(r.status, 200) << r.text;
  for (int i = 0; i < 5; ++i) {
    auto m = w.read();
    ASSERT_TRUE(m);
    if ((*m)["state"]["status"] == "finished") break;
  }
  EXPECT_EQ(state(a_->port(), id)["result"], "0-1");
}

TEST_F(MultiInstanceTest, TheComputerMovesOnceAcrossInstances) {
  auto g = http_post(a_->port(), "/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "white"}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"], token = g.body["seat"]["token"];
  // Both instances hold the game and follow it; the human moves on each in turn.
  WsClient on_a(a_->port(), "/ws/games/" + id);
  WsClient on_b(b_->port(), "/ws/games/" + id + "?token=" + token);
  ASSERT_TRUE(on_a.read_state_at(0));
  ASSERT_TRUE(on_b.read_state_at(0));
  for (std::size_t ply = 0; ply < 12; ply += 2) {
    const int port = ply % 4 == 0 ? a_->port() : b_->port();
    json s = state(port, id);
    ASSERT_EQ(s["ply"], ply) << s.dump();
    const std::string move = s["legal_moves"][0];
    auto r = http_post(port, "/api/games/" + id + "/moves", {{"move", move}, {"token", token}});
    ASSERT_EQ(r.status, 200) << r.text;
    auto sa = on_a.read_state_at(ply + 2);
    auto sb = on_b.read_state_at(ply + 2);
    ASSERT_TRUE(sa && sb) << "no computer reply at ply " << ply;
    EXPECT_EQ((*sa)["moves"], (*sb)["moves"]);
  }
  // No more moves come: one computer move per human move, on both instances alike. (Other
  // pushes may: the count of spectators, say.)
  for (int i = 0; i < 20; ++i) {
    const auto extra = on_a.read(std::chrono::milliseconds(300));
    if (!extra) break;
    if ((*extra)["type"] == "state") {
      EXPECT_EQ((*extra)["state"]["ply"], 12) << extra->dump();
    }
  }
  EXPECT_EQ(state(a_->port(), id)["moves"], state(b_->port(), id)["moves"]);
  EXPECT_EQ(state(b_->port(), id)["ply"], 12);
}

TEST_F(MultiInstanceTest, KillingAnInstanceLosesNothingAndTheOtherTakesOverTheComputer) {
  // A human game and a game against the computer at its slowest level (1 s a move). The
  // computer's game starts one stone off the usual start, where no book answers at once: a book
  // reply would be stored before the kill and the takeover would go untried (and B's first push
  // could then be at ply 2).
  auto h = http_post(a_->port(), "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  auto c = http_post(a_->port(), "/api/games",
                     {{"game", "togyz"}, {"mode", "ai"}, {"level", 10}, {"color", "white"},
                      {"position", "9S,9S,9S,9S,9S,9S,9S,9S,10S/9S,9S,9S,9S,9S,9S,9S,9S,8S 0 0 S 1"}});
  ASSERT_EQ(h.status, 201);
  ASSERT_EQ(c.status, 201);
  const std::string hid = h.body["id"], htoken = h.body["seat"]["token"];
  const std::string cid = c.body["id"], ctoken = c.body["seat"]["token"];
  for (const char* m : {"6", "1", "7"}) ASSERT_EQ(http_post(a_->port(), "/api/games/" + hid + "/moves", {{"move", m}, {"token", htoken}}).status, 200);
  WsClient follower(b_->port(), "/ws/games/" + cid + "?token=" + ctoken);
  ASSERT_TRUE(follower.read_state_at(0));
  auto r = http_post(a_->port(), "/api/games/" + cid + "/moves", {{"move", "6"}, {"token", ctoken}});
  ASSERT_EQ(r.status, 200);
  // Usually A claims the computer's move and thinks for 1 s; B, told of the move by the notify
  // of A's own commit, can win that race. Either way killing A must lose nothing.
  ASSERT_TRUE(follower.read_state_at(1));
  // Killed once the move is claimed (its thinking under way), or answered already.
  auto db = storage::Db::open(url_);
  ASSERT_TRUE(db) << db.error();
  ASSERT_TRUE(wait_until([&] { return computer_move_claimed(**db) || state(b_->port(), cid)["ply"] >= 2; }))
      << "nobody claimed the computer's move";
  a_->kill9();
  // B takes the computer's move over once A's claim is gone with A's connections.
  auto reply = follower.read_state_at(2);
  ASSERT_TRUE(reply) << "B did not take over the computer's move";
  EXPECT_EQ((*reply)["moves"][0], "65(10)");
  EXPECT_EQ((*reply)["book_move"], false);
  // The human game plays on through B with every move A acknowledged.
  json s = state(b_->port(), hid);
  ASSERT_EQ(s["ply"], 3);
  ASSERT_EQ(http_post(b_->port(), "/api/games/" + hid + "/moves", {{"move", s["legal_moves"][0]}, {"token", htoken}}).status, 200);
  EXPECT_EQ(state(b_->port(), hid)["ply"], 4);
  EXPECT_EQ(state(b_->port(), cid)["ply"], 2);
}

// Two instances on clocks that only the test moves, and the notifications of the database (each
// change a game's end makes is announced once, by the instance that made it).
class MultiInstanceClockTest : public MultiInstanceTest {
 protected:
  std::vector<std::string> args() const override { return {"--clock", "manual"}; }
  void SetUp() override {
    MultiInstanceTest::SetUp();
    auto db = storage::Db::open(url_);
    ASSERT_TRUE(db) << db.error();
    db_ = std::move(*db);
    db_->listen("oyin_games", [this](const std::string& payload) {
      std::lock_guard lock(m_);
      payloads_.push_back(payload);
    });
  }
  // How many changes of game `id` were announced (payload "<instance> <id>"; the instances'
  // signals, "<instance> !<words>", are not changes).
  int announced(const std::string& id) {
    std::lock_guard lock(m_);
    return static_cast<int>(std::count_if(payloads_.begin(), payloads_.end(), [&](const std::string& p) {
      return p.ends_with(" " + id) && p.find(" !") == std::string::npos;
    }));
  }
  // Both instances' clocks on by `ms` at the same moment, so that their timers race.
  void advance_both(std::int64_t ms) {
    std::atomic<int> ok{0};
    std::thread t([&] { ok += http_post(b_->port(), "/api/test/clock", {{"advance_ms", ms}}).status == 200; });
    ok += http_post(a_->port(), "/api/test/clock", {{"advance_ms", ms}}).status == 200;
    t.join();
    ASSERT_EQ(ok, 2);
  }
  static std::optional<json> read_finished(WsClient& c) {
    for (int i = 0; i < 20; ++i) {
      auto m = c.read();
      if (!m) return std::nullopt;
      if ((*m)["type"] == "state" && (*m)["state"]["status"] == "finished") return (*m)["state"];
    }
    return std::nullopt;
  }
  // The announcements of every change committed so far have arrived. Each is sent in the
  // transaction of its change, and PostgreSQL delivers notifications in the order their
  // transactions committed: once a marker the test sends now is back, all earlier ones are in.
  // (The marker is a signal, "<instance> !<words>": the instances note only that an instance
  // "test" is alive, and announced() does not count it.)
  void settle() {
    const std::string marker = "test !settled " + std::to_string(++markers_);
    ASSERT_TRUE(db_->writer()->notify("oyin_games", marker));
    ASSERT_TRUE(wait_until([&] {
      std::lock_guard lock(m_);
      return std::find(payloads_.begin(), payloads_.end(), marker) != payloads_.end();
    })) << "the test's own notification did not come back";
  }

  int markers_ = 0;

  std::mutex m_;
  std::vector<std::string> payloads_;
  std::unique_ptr<storage::Db> db_;  // last: its listener thread stops before the two above go
};

TEST_F(MultiInstanceClockTest, AFlagFallsOnceAndBothInstancesShowTheSameEnd) {
  const Online game = online_game(json{{"initial_s", 60}, {"increment_s", 0}});
  ASSERT_FALSE(game.id.empty());
  const std::string id = game.id, white = game.white, black = game.black;
  WsClient w(a_->port(), "/ws/games/" + id + "?token=" + white);
  WsClient b(b_->port(), "/ws/games/" + id + "?token=" + black);
  ASSERT_TRUE(w.read_state_at(0));
  ASSERT_TRUE(b.read_state_at(0));
  ASSERT_EQ(http_post(a_->port(), "/api/games/" + id + "/moves", {{"move", "6"}, {"token", white}}).status, 200);
  ASSERT_TRUE(b.read_state_at(1));
  ASSERT_EQ(http_post(b_->port(), "/api/games/" + id + "/moves", {{"move", "1"}, {"token", black}}).status, 200);
  ASSERT_TRUE(w.read_state_at(2));  // white's clock runs on both instances now
  settle();
  const int before = announced(id);
  advance_both(61'000);
  auto on_a = read_finished(w);
  auto on_b = read_finished(b);
  ASSERT_TRUE(on_a && on_b) << "the flag did not fall on both instances";
  for (const json* s : {&*on_a, &*on_b}) {
    EXPECT_EQ((*s)["result"], "0-1") << s->dump();
    EXPECT_EQ((*s)["end"]["code"], "time") << s->dump();
    EXPECT_EQ((*s)["clock"]["white_ms"], 0);
    EXPECT_EQ((*s)["clock"]["running"], nullptr);
  }
  EXPECT_EQ((*on_a)["reason"], (*on_b)["reason"]);
  EXPECT_EQ((*on_a)["clock"], (*on_b)["clock"]);
  settle();
  EXPECT_EQ(announced(id) - before, 1) << "the end was written by more than one instance";
  EXPECT_EQ(state(a_->port(), id)["end"], state(b_->port(), id)["end"]);
}

TEST_F(MultiInstanceClockTest, AGameWithoutAFirstMoveIsAbortedOnce) {
  auto g = http_post(a_->port(), "/api/games", {{"game", "togyz"}, {"mode", "hotseat"},
                                                {"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string id = g.body["id"];
  WsClient on_a(a_->port(), "/ws/games/" + id);
  WsClient on_b(b_->port(), "/ws/games/" + id);  // B holds the game too: its 30 s run as well
  ASSERT_TRUE(on_a.read_state_at(0));
  ASSERT_TRUE(on_b.read_state_at(0));
  settle();
  const int before = announced(id);
  advance_both(31'000);
  auto sa = read_finished(on_a);
  auto sb = read_finished(on_b);
  ASSERT_TRUE(sa && sb) << "the game was not aborted on both instances";
  EXPECT_EQ((*sa)["end"]["code"], "aborted");
  EXPECT_EQ((*sb)["end"]["code"], "aborted");
  EXPECT_EQ((*sa)["result"], (*sb)["result"]);
  settle();
  EXPECT_EQ(announced(id) - before, 1) << "the abort was written by more than one instance";
}

TEST_F(MultiInstanceClockTest, TwoClaimsOnTwoInstancesEndTheGameOnce) {
  const Online game = online_game(json{{"initial_s", 300}, {"increment_s", 0}});
  ASSERT_FALSE(game.id.empty());
  const std::string id = game.id, white = game.white, black = game.black;
  ASSERT_EQ(http_post(a_->port(), "/api/games/" + id + "/moves", {{"move", "6"}, {"token", white}}).status, 200);
  ASSERT_EQ(state(b_->port(), id)["ply"], 1);
  ASSERT_EQ(http_post(b_->port(), "/api/games/" + id + "/moves", {{"move", "1"}, {"token", black}}).status, 200);
  ASSERT_TRUE(wait_until([&] { return state(a_->port(), id)["ply"] == 2; })) << "A did not hear of B's move";
  settle();
  // White has had no connection anywhere; a minute later black claims on both instances at once.
  advance_both(61'000);
  const int before = announced(id);
  HttpResult on_b;
  std::thread t([&] { on_b = http_post(b_->port(), "/api/games/" + id + "/claim", {{"token", black}}); });
  const HttpResult on_a = http_post(a_->port(), "/api/games/" + id + "/claim", {{"token", black}});
  t.join();
  EXPECT_EQ((on_a.status == 200) + (on_b.status == 200), 1) << on_a.text << "\n" << on_b.text;
  const HttpResult& refused = on_a.status == 200 ? on_b : on_a;
  EXPECT_EQ(refused.status, 409) << refused.text;
  EXPECT_EQ(refused.body["code"], "game_over") << refused.text;
  settle();
  EXPECT_EQ(announced(id) - before, 1);
  for (int port : {a_->port(), b_->port()}) {
    const json s = state(port, id);
    EXPECT_EQ(s["result"], "0-1") << s.dump();
    EXPECT_EQ(s["end"]["code"], "abandoned") << s.dump();
  }
}

// Presence is one across instances: a player connected to A only is present for B too, so
// their opponent cannot claim the game on B; once they leave A, B counts their absence.
TEST_F(MultiInstanceClockTest, APlayerConnectedToOneInstanceIsPresentOnTheOther) {
  const Online game = online_game(json{{"initial_s", 300}, {"increment_s", 0}});
  ASSERT_FALSE(game.id.empty());
  const std::string id = game.id, white = game.white, black = game.black;
  auto w = std::make_unique<WsClient>(a_->port(), "/ws/games/" + id + "?token=" + white);
  ASSERT_TRUE(w->read_state_at(0));
  ASSERT_EQ(http_post(a_->port(), "/api/games/" + id + "/moves", {{"move", "6"}, {"token", white}}).status, 200);
  ASSERT_EQ(state(b_->port(), id)["ply"], 1);  // B loads the game here, after white connected to A
  ASSERT_EQ(http_post(b_->port(), "/api/games/" + id + "/moves", {{"move", "1"}, {"token", black}}).status, 200);
  auto connected = [&](const char* side) { return state(b_->port(), id)["presence"][side]["connected"]; };
  EXPECT_TRUE(wait_until([&] { return connected("white") == true; })) << "B did not learn that white is on A";
  EXPECT_EQ(connected("black"), false);
  advance_both(61'000);
  auto early = http_post(b_->port(), "/api/games/" + id + "/claim", {{"token", black}});
  EXPECT_EQ(early.status, 409) << early.text;
  EXPECT_EQ(early.body["code"], "claim_too_early") << early.text;

  // White goes: B learns it, and counts the minute from then on its own clock.
  w->close();
  w.reset();
  EXPECT_TRUE(wait_until([&] { return connected("white") == false; })) << "B did not learn that white left A";
  auto still_early = http_post(b_->port(), "/api/games/" + id + "/claim", {{"token", black}});
  EXPECT_EQ(still_early.body["code"], "claim_too_early") << still_early.text;
  advance_both(61'000);
  auto claimed = http_post(b_->port(), "/api/games/" + id + "/claim", {{"token", black}});
  ASSERT_EQ(claimed.status, 200) << claimed.text;
  EXPECT_EQ(claimed.body["result"], "0-1");
  EXPECT_EQ(claimed.body["end"]["code"], "abandoned");
}

// A move sent to an instance whose copy of the game is behind the store (the other instance's
// move is committed, its notification not yet here): written into the store directly by the
// test, which no notification follows, so the copy stays behind until the move comes.
TEST_F(MultiInstanceTest, AMoveOnACopyBehindTheStoreReadsTheGameAgainAndGoesThrough) {
  auto h = http_post(b_->port(), "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
  auto o = http_post(b_->port(), "/api/games", {{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  ASSERT_EQ(h.status, 201);
  ASSERT_EQ(o.status, 201);
  const std::string hid = h.body["id"], htoken = h.body["seat"]["token"];
  const std::string oid = o.body["id"], invite = o.body["invite"];
  const std::string black = invite.substr(invite.rfind('/') + 1);
  auto db = storage::Db::open(url_);
  ASSERT_TRUE(db) << db.error();
  for (const std::string& id : {hid, oid})
    ASSERT_TRUE((*db)->writer()->exec("INSERT INTO moves(game_id, ply, move, clock_ms) VALUES(?, 0, '6', -1)", {id}));

  // Hotseat: "1" is legal on B's stale copy too (as white's first move); the store refuses it
  // there, B reads the game again and plays it as black's reply.
  auto r = http_post(b_->port(), "/api/games/" + hid + "/moves", {{"move", "1"}, {"token", htoken}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 2);
  EXPECT_EQ(r.body["moves"][0], "65(10)");
  // Online: B's copy says it is white's turn; the store says black's.
  r = http_post(b_->port(), "/api/games/" + oid + "/moves", {{"move", "1"}, {"token", black}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 2);
  // Both games as the store has them, on either instance.
  for (const std::string& id : {hid, oid}) EXPECT_EQ(state(a_->port(), id)["moves"], state(b_->port(), id)["moves"]);
  // A move that is really out of turn is still refused, once the copy is current.
  r = http_post(b_->port(), "/api/games/" + oid + "/moves", {{"move", "2"}, {"token", black}});
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.body["code"], "not_your_turn");
}

}  // namespace
}  // namespace oyin::testing
