// Sessions over real HTTP against `oyin serve --clock manual`: a session lives 30 days from its
// last use, and never more than a year (the tests age sessions in the store rather than move the
// server's clock by days, which would run every periodic timer of the server on the way); a
// password change signs out every other session of the account, and "sign out everywhere" every
// session, this one included.
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>

#include "server/account_client.h"
#include "server/manual_clock_server.h"
#include "storage/db.h"

namespace oyin::testing {
namespace {

constexpr std::int64_t kHourMs = 60LL * 60 * 1000, kDayMs = 24 * kHourMs;

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class AccountsSessionsTest : public ManualClockServerTest {
 protected:
  AccountsSessionsTest() : ManualClockServerTest("oyin_accounts_sessions_") {}
  // The sessions of `name`'s account, in the store, as if begun `created_ago` ms ago and last
  // used `seen_ago` ms ago (the server, on a manual clock not moved, reads its wall time as at its
  // start, seconds ago: far less than the hours these tests leave to spare).
  void age(const std::string& name, std::int64_t created_ago, std::int64_t seen_ago) {
    const std::int64_t now = unix_ms();
    exec("UPDATE sessions SET created_ms=?, last_seen_ms=? WHERE user_id=(SELECT id FROM users WHERE name_key=?)",
         {now - created_ago, now - seen_ago, name});
  }
  // As a session kept before the use was: begun `created_ago` ms ago by created_at only.
  void legacy(const std::string& name, std::int64_t created_ago) {
    const std::time_t t = static_cast<std::time_t>((unix_ms() - created_ago) / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char at[32];
    std::strftime(at, sizeof at, "%Y-%m-%dT%H:%M:%SZ", &tm);
    exec("UPDATE sessions SET created_at=?, created_ms=0, last_seen_ms=0 "
         "WHERE user_id=(SELECT id FROM users WHERE name_key=?)",
         {std::string(at), name});
  }
  // How long ago `name`'s session was last used, as the store has it.
  std::int64_t last_seen_ago(const std::string& name) {
    auto rows = db()->reader()->query(
        "SELECT last_seen_ms FROM sessions WHERE user_id=(SELECT id FROM users WHERE name_key=?)", {name});
    EXPECT_TRUE(rows && rows->size() == 1u) << (rows ? "" : rows.error());
    return rows && rows->size() == 1u ? unix_ms() - rows->front().integer(0) : -1;
  }
  void exec(const std::string& sql, const storage::Params& params) {
    auto n = db()->writer()->exec(sql, params);
    ASSERT_TRUE(n) << n.error();
    EXPECT_EQ(*n, 1) << sql;
  }
  storage::Db* db() {
    if (!store_) {
      auto d = storage::Db::open(store_for(db_));
      EXPECT_TRUE(d) << d.error();
      if (d) store_ = std::move(*d);
    }
    return store_.get();
  }
  void TearDown() override {
    store_.reset();
    ManualClockServerTest::TearDown();
  }
  std::unique_ptr<storage::Db> store_;

  static void expect_error(const HttpResult& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.text;
    EXPECT_EQ(r.body["code"], code) << r.text;
    EXPECT_TRUE(r.body["error"].is_string()) << r.text;
  }
};

TEST_F(AccountsSessionsTest, ASessionLivesThirtyDaysFromItsLastUse) {
  CookieClient used(port_), idle(port_);
  ASSERT_EQ(used.sign_up("used", "sliding-session-1").status, 201);
  ASSERT_EQ(idle.sign_up("idle", "sliding-session-2").status, 201);
  // Begun 40 days ago: the one used 29 days ago lives on, the one left alone for 31 days has ended.
  age("used", 40 * kDayMs, 29 * kDayMs);
  age("idle", 40 * kDayMs, 31 * kDayMs);
  EXPECT_EQ(used.get("/api/account").status, 200);
  expect_error(idle.get("/api/account"), 401, "not_signed_in");
  // That use was noted: 30 days from now, not from 29 days ago.
  EXPECT_NEAR(static_cast<double>(last_seen_ago("used")), 0, 60'000);
  age("used", 40 * kDayMs, 30 * kDayMs + kHourMs);
  expect_error(used.get("/api/account"), 401, "not_signed_in");
  EXPECT_EQ(used.sign_in("used", "sliding-session-1").status, 200);
  EXPECT_EQ(used.get("/api/account").status, 200);
}

TEST_F(AccountsSessionsTest, AUseIsWrittenAtMostAboutOnceAnHour) {
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("frequent", "sliding-session-3").status, 201);
  age("frequent", kDayMs, 10 * 60 * 1000);
  EXPECT_EQ(c.get("/api/account").status, 200);
  EXPECT_NEAR(static_cast<double>(last_seen_ago("frequent")), 10 * 60 * 1000, 60'000);  // not written again
  age("frequent", kDayMs, 2 * kHourMs);
  EXPECT_EQ(c.get("/api/account").status, 200);
  EXPECT_NEAR(static_cast<double>(last_seen_ago("frequent")), 0, 60'000);
  // On the server's clock: an hour later the next use is written again.
  advance(kHourMs);
  EXPECT_EQ(c.get("/api/account").status, 200);
  EXPECT_NEAR(static_cast<double>(last_seen_ago("frequent")), -kHourMs, 60'000);
}

TEST_F(AccountsSessionsTest, NoSessionLivesMoreThanAYear) {
  CookieClient young(port_), old(port_);
  ASSERT_EQ(young.sign_up("young", "yearly-session-1").status, 201);
  ASSERT_EQ(old.sign_up("old", "yearly-session-2").status, 201);
  age("young", 364 * kDayMs, kDayMs);
  age("old", 365 * kDayMs + kHourMs, kDayMs);  // used yesterday, but begun more than a year ago
  EXPECT_EQ(young.get("/api/account").status, 200);
  expect_error(old.get("/api/account"), 401, "not_signed_in");
  EXPECT_EQ(old.sign_in("old", "yearly-session-2").status, 200);  // a new sign-in starts a new year
  EXPECT_EQ(old.get("/api/account").status, 200);
}

// Sessions from before their use was kept (no created_ms, last_seen_ms) live 30 days from their
// created_at, and are kept like the others once used.
TEST_F(AccountsSessionsTest, SessionsFromBeforeLiveThirtyDaysFromTheirStart) {
  CookieClient recent(port_), stale(port_);
  ASSERT_EQ(recent.sign_up("recent", "legacy-session-1").status, 201);
  ASSERT_EQ(stale.sign_up("stale", "legacy-session-2").status, 201);
  legacy("recent", 29 * kDayMs);
  legacy("stale", 31 * kDayMs);
  EXPECT_EQ(recent.get("/api/account").status, 200);
  expect_error(stale.get("/api/account"), 401, "not_signed_in");
  EXPECT_NEAR(static_cast<double>(last_seen_ago("recent")), 0, 60'000);
}

TEST_F(AccountsSessionsTest, APasswordChangeSignsOutTheOtherSessions) {
  CookieClient here(port_), phone(port_), laptop(port_);
  ASSERT_EQ(here.sign_up("changer", "first-password-1").status, 201);
  ASSERT_EQ(phone.sign_in("changer", "first-password-1").status, 200);
  ASSERT_EQ(laptop.sign_in("changer", "first-password-1").status, 200);

  expect_error(http_post(port_, "/api/account/password", {{"current", "first-password-1"}, {"new", "second-password-2"}}),
               401, "not_signed_in");
  expect_error(here.post("/api/account/password", {{"current", "not my password"}, {"new", "second-password-2"}}), 403,
               "bad_credentials");
  const auto weak = here.post("/api/account/password", {{"current", "first-password-1"}, {"new", "short"}});
  expect_error(weak, 400, "weak_password");
  EXPECT_EQ(weak.body["params"]["min"], 8);
  expect_error(here.post("/api/account/password", {{"current", "first-password-1"}, {"new", "changer"}}), 400,
               "weak_password");
  expect_error(here.post("/api/account/password", {{"current", "first-password-1"}, {"new", 12345678}}), 400,
               "field_type");
  // Nothing has changed yet.
  EXPECT_EQ(phone.get("/api/account").status, 200);

  const auto changed = here.post("/api/account/password", {{"current", "first-password-1"}, {"new", "second-password-2"}});
  ASSERT_EQ(changed.status, 200) << changed.text;
  EXPECT_EQ(changed.body["username"], "changer");
  EXPECT_EQ(here.get("/api/account").status, 200);  // this session stays
  expect_error(phone.get("/api/account"), 401, "not_signed_in");
  expect_error(laptop.get("/api/account"), 401, "not_signed_in");
  CookieClient later(port_);
  expect_error(later.sign_in("changer", "first-password-1"), 401, "bad_credentials");
  EXPECT_EQ(later.sign_in("changer", "second-password-2").status, 200);
}

TEST_F(AccountsSessionsTest, WrongCurrentPasswordsAreLimitedLikeSignIns) {
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("guarded", "guarded-password-1").status, 201);
  for (int i = 0; i < 5; ++i)
    expect_error(c.post("/api/account/password", {{"current", "guess " + std::to_string(i)}, {"new", "taken-over-123"}}),
                 403, "bad_credentials");
  const auto r = c.post("/api/account/password", {{"current", "guarded-password-1"}, {"new", "taken-over-123"}});
  expect_error(r, 429, "too_many_attempts");
  EXPECT_FALSE(r.header("Retry-After").empty());
  advance(15 * 60 * 1000);
  EXPECT_EQ(c.post("/api/account/password", {{"current", "guarded-password-1"}, {"new", "changed-again-123"}}).status, 200);
}

TEST_F(AccountsSessionsTest, SignOutEverywhereEndsEverySession) {
  CookieClient here(port_), phone(port_), other(port_);
  ASSERT_EQ(here.sign_up("leaver", "leaving-password-1").status, 201);
  ASSERT_EQ(phone.sign_in("leaver", "leaving-password-1").status, 200);
  ASSERT_EQ(other.sign_up("stayer", "staying-password-1").status, 201);
  expect_error(http_post(port_, "/api/account/logout_all", json::object()), 401, "not_signed_in");
  const std::string old = here.cookie();
  const auto r = here.post("/api/account/logout_all");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body, json::object());
  EXPECT_EQ(r.header("Set-Cookie").substr(0, 13), "oyin_session=");
  EXPECT_NE(r.header("Set-Cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_TRUE(here.cookie().empty());
  CookieClient replay(port_);
  replay.set_cookie(old);
  expect_error(replay.get("/api/account"), 401, "not_signed_in");
  expect_error(phone.get("/api/account"), 401, "not_signed_in");
  EXPECT_EQ(other.get("/api/account").status, 200);  // another account's session lives on
  EXPECT_EQ(here.sign_in("leaver", "leaving-password-1").status, 200);
}

}  // namespace
}  // namespace oyin::testing
