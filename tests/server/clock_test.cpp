// Game clocks with the injected manual clock (server/common/clock.h): the arithmetic of base time and
// Fischer increment, timers that fire as time is moved on, and GameService ending games on a
// fallen flag (by its timer, nobody moving), aborting a game without a first move, the draw when
// the side with time left cannot win, the claim against an absent player, and the clocks
// rebuilt from the store after a restart. Time never passes by itself here: no test sleeps.
#include <gtest/gtest.h>

#include <filesystem>

#include "registry/registry.h"
#include "server/common/clock.h"
#include "server/play/game_clock.h"
#include "server/play/game_service.h"

namespace oyin::server {
namespace {

TEST(GameClock, FischerIncrementAndFirstMoves) {
  GameClock c({60'000, 2'000}, 1'000);
  EXPECT_FALSE(c.deadline(0, 0));  // nobody has come yet
  c.begin(1'000);
  EXPECT_EQ(*c.deadline(0, 0), 31'000);  // the first move within 30 s
  std::int64_t left = 0;
  ASSERT_EQ(c.on_move(0, 0, 5'000, left), GameClock::MoveTime::ok);
  EXPECT_EQ(left, 60'000);  // first moves are not timed and earn no increment
  EXPECT_EQ(c.running(1, 1), -1);
  ASSERT_EQ(c.on_move(1, 1, 7'000, left), GameClock::MoveTime::ok);
  EXPECT_EQ(c.running(2, 0), 0);
  EXPECT_EQ(c.left(0, 2, 0, 10'000), 57'000);
  EXPECT_EQ(c.left(1, 2, 0, 10'000), 60'000);
  ASSERT_EQ(c.on_move(2, 0, 17'000, left), GameClock::MoveTime::ok);
  EXPECT_EQ(left, 52'000);  // 60 s - 10 s + 2 s
  EXPECT_EQ(*c.deadline(3, 1), 77'000);
  EXPECT_EQ(c.due(3, 1, 76'999), GameClock::MoveTime::ok);
  EXPECT_EQ(c.due(3, 1, 77'000), GameClock::MoveTime::flag);
  EXPECT_EQ(c.on_move(3, 1, 77'000, left), GameClock::MoveTime::flag);
  const std::string sides[2] = {"white", "black"};
  EXPECT_EQ(c.to_json(sides, 3, 1, 27'000),
            (json{{"white_ms", 52'000}, {"black_ms", 50'000}, {"running", "black"}, {"initial_ms", 60'000},
                  {"increment_ms", 2'000}, {"first_move_ms", nullptr}}));
}

TEST(GameClock, LateFirstMoveAborts) {
  GameClock c({60'000, 0}, 0);
  c.begin(0);
  std::int64_t left = 0;
  EXPECT_EQ(c.on_move(0, 0, 30'000, left), GameClock::MoveTime::abort);
  ASSERT_EQ(c.on_move(0, 0, 29'999, left), GameClock::MoveTime::ok);
  EXPECT_EQ(c.on_move(1, 1, 29'999 + 30'000, left), GameClock::MoveTime::abort);
}

TEST(GameClock, TimeControlFromJson) {
  auto tc = time_control_from_json({{"initial_s", 180}, {"increment_s", 2}});
  ASSERT_TRUE(tc) << tc.error();
  EXPECT_EQ(tc->initial_ms, 180'000);
  EXPECT_EQ(tc->increment_ms, 2'000);
  EXPECT_EQ(speed_class(*tc), "blitz");
  EXPECT_EQ(speed_class({60'000, 0}), "bullet");
  EXPECT_EQ(speed_class({600'000, 5'000}), "rapid");
  EXPECT_EQ(speed_class({1'800'000, 20'000}), "classical");
  EXPECT_FALSE(time_control_from_json(nullptr)->timed());
  EXPECT_FALSE(time_control_from_json({{"increment_s", 2}}));
  EXPECT_FALSE(time_control_from_json({{"initial_s", 0}}));
  EXPECT_FALSE(time_control_from_json({{"initial_s", 60}, {"increment_s", 181}}));
  EXPECT_FALSE(time_control_from_json("3+2"));
}

TEST(ManualClock, RunsDueTimersInOrderAsTimeMoves) {
  ManualClock clock(0);
  std::vector<std::pair<int, std::int64_t>> fired;
  clock.call_at(300, [&] { fired.emplace_back(3, clock.now_ms()); });
  clock.call_at(100, [&] { fired.emplace_back(1, clock.now_ms()); });
  const auto cancelled = clock.call_at(200, [&] { fired.emplace_back(2, clock.now_ms()); });
  clock.cancel(cancelled);
  clock.advance(99);
  EXPECT_TRUE(fired.empty());
  clock.advance(250);
  EXPECT_EQ(fired, (std::vector<std::pair<int, std::int64_t>>{{1, 100}, {3, 300}}));
  EXPECT_EQ(clock.now_ms(), 349);
}

// A connection that keeps what the service pushes to it.
struct Inbox : Subscriber {
  std::vector<json> states;
  void send_text(std::string text) override { states.push_back(json::parse(text)["state"]); }
};

class ClockedService : public ::testing::Test {
 protected:
  void SetUp() override {
    register_builtin_games();
    path_ = ::testing::TempDir() + "oyin_clocks_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite";
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + std::string(ext));
    open();
  }
  void TearDown() override {
    close();
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + std::string(ext));
  }
  void open() {
    auto store = storage::GameStore::open(path_);
    ASSERT_TRUE(store) << store.error();
    store_ = std::move(*store);
    games_ = std::make_unique<GameService>(*store_, pool_, GameServiceOptions{.clock = &clock_});
  }
  void close() {
    if (games_) games_->stop_all();
    games_.reset();
    store_.reset();
  }
  // A new game; returns {id, token of the creator, token of the other seat (online)}.
  std::array<std::string, 3> create(json req) {
    const Reply r = games_->create(req, "http://127.0.0.1");
    EXPECT_EQ(r.status, 201) << r.body.dump();
    std::string other;
    if (r.body.contains("invite")) {
      const std::string invite = r.body["invite"];
      other = invite.substr(invite.rfind('/') + 1);
    }
    return {r.body["id"], r.body["seat"]["token"], other};
  }
  json state(const std::string& id) { return games_->get(id, "").body; }

  std::string path_;
  ManualClock clock_{0};
  boost::asio::thread_pool pool_{1};
  std::unique_ptr<storage::GameStore> store_;
  std::unique_ptr<GameService> games_;
};

TEST_F(ClockedService, FlagFallsByTheTimerWithNobodyMoving) {
  const auto [id, token, _] = create({{"game", "togyz"}, {"mode", "hotseat"}, {"clock", {{"initial_s", 60}, {"increment_s", 1}}}});
  auto inbox = std::make_shared<Inbox>();
  ASSERT_EQ(games_->subscribe(id, inbox, "").status, 200);
  EXPECT_EQ(state(id)["clock"], (json{{"white_ms", 60'000}, {"black_ms", 60'000}, {"running", nullptr},
                                      {"initial_ms", 60'000}, {"increment_ms", 1'000}, {"first_move_ms", 30'000}}));
  clock_.advance(10'000);
  ASSERT_EQ(games_->move(id, "6", token).status, 200);
  clock_.advance(5'000);
  ASSERT_EQ(games_->move(id, "9", token).status, 200);
  EXPECT_EQ(state(id)["clock"]["running"], "white");
  clock_.advance(20'000);
  const Reply third = games_->move(id, "1", token);
  ASSERT_EQ(third.status, 200);
  EXPECT_EQ(third.body["clock"]["white_ms"], 41'000);  // 60 - 20 + 1
  clock_.advance(59'999);
  EXPECT_EQ(state(id)["status"], "ongoing");
  EXPECT_EQ(state(id)["clock"]["black_ms"], 1);
  inbox->states.clear();
  clock_.advance(1);  // black's flag falls: the timer ends the game and pushes it
  const json s = state(id);
  EXPECT_EQ(s["status"], "finished");
  EXPECT_EQ(s["result"], "1-0");
  EXPECT_EQ(s["reason"], "black ran out of time");
  EXPECT_EQ(s["end"], (json{{"code", "time"}, {"winner", "white"}, {"args", {0, 0}}}));
  EXPECT_EQ(s["clock"]["black_ms"], 0);
  EXPECT_EQ(s["clock"]["running"], nullptr);
  ASSERT_EQ(inbox->states.size(), 1u);
  EXPECT_EQ(inbox->states[0]["end"]["code"], "time");
  EXPECT_EQ(games_->move(id, "2", token).status, 409);
}

TEST_F(ClockedService, NoFirstMoveIn30SecondsAborts) {
  const auto [id, token, _] = create({{"game", "capgo"}, {"mode", "hotseat"}, {"clock", {{"initial_s", 60}}}});
  clock_.advance(29'999);
  EXPECT_EQ(state(id)["clock"]["first_move_ms"], 1);
  clock_.advance(1);
  const json s = state(id);
  EXPECT_EQ(s["status"], "finished");
  EXPECT_EQ(s["result"], "*");
  EXPECT_EQ(s["end"]["code"], "aborted");
  EXPECT_EQ(s["end"]["winner"], nullptr);
}

TEST_F(ClockedService, OnlineWaitForTheFirstMoveBeginsWhenBothHaveCome) {
  const auto [id, mine, theirs] = create({{"game", "togyz"}, {"mode", "online"}, {"color", "white"}, {"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
  clock_.advance(600'000);  // the friend has not opened the link yet
  EXPECT_EQ(state(id)["status"], "ongoing");
  EXPECT_EQ(state(id)["clock"]["first_move_ms"], nullptr);
  ASSERT_EQ(games_->get(id, theirs).status, 200);
  EXPECT_EQ(state(id)["clock"]["first_move_ms"], 30'000);
  clock_.advance(30'000);
  EXPECT_EQ(state(id)["end"]["code"], "aborted");
}

TEST_F(ClockedService, FlagOfASideWhoseOpponentCannotWinIsADraw) {
  // Tojmot: Black has only its 1 and cannot mate, so White's fallen flag draws.
  const auto [id, token, _] = create({{"game", "tojmot"}, {"mode", "hotseat"}, {"position", "w W:1G1,2B4 B:1G17 0 1"},
                                      {"clock", {{"initial_s", 60}}}});
  ASSERT_EQ(games_->move(id, "b4b6", token).status, 200);
  ASSERT_EQ(games_->move(id, "g17g15", token).status, 200);
  clock_.advance(60'000);
  json s = state(id);
  EXPECT_EQ(s["result"], "1/2-1/2");
  EXPECT_EQ(s["reason"], "white ran out of time and black cannot win");
  EXPECT_EQ(s["end"]["code"], "time");
  EXPECT_EQ(s["end"]["winner"], nullptr);
  // Togyz: White holds 81 in its kazan, so Black can at most draw; White's flag gives a draw.
  const auto [id2, token2, _2] = create({{"game", "togyz"}, {"mode", "hotseat"}, {"clock", {{"initial_s", 60}}},
                                         {"position", "1S,1S,1S,1S,1S,1S,1S,1S,1S/1S,1S,1S,1S,1S,1S,1S,1S,1S 81 63 S 30"}});
  ASSERT_EQ(games_->move(id2, "1", token2).status, 200);
  ASSERT_EQ(games_->move(id2, "1", token2).status, 200);
  clock_.advance(60'000);
  s = state(id2);
  EXPECT_EQ(s["result"], "1/2-1/2");
  EXPECT_EQ(s["reason"], "white ran out of time and black cannot win");
}

// A connection's first state is sent by subscribe itself, before the connection can get a push:
// sent after it (as once), a push of the other player arriving could reach the client first and
// then be undone by the older first state (the other shown away, no first-move wait).
TEST_F(ClockedService, AConnectionsFirstStateComesBeforeAnyPush) {
  const auto [id, white, black] = create({{"game", "togyz"}, {"mode", "online"}, {"color", "white"}, {"clock", {{"initial_s", 60}}}});
  auto w = std::make_shared<Inbox>(), b = std::make_shared<Inbox>();
  const Reply first = games_->subscribe(id, w, white);
  ASSERT_EQ(first.status, 200);
  ASSERT_EQ(w->states.size(), 1u);
  EXPECT_EQ(w->states[0], first.body);
  EXPECT_EQ(w->states[0]["presence"]["black"]["connected"], false);
  EXPECT_EQ(w->states[0]["clock"]["first_move_ms"], nullptr);  // the wait begins when both have come
  ASSERT_EQ(games_->subscribe(id, b, black).status, 200);
  ASSERT_EQ(b->states.size(), 1u);
  EXPECT_EQ(b->states[0]["presence"]["white"]["connected"], true);
  EXPECT_EQ(b->states[0]["clock"]["first_move_ms"], 30'000);
  ASSERT_EQ(w->states.size(), 2u);
  EXPECT_EQ(w->states[1]["presence"]["black"]["connected"], true);
  EXPECT_EQ(w->states[1]["clock"]["first_move_ms"], 30'000);
  EXPECT_GT(w->states[1]["version"], w->states[0]["version"]);
  EXPECT_EQ(games_->subscribe("nosuchgame", std::make_shared<Inbox>(), "").status, 404);
}

TEST_F(ClockedService, ClaimAgainstAPlayerGoneForAMinute) {
  const auto [id, white, black] = create({{"game", "togyz"}, {"mode", "online"}, {"color", "white"}, {"clock", {{"initial_s", 600}}}});
  auto w = std::make_shared<Inbox>(), b = std::make_shared<Inbox>();
  ASSERT_EQ(games_->subscribe(id, w, white).status, 200);
  ASSERT_EQ(games_->subscribe(id, b, black).status, 200);
  EXPECT_EQ(state(id)["presence"], (json{{"white", {{"connected", true}, {"away_ms", 0}}}, {"black", {{"connected", true}, {"away_ms", 0}}}}));
  ASSERT_EQ(games_->move(id, "6", white).status, 200);
  EXPECT_EQ(games_->claim(id, white).body["code"], "claim_not_allowed");  // before both have moved
  ASSERT_EQ(games_->move(id, "9", black).status, 200);
  b.reset();
  games_->leave(id, black);
  clock_.advance(59'000);
  EXPECT_EQ(state(id)["presence"]["black"], (json{{"connected", false}, {"away_ms", 59'000}}));
  Reply early = games_->claim(id, white);
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(early.body["code"], "claim_too_early");
  EXPECT_EQ(early.body["params"]["wait_ms"], 1'000);
  EXPECT_EQ(games_->claim(id, black).body["code"], "claim_too_early");  // white is here
  clock_.advance(1'000);
  const Reply r = games_->claim(id, white);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["result"], "1-0");
  EXPECT_EQ(r.body["reason"], "black left the game");
  EXPECT_EQ(r.body["end"]["code"], "abandoned");
  EXPECT_EQ(r.body["clock"]["white_ms"], 540'000);
  // Untimed online games are like correspondence: no claims.
  const auto [id2, white2, _] = create({{"game", "togyz"}, {"mode", "online"}, {"color", "white"}});
  EXPECT_EQ(games_->claim(id2, white2).body["code"], "claim_not_allowed");
}

TEST_F(ClockedService, ClocksAndFlagsSurviveARestart) {
  const auto [id, token, _] = create({{"game", "togyz"}, {"mode", "hotseat"}, {"clock", {{"initial_s", 60}, {"increment_s", 2}}}});
  ASSERT_EQ(games_->move(id, "6", token).status, 200);
  ASSERT_EQ(games_->move(id, "9", token).status, 200);
  clock_.advance(15'000);
  ASSERT_EQ(games_->move(id, "1", token).status, 200);  // white 47 s
  clock_.advance(25'000);
  ASSERT_EQ(games_->move(id, "2", token).status, 200);  // black 37 s
  clock_.advance(5'000);
  close();
  open();
  games_->resume_timed_games();
  EXPECT_EQ(games_->cached_games(), 1u);  // loaded at start, its timer armed
  // The time the server was down is nobody's: white's clock runs again from its 47 s.
  clock_.advance(46'999);
  clock_.advance(1);
  const json s = state(id);
  EXPECT_EQ(s["reason"], "white ran out of time");
  EXPECT_EQ(s["clock"]["black_ms"], 37'000);
  EXPECT_EQ(s["clock"]["white_ms"], 0);
}

TEST_F(ClockedService, UndoPutsTheClocksBack) {
  const auto [id, token, _] = create({{"game", "togyz"}, {"mode", "hotseat"}, {"clock", {{"initial_s", 60}}}});
  ASSERT_EQ(games_->move(id, "6", token).status, 200);
  ASSERT_EQ(games_->move(id, "9", token).status, 200);
  clock_.advance(20'000);
  ASSERT_EQ(games_->move(id, "1", token).status, 200);
  EXPECT_EQ(state(id)["clock"]["white_ms"], 40'000);
  ASSERT_EQ(games_->undo(id, token).status, 200);
  EXPECT_EQ(state(id)["clock"]["white_ms"], 60'000);
  EXPECT_EQ(state(id)["clock"]["running"], "white");
}

}  // namespace
}  // namespace oyin::server
