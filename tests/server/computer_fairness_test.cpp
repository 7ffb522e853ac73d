// The computer players share the worker threads: its clock runs only while it thinks, not while
// its move waits for a worker; one player's many games do not hold up another player's; and the
// hall of fame and ratings cannot be won from the computer by its clock (issue 36, item 2).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "server/account_client.h"
#include "server/server_process.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class ComputerFairnessTest : public ServerWithOptions {
 protected:
  // One worker thread, so that a single long computer move holds every other one up; with
  // `manual_clock` the game clocks move only when the test says.
  void start_with(bool manual_clock) {
    std::vector<std::string> args{"--workers", "1"};
    if (manual_clock) args.insert(args.end(), {"--clock", "manual"});
    start(args);
  }
  void advance(std::int64_t ms) {
    auto r = http_post(port_, "/api/test/clock", {{"advance_ms", ms}});
    ASSERT_EQ(r.status, 200) << r.text;
  }
  json state(const std::string& id) { return http_get(port_, "/api/games/" + id).body; }
  // Polls game `id` until `done(state)` (10 s at most).
  json wait_for(const std::string& id, const std::function<bool(const json&)>& done) {
    json st;
    if (!wait_until([&] { return done(st = state(id)); })) ADD_FAILURE() << "game " << id << " never got there: " << st.dump();
    return st;
  }
  // A Togyz position six plies in, White to move: out of every opening book, so the computer
  // at level 10 thinks its full second there.
  std::string midgame() {
    const auto made = http_post(port_, "/api/games", {{"game", "togyz"}, {"mode", "hotseat"}});
    EXPECT_EQ(made.status, 201) << made.text;
    const std::string id = made.body["id"], token = made.body["seat"]["token"];
    json st = made.body["state"];
    for (int ply = 0; ply < 6; ++ply) {
      const auto& legal = st["legal_moves"];
      const auto r = http_post(port_, "/api/games/" + id + "/moves", {{"move", legal[legal.size() / 2]}, {"token", token}});
      EXPECT_EQ(r.status, 200) << r.text;
      st = r.body;
    }
    EXPECT_EQ(st["to_move"], "white");
    return st["position"];
  }
  // A game against the computer, which plays White from `position` and so moves at once.
  std::string computer_moves_first(CookieClient& who, int level, const std::string& position) {
    const auto r = who.post("/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", level}, {"color", "black"},
                                           {"position", position}});
    EXPECT_EQ(r.status, 201) << r.text;
    return r.body.value("id", "");
  }

};

// Player A has four games whose computer moves take a second each; player B's computer move,
// asked for after them, is computed after A's first, not after all four.
TEST_F(ComputerFairnessTest, OnePlayersGamesDoNotHoldUpAnothers) {
  start_with(false);
  CookieClient a(port_), b(port_);
  ASSERT_EQ(a.sign_up("alice", "alice-long-password").status, 201);
  ASSERT_EQ(b.sign_up("bob", "bob-long-password").status, 201);
  const std::string position = midgame();
  std::vector<std::string> heavy;
  for (int i = 0; i < 4; ++i) heavy.push_back(computer_moves_first(a, 10, position));
  const std::string light = computer_moves_first(b, 0, position);
  wait_for(light, [](const json& st) { return st["ply"] == 1; });
  int done = 0;
  for (const auto& id : heavy) done += state(id)["ply"] == 1;
  EXPECT_LE(done, 1) << "bob's move waited for " << done << " of alice's four";
  for (const auto& id : heavy) wait_for(id, [](const json& st) { return st["ply"] == 1; });
}

