// The limits on password guessing, over real HTTP from several loopback addresses
// (accounts_from_address.h) against `oyin serve --clock manual`: guesses from one address are
// throttled there without locking the owner out elsewhere; a storm from many addresses spares the
// owner's own address; the limits are kept in the store, so they survive a restart, hold exactly
// under concurrent guesses, and are shared by two instances on one PostgreSQL database.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "server/account_client.h"
#include "server/accounts_from_address.h"
#include "server/manual_clock_server.h"
#include "support/postgres_server.h"

namespace oyin::testing {
namespace {

constexpr const char* kPassword = "alice-owns-this-1";

class AccountsLimitsTest : public ManualClockServerTest {
 protected:
  AccountsLimitsTest() : ManualClockServerTest("oyin_accounts_limits_") {}
  // alice, signed up from 127.0.0.1 (her address from then on).
  void alice() {
    CookieClient c(port_);
    const auto r = c.sign_up("alice", kPassword);
    ASSERT_EQ(r.status, 201) << r.text;
  }
  static void expect_throttled(const HttpResult& r) {
    EXPECT_EQ(r.status, 429) << r.text;
    EXPECT_EQ(r.body["code"], "too_many_attempts") << r.text;
    EXPECT_FALSE(r.header("Retry-After").empty());
  }
};

TEST_F(AccountsLimitsTest, GuessesFromElsewhereNeverLockTheOwnerOut) {
  alice();
  for (int round = 0; round < 2; ++round) {  // and again once the window has passed
    for (int i = 0; i < 5; ++i) {
      const auto r = sign_in_from("127.0.0.2", port_, "alice", "guess number " + std::to_string(i));
      EXPECT_EQ(r.status, 401) << r.text;
    }
    // The guesser's address is throttled, even with the right password...
    const auto stopped = sign_in_from("127.0.0.2", port_, "alice", kPassword);
    expect_throttled(stopped);
    EXPECT_EQ(stopped.header("Retry-After"), "900");
    EXPECT_EQ(stopped.body["params"]["wait_s"], 900);
    expect_throttled(sign_in_from("127.0.0.2", port_, "ALICE", "guess number 6"));
    // ...and alice is not: at home, nor from an address she never used.
    EXPECT_EQ(sign_in_from("127.0.0.1", port_, "alice", kPassword).status, 200);
    EXPECT_EQ(sign_in_from("127.0.0.3", port_, "Alice", kPassword).status, 200);
    advance(15 * 60 * 1000);
  }
}

TEST_F(AccountsLimitsTest, AGuessingStormFromManyAddressesSparesTheOwnersAddress) {
  alice();
  // 11 addresses guess 5 times each, at once: 55 guesses, of which the name's budget of 50 an
  // hour from everywhere lets 50 be checked.
  std::atomic<int> checked = 0, throttled = 0, other = 0;
  std::vector<std::thread> guessers;
  for (int a = 0; a < 11; ++a)
    guessers.emplace_back([&, a] {
      const std::string from = "127.0.0." + std::to_string(10 + a);
      for (int i = 0; i < 5; ++i) {
        const int status = sign_in_from(from, port_, "alice", "storm " + std::to_string(i)).status;
        ++(status == 401 ? checked : status == 429 ? throttled : other);
      }
    });
  for (auto& t : guessers) t.join();
  EXPECT_EQ(checked, 50);
  EXPECT_EQ(throttled, 5);
  EXPECT_EQ(other, 0);
  // A new address now waits for the hour, the owner's own address does not.
  const auto stranger = sign_in_from("127.0.0.99", port_, "alice", kPassword);
  expect_throttled(stranger);
  EXPECT_EQ(stranger.header("Retry-After"), "3600");
  EXPECT_EQ(sign_in_from("127.0.0.1", port_, "alice", kPassword).status, 200);
  advance(60 * 60 * 1000);
  EXPECT_EQ(sign_in_from("127.0.0.99", port_, "alice", kPassword).status, 200);
}

TEST_F(AccountsLimitsTest, TheLimitOutlivesARestart) {
  alice();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(sign_in_from("127.0.0.2", port_, "alice", "guess " + std::to_string(i)).status, 401);
  ASSERT_EQ(server_->terminate(), 0);
  ASSERT_TRUE(server_->start());
  port_ = server_->port();
  const auto r = sign_in_from("127.0.0.2", port_, "alice", kPassword);
  expect_throttled(r);
  // The window runs on the wall clock: a restart costs it only the seconds it took.
  EXPECT_GT(std::stoi(r.header("Retry-After")), 800);
  EXPECT_EQ(sign_in_from("127.0.0.1", port_, "alice", kPassword).status, 200);
}

TEST_F(AccountsLimitsTest, ConcurrentGuessesAreCheckedAtMostToTheLimit) {
  alice();
  std::atomic<int> checked = 0, throttled = 0, other = 0;
  std::vector<std::thread> guessers;
  for (int i = 0; i < 12; ++i)
    guessers.emplace_back([&, i] {
      const int status = sign_in_from("127.0.0.2", port_, "alice", "at once " + std::to_string(i)).status;
      ++(status == 401 ? checked : status == 429 ? throttled : other);
    });
  for (auto& t : guessers) t.join();
  EXPECT_EQ(checked, 5);
  EXPECT_EQ(throttled, 7);
  EXPECT_EQ(other, 0);
}

// Two instances on one PostgreSQL database count the same guesses.
TEST(AccountsLimitsTwoInstancesTest, TwoInstancesShareTheLimit) {
  auto& pg = PostgresServer::shared();
  const std::string url = pg.fresh_database("accounts_limits_two_instances");
  ASSERT_TRUE(pg.error().empty()) << pg.error();
  ServerProcess a(url), b(url);
  ASSERT_TRUE(a.start());
  ASSERT_TRUE(b.start());
  CookieClient home(a.port());
  ASSERT_EQ(home.sign_up("alice", kPassword).status, 201);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(sign_in_from("127.0.0.2", a.port(), "alice", "on a " + std::to_string(i)).status, 401);
  for (int i = 0; i < 2; ++i) EXPECT_EQ(sign_in_from("127.0.0.2", b.port(), "alice", "on b " + std::to_string(i)).status, 401);
  for (const int port : {a.port(), b.port()}) {
    const auto r = sign_in_from("127.0.0.2", port, "alice", kPassword);
    EXPECT_EQ(r.status, 429) << r.text;
    EXPECT_EQ(r.body["code"], "too_many_attempts");
  }
  EXPECT_EQ(sign_in_from("127.0.0.1", b.port(), "alice", kPassword).status, 200);
  EXPECT_EQ(a.terminate(), 0);
  EXPECT_EQ(b.terminate(), 0);
}

}  // namespace
}  // namespace oyin::testing
