// What a tournament's followers are pushed (server/tournaments/pushed_view.h): the head of the view
// and a follower's own lines when the head leaves them out.
#include <gtest/gtest.h>

#include "server/tournaments/pushed_view.h"

namespace oyin::server::tournaments {
namespace {

using json = nlohmann::json;

std::string player(int i) {
  std::string name(1, 'p');  // (not "p" + ...: GCC 12 warns of a false overlap, -Wrestrict)
  name += std::to_string(i);
  return name;
}

// An arena view of `n` players p1..pn ranked in that order, each with one sheet line, and
// `pairings` pairings numbered by round.
json arena_view(int n, int pairings, const std::string& status = "running") {
  json v{{"status", status}, {"standings", json::array()}, {"entrants", json::array()},
         {"sheets", json::object()}, {"pairings", json::array()}};
  for (int i = 1; i <= n; ++i) {
    const std::string name = player(i);
    v["standings"].push_back({{"rank", i}, {"username", name}, {"score", 2 * (n - i)}});
    v["entrants"].push_back({{"username", name}, {"number", i}});
    v["sheets"][name] = {{"score", 2 * (n - i)}, {"sheet", json::array({{{"points", 2}}})}};
  }
  for (int r = 1; r <= pairings; ++r)
    v["pairings"].push_back({{"round", r}, {"white", player(r % 7 + 1)}, {"black", "p9"},
                             {"game_id", std::to_string(r)}, {"result", "1-0"}});
  return v;
}

TEST(PushedView, TheHeadKeepsTheLeadersTheirLinesAndTheNewestPairings) {
  const json full = arena_view(200, 500);
  const json head = pushed_head(full);
  ASSERT_EQ(head["standings"].size(), kPushedStandings);
  EXPECT_EQ(head["standings"].back()["username"], "p30");
  EXPECT_EQ(head["standings_total"], 200);
  EXPECT_EQ(head["sheets"].size(), kPushedStandings);
  EXPECT_TRUE(head["sheets"].contains("p30"));
  EXPECT_FALSE(head["sheets"].contains("p31"));
  EXPECT_EQ(head["entrants"].size(), kPushedStandings);
  EXPECT_EQ(head["entrants_total"], 200);
  ASSERT_EQ(head["pairings"].size(), kPushedPairings);
  EXPECT_EQ(head["pairings"].front()["round"], 500 - static_cast<int>(kPushedPairings) + 1);
  EXPECT_EQ(head["pairings"].back()["round"], 500);
  EXPECT_EQ(head["pairings_total"], 500);
  EXPECT_LT(head.dump().size(), full.dump().size() / 4);
}

TEST(PushedView, BeforeTheStartEveryEntrantIsKeptAndASmallTournamentWhole) {
  const json created = pushed_head(arena_view(60, 0, "created"));
  EXPECT_EQ(created["entrants"].size(), 60u);
  const json small = arena_view(4, 6);
  json head = pushed_head(small);
  for (const char* key : {"standings_total", "entrants_total", "pairings_total"}) head.erase(key);
  EXPECT_EQ(head, small);
}

TEST(PushedView, AFollowerOutsideTheHeadGetsItsOwnLines) {
  json full = arena_view(200, 60);
  full["pairings"][2]["white"] = "p150";  // p150's game of round 3, still being played
  full["pairings"][2]["result"] = nullptr;
  const json head = pushed_head(full);
  const json me = own_lines(full, head, "p150");
  EXPECT_EQ(me["standing"]["rank"], 150);
  EXPECT_EQ(me["sheet"]["score"], 100);
  EXPECT_EQ(me["entrant"]["number"], 150);
  EXPECT_EQ(me["pairing"]["round"], 3);
  EXPECT_TRUE(own_lines(full, head, "p3").is_null());   // in the head already
  full["pairings"][59]["result"] = nullptr;  // p4's game of round 60: in the head
  EXPECT_TRUE(own_lines(full, pushed_head(full), "p4").is_null());
  EXPECT_TRUE(own_lines(full, head, "").is_null());     // a guest
  EXPECT_TRUE(own_lines(full, head, "nobody").is_null());
  EXPECT_EQ(json::parse(push_message(head.dump(), me)), (json{{"type", "tournament"}, {"me", me}, {"tournament", head}}));
}

}  // namespace
}  // namespace oyin::server::tournaments