// While the computer's move waits for the one worker (busy with another game's long move) its
// clock stands: an hour passing then flags nobody, and its clock is whole when it moves.
TEST_F(ComputerFairnessTest, ComputerClockStandsWhileItsMoveWaits) {
  start_with(true);
  CookieClient guest(port_);
  const std::string position = midgame();
  // The hour must pass while the worker is still on the other game's long move, a second of
  // real time: a try in which that move ended first (a busy machine is slow to get there) shows
  // nothing, and is made again with new games.
  for (int attempt = 0; attempt < 5; ++attempt) {
    const auto made = guest.post("/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 0}, {"color", "white"},
                                                {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
    ASSERT_EQ(made.status, 201) << made.text;
    const std::string id = made.body["id"], token = made.body["seat"]["token"];
    const auto play_first = [&] {
      const json st = state(id);
      const auto r = guest.post("/api/games/" + id + "/moves", {{"move", st["legal_moves"][0]}, {"token", token}});
      ASSERT_EQ(r.status, 200) << r.text;
    };
    play_first();  // ply 0; the computer answers at once (the worker is free)
    wait_for(id, [](const json& st) { return st["to_move"] == "white"; });
    // The worker thinks a second on another game; then White's third ply puts the computer's
    // move (a timed one: from ply 2 on the clocks run) behind it.
    const std::string busy = computer_moves_first(guest, 10, position);
    play_first();
    const json waiting = state(id);
    // The long move ended before this one could queue (and this one may be made already).
    if (waiting["to_move"] != "black" || state(busy)["ply"] != 0) continue;
    EXPECT_EQ(waiting["clock"]["running"], nullptr) << waiting["clock"].dump();
    advance(3'600'000);
    // The other game's move not yet made: the worker was on it all through the hour.
    const bool waited_all_hour = state(busy)["ply"] == 0;
    const json after = wait_for(id, [](const json& st) { return st["to_move"] == "white" || st["status"] != "ongoing"; });
    if (!waited_all_hour) continue;
    EXPECT_EQ(after["status"], "ongoing") << after["reason"];
    EXPECT_EQ(after["clock"]["black_ms"], 60'000) << after["clock"].dump();
    return;
  }
  FAIL() << "five times the other game's long move ended before the hour had passed";
}

// A signed-in player's timed game against the computer is rated in the pool of such games, and
// a win on the computer's clock does not enter the hall of fame (only a win on the board does).
TEST_F(ComputerFairnessTest, AWinOnTheComputersClockIsNoHallOfFameWin) {
  start_with(true);
  CookieClient erlan(port_);
  ASSERT_EQ(erlan.sign_up("Erlan", "erlan-long-password").status, 201);
  bool flagged = false;
  std::string id;
  for (int game = 0; game < 5 && !flagged; ++game) {
    const auto made = erlan.post("/api/games", {{"game", "togyz"}, {"mode", "ai"}, {"level", 10}, {"color", "white"},
                                                {"clock", {{"initial_s", 600}, {"increment_s", 0}}}});
    ASSERT_EQ(made.status, 201) << made.text;
    ASSERT_EQ(made.body["state"]["rated"], true);
    id = made.body["id"];
    const std::string token = made.body["seat"]["token"];
    // Out of the opening book the computer thinks a second: flag it then, its clock running.
    for (int ply = 0; ply < 200; ply += 2) {
      json st = wait_for(id, [](const json& s) { return s["to_move"] == "white" || s["status"] != "ongoing"; });
      if (st["status"] != "ongoing") break;
      ASSERT_EQ(erlan.post("/api/games/" + id + "/moves", {{"move", st["legal_moves"][0]}, {"token", token}}).status, 200);
      st = state(id);
      if (ply >= 2 && st["to_move"] == "black" && st["clock"]["running"] == "black") {
        advance(3'600'000);
        st = wait_for(id, [](const json& s) { return s["status"] != "ongoing"; });
        flagged = st["result"] == "1-0";
        break;
      }
    }
  }
  ASSERT_TRUE(flagged) << "the computer was never caught thinking";
  const json st = state(id);
  EXPECT_EQ(st["reason"], "black ran out of time");
  ASSERT_TRUE(st["rating_change"][0].is_object()) << st.dump();
  EXPECT_GT(st["rating_change"][0]["delta"], 0);
  const auto pool = http_get(port_, "/api/leaderboard/togyz?speed=computer");
  ASSERT_EQ(pool.status, 200) << pool.text;
  const json& board = pool.body;
  EXPECT_EQ(board["first_beaten"], json::array());
  ASSERT_EQ(board["players"].size(), 1u);
  EXPECT_EQ(board["players"][0]["username"], "Erlan");
  EXPECT_EQ(http_get(port_, "/api/leaderboard/togyz?speed=rapid").body["players"], json::array());
  const json page = http_get(port_, "/api/players/erlan").body;
  ASSERT_EQ(page["ratings"].size(), 1u) << page.dump();
  EXPECT_EQ(page["ratings"][0]["speed"], "computer");
}

}  // namespace
}  // namespace oyin::testing
