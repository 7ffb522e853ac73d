// Fair play over real HTTP against `oyin serve --clock manual` (issue 36): blocks (no challenge,
// seek, quick pairing or chat between the two), reports of players and chat lines, the moderator
// role given by `oyin admin grant-moderator`, the reports page, mute and close-account actions,
// and the audit log. Runs on SQLite and, in the postgresql. pass, on PostgreSQL.
#include <gtest/gtest.h>

#include <set>

#include "server/account_client.h"
#include "server/manual_clock_server.h"

namespace oyin::testing {
namespace {

const json kBlitz{{"initial_s", 180}, {"increment_s", 2}};

class FairPlayTest : public ManualClockServerTest {
 protected:
  FairPlayTest() : ManualClockServerTest("oyin_fair_play_") {}
  CookieClient account(const std::string& name) {
    CookieClient c(port_);
    const auto r = c.sign_up(name, name + "-long-password");
    EXPECT_EQ(r.status, 201) << r.text;
    return c;
  }
  std::pair<int, std::string> admin(const std::string& args) {
    return run_command(std::string(server_binary()) + " admin " + args + " --db '" + server_->store() + "'");
  }
  void make_moderator(const std::string& name) {
    const auto [code, out] = admin("grant-moderator " + name);
    ASSERT_EQ(code, 0) << out;
    EXPECT_EQ(out, name + " is now a moderator\n");
  }
  // An online game `white` (who challenges) plays against `black`, named `black_name`; its id.
  std::string game_between(CookieClient& white, CookieClient& black, const std::string& black_name) {
    auto c = white.post("/api/challenges", {{"to", black_name}, {"game", "togyz"}, {"rules", ""}, {"clock", kBlitz},
                                            {"rated", false}, {"color", "white"}});
    EXPECT_EQ(c.status, 201) << c.text;
    auto a = black.post("/api/challenges/" + c.body.value("id", "") + "/accept");
    EXPECT_EQ(a.status, 201) << a.text;
    return a.body.value("game_id", "");
  }
  static HttpResult del(CookieClient& c, const std::string& target) { return c.call(http::verb::delete_, target); }
};

TEST_F(FairPlayTest, ABlockStopsChallengesAndSeeksBetweenTheTwoBothWays) {
  auto alice = account("alice"), bob = account("bob"), carol = account("carol");
  auto b = alice.post("/api/blocks", {{"username", "Bob"}});
  ASSERT_EQ(b.status, 200) << b.text;
  ASSERT_EQ(b.body["blocked"].size(), 1u);
  EXPECT_EQ(b.body["blocked"][0]["username"], "bob");
  EXPECT_EQ(alice.get("/api/blocks").body["blocked"].size(), 1u);
  EXPECT_TRUE(bob.get("/api/blocks").body["blocked"].empty()) << "a block is the blocker's, unseen by the other";

  const json challenge{{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", false}, {"color", "random"}};
  json to_alice = challenge, to_bob = challenge;
  to_alice["to"] = "alice";
  to_bob["to"] = "bob";
  auto r = bob.post("/api/challenges", to_alice);
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(r.body["code"], "blocked");
  r = alice.post("/api/challenges", to_bob);
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(r.body["code"], "blocked");

  // Bob's seek: Alice cannot take it, Carol can.
  auto seek = bob.post("/api/seeks", {{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", false}, {"color", "random"}});
  ASSERT_EQ(seek.status, 201) << seek.text;
  r = alice.post("/api/seeks/" + std::string(seek.body["id"]) + "/accept");
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(r.body["code"], "blocked");
  r = carol.post("/api/seeks/" + std::string(seek.body["id"]) + "/accept");
  EXPECT_EQ(r.status, 201) << r.text;

  // Unblocked, the challenge goes.
  auto u = del(alice, "/api/blocks/bob");
  ASSERT_EQ(u.status, 200) << u.text;
  EXPECT_TRUE(u.body["blocked"].empty());
  EXPECT_EQ(bob.post("/api/challenges", to_alice).status, 201);

  EXPECT_EQ(alice.post("/api/blocks", {{"username", "alice"}}).body["code"], "block_self");
  EXPECT_EQ(alice.post("/api/blocks", {{"username", "nobody"}}).status, 404);
  EXPECT_EQ(CookieClient(port_).post("/api/blocks", {{"username", "bob"}}).status, 401);
}

TEST_F(FairPlayTest, QuickPairingNeverPairsTwoPlayersWhereOneBlocksTheOther) {
  auto alice = account("alice"), bob = account("bob"), carol = account("carol");
  ASSERT_EQ(alice.post("/api/blocks", {{"username", "bob"}}).status, 200);
  const json quick{{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", false}};
  auto first = bob.post("/api/pairing", quick);
  ASSERT_EQ(first.status, 202) << first.text;
  advance(1'000);  // Bob has waited longer: the first to be paired, when someone may be
  auto second = alice.post("/api/pairing", quick);
  EXPECT_EQ(second.status, 202) << "paired with the player she blocks: " << second.text;
  advance(5'000);  // the sweep pairs the waiting ones among themselves: not these two
  auto third = carol.post("/api/pairing", quick);
  ASSERT_EQ(third.status, 201) << "Bob, who waited longest, is still waiting: " << third.text;
  const json g = http_get(port_, "/api/games/" + std::string(third.body["game_id"])).body;
  std::set<std::string> names;
  for (const auto& [side, p] : g["players"].items()) names.insert(p.value("username", ""));
  EXPECT_EQ(names, (std::set<std::string>{"bob", "carol"})) << g["players"];
}

TEST_F(FairPlayTest, NoChatBetweenPlayersWhereOneBlocksTheOther) {
  auto alice = account("alice"), bob = account("bob");
  const std::string id = game_between(alice, bob, "bob");
  ASSERT_FALSE(id.empty());
  ASSERT_EQ(bob.post("/api/games/" + id + "/chat", {{"text", "hello"}}).status, 200);
  ASSERT_EQ(alice.post("/api/blocks", {{"username", "bob"}}).status, 200);
  for (CookieClient* who : {&bob, &alice}) {
    auto r = who->post("/api/games/" + id + "/chat", {{"text", "hello again"}});
    EXPECT_EQ(r.status, 403) << r.text;
    EXPECT_EQ(r.body["code"], "chat_blocked");
  }
}

TEST_F(FairPlayTest, AReportedChatLineReachesTheModeratorsPageAndClosingItIsAudited) {
  auto alice = account("alice"), bob = account("bob"), mod = account("mod");
  const std::string id = game_between(alice, bob, "bob");
  ASSERT_EQ(alice.post("/api/games/" + id + "/chat", {{"text", "good luck"}}).status, 200);
  ASSERT_EQ(bob.post("/api/games/" + id + "/chat", {{"text", "you will lose, idiot"}}).status, 200);

  // Line 0 is Alice's own: it cannot be reported as Bob's.
  auto wrong = alice.post("/api/reports", {{"username", "bob"}, {"reason", "chat"}, {"game_id", id}, {"chat_seq", 0}});
  EXPECT_EQ(wrong.status, 404) << wrong.text;
  EXPECT_EQ(wrong.body["code"], "no_such_chat_line");
  auto r = alice.post("/api/reports", {{"username", "bob"}, {"reason", "chat"}, {"text", "insults"}, {"game_id", id}, {"chat_seq", 1}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::int64_t report = r.body["id"];

  auto denied = mod.get("/api/mod/reports");
  EXPECT_EQ(denied.status, 403) << denied.text;
  EXPECT_EQ(denied.body["code"], "not_moderator");
  make_moderator("mod");
  auto page = mod.get("/api/mod/reports");
  ASSERT_EQ(page.status, 200) << page.text;
  ASSERT_EQ(page.body["reports"].size(), 1u) << page.text;
  const json& one = page.body["reports"][0];
  EXPECT_EQ(one["reporter"], "alice");
  EXPECT_EQ(one["player"], "bob");
  EXPECT_EQ(one["reason"], "chat");
  EXPECT_EQ(one["game_id"], id);
  EXPECT_EQ(one["chat_line"], (json{{"seq", 1}, {"text", "you will lose, idiot"}}));

  auto closed = mod.post("/api/mod/reports/" + std::to_string(report) + "/close", {{"outcome", "warned bob"}});
  ASSERT_EQ(closed.status, 200) << closed.text;
  EXPECT_EQ(mod.post("/api/mod/reports/" + std::to_string(report) + "/close", {{"outcome", "again"}}).body["code"],
            "no_such_report");
  EXPECT_TRUE(mod.get("/api/mod/reports").body["reports"].empty());
  const json done = mod.get("/api/mod/reports?state=closed").body["reports"];
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0]["closed_by"], "mod");
  EXPECT_EQ(done[0]["outcome"], "warned bob");

  const json log = mod.get("/api/mod/audit").body["entries"];
  ASSERT_EQ(log.size(), 2u) << log;
  EXPECT_EQ(log[0]["actor"], "mod");
  EXPECT_EQ(log[0]["action"], "close_report");
  EXPECT_EQ(log[1]["actor"], "operator");
  EXPECT_EQ(log[1]["action"], "grant_moderator");
  EXPECT_EQ(log[1]["target"], "mod");
  // The operator reads the same log from the command line.
  const auto [code, out] = admin("audit");
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("mod  close_report  report " + std::to_string(report) + "  warned bob"), std::string::npos) << out;
  EXPECT_NE(out.find("operator  grant_moderator  mod"), std::string::npos) << out;
}

TEST_F(FairPlayTest, ReportsAreCheckedAndLimitedToTenADay) {
  auto alice = account("alice"), bob = account("bob");
  EXPECT_EQ(alice.post("/api/reports", {{"username", "alice"}, {"reason", "other"}}).body["code"], "report_self");
  EXPECT_EQ(alice.post("/api/reports", {{"username", "bob"}, {"reason", "ugly"}}).body["code"], "bad_reason");
  EXPECT_EQ(alice.post("/api/reports", {{"username", "nobody"}, {"reason", "other"}}).status, 404);
  EXPECT_EQ(CookieClient(port_).post("/api/reports", {{"username", "bob"}, {"reason", "other"}}).status, 401);
  for (int i = 0; i < 10; ++i) ASSERT_EQ(alice.post("/api/reports", {{"username", "bob"}, {"reason", "other"}}).status, 201) << i;
  auto r = alice.post("/api/reports", {{"username", "bob"}, {"reason", "other"}});
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_EQ(r.body["code"], "too_many_reports");
  advance(24LL * 3600 * 1000 + 1);
  EXPECT_EQ(alice.post("/api/reports", {{"username", "bob"}, {"reason", "other"}}).status, 201);
}

TEST_F(FairPlayTest, AMutedPlayerCannotChatUntilTheMuteEnds) {
  auto alice = account("alice"), bob = account("bob"), mod = account("mod");
  make_moderator("mod");
  const std::string id = game_between(alice, bob, "bob");
  auto m = mod.post("/api/mod/players/bob/mute", {{"minutes", 60}, {"reason", "insults"}});
  ASSERT_EQ(m.status, 200) << m.text;
  EXPECT_FALSE(m.body["muted_until_ms"].is_null());
  auto r = bob.post("/api/games/" + id + "/chat", {{"text", "hello"}});
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(r.body["code"], "muted");
  EXPECT_EQ(r.body["params"]["wait_min"], 60);
  EXPECT_EQ(alice.post("/api/games/" + id + "/chat", {{"text", "hello"}}).status, 200) << "only Bob is muted";
  advance(60LL * 60 * 1000);
  EXPECT_EQ(bob.post("/api/games/" + id + "/chat", {{"text", "sorry"}}).status, 200);
  // 0 minutes lifts a mute; the log names both.
  ASSERT_EQ(mod.post("/api/mod/players/bob/mute", {{"minutes", 0}, {"reason", ""}}).status, 200);
  const json log = mod.get("/api/mod/audit").body["entries"];
  ASSERT_GE(log.size(), 3u);
  EXPECT_EQ(log[0]["action"], "unmute");
  EXPECT_EQ(log[1]["action"], "mute");
  EXPECT_EQ(log[1]["detail"], "60 min: insults");
}

TEST_F(FairPlayTest, AClosedAccountIsSignedOutEverywhereCannotSignInAndLosesItsSeeks) {
  auto bob = account("bob"), mod = account("mod"), other_mod = account("othermod");
  make_moderator("mod");
  make_moderator("othermod");
  ASSERT_EQ(bob.post("/api/seeks", {{"game", "togyz"}, {"rules", ""}, {"clock", kBlitz}, {"rated", false}, {"color", "random"}}).status, 201);
  ASSERT_EQ(http_get(port_, "/api/seeks").body["seeks"].size(), 1u);
  auto c = mod.post("/api/mod/players/bob/close", {{"reason", "cheating, confirmed"}});
  ASSERT_EQ(c.status, 200) << c.text;
  EXPECT_FALSE(c.body["closed_at"].is_null());
  EXPECT_EQ(bob.get("/api/account").status, 401) << "its session ended";
  EXPECT_TRUE(http_get(port_, "/api/seeks").body["seeks"].empty()) << "its seek went";
  auto in = bob.sign_in("bob", "bob-long-password");
  EXPECT_EQ(in.status, 403) << in.text;
  EXPECT_EQ(in.body["code"], "account_closed");
  EXPECT_EQ(bob.sign_in("bob", "wrong password here").body["code"], "bad_credentials") << "said only to one who knows the password";

  auto no = mod.post("/api/mod/players/othermod/close", {{"reason", "x"}});
  EXPECT_EQ(no.status, 403) << no.text;
  EXPECT_EQ(no.body["code"], "moderator_target");
  EXPECT_EQ(bob.post("/api/mod/players/mod/close", {{"reason", "x"}}).status, 401);

  ASSERT_EQ(mod.post("/api/mod/players/bob/reopen", {{"reason", "appeal accepted"}}).status, 200);
  EXPECT_EQ(bob.sign_in("bob", "bob-long-password").status, 200);
  const json log = mod.get("/api/mod/audit").body["entries"];
  EXPECT_EQ(log[0]["action"], "reopen_account");
  EXPECT_EQ(log[1]["action"], "close_account");
  EXPECT_EQ(log[1]["detail"], "cheating, confirmed");
}

TEST_F(FairPlayTest, TheAdminCommandSaysWhatItDidAndRefusesAMissingAccount) {
  auto bob = account("bob");
  auto [code, out] = admin("grant-moderator nobody");
  EXPECT_EQ(code, 1);
  EXPECT_EQ(out, "oyin admin: no account named 'nobody'\n");
  EXPECT_EQ(bob.get("/api/account").body["moderator"], false);
  make_moderator("bob");
  EXPECT_EQ(bob.get("/api/account").body["moderator"], true) << "at once, without a new sign-in";
  std::tie(code, out) = admin("revoke-moderator bob");
  EXPECT_EQ(code, 0) << out;
  EXPECT_EQ(bob.get("/api/mod/reports").status, 403);
}

}  // namespace
}  // namespace oyin::testing
