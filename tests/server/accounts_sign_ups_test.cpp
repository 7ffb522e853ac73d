// Sign-ups under pressure, over real HTTP from several loopback addresses against `oyin serve
// --clock manual`: at most 5 sign-ups an hour from one address (kept in the store); and a flood
// of sign-ups from many addresses neither queues without bound (503 server_busy beyond it) nor
// holds up a sign-in, whose password check goes before every sign-up's hash.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "server/account_client.h"
#include "server/accounts_from_address.h"
#include "server/manual_clock_server.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class AccountsSignUpsTest : public ManualClockServerTest {
 protected:
  AccountsSignUpsTest() : ManualClockServerTest("oyin_accounts_sign_ups_") {}
};

TEST_F(AccountsSignUpsTest, FiveSignUpsAnHourFromOneAddress) {
  for (int i = 0; i < 5; ++i) {
    const auto r = sign_up_from("127.0.0.5", port_, "newcomer" + std::to_string(i), "newcomer-password-1");
    EXPECT_EQ(r.status, 201) << r.text;
  }
  const auto sixth = sign_up_from("127.0.0.5", port_, "newcomer5", "newcomer-password-1");
  EXPECT_EQ(sixth.status, 429) << sixth.text;
  EXPECT_EQ(sixth.body["code"], "too_many_sign_ups");
  EXPECT_EQ(sixth.header("Retry-After"), "3600");
  EXPECT_EQ(sixth.body["params"]["wait_s"], 3600);
  // Refused sign-ups make no account, and another address signs up as before.
  EXPECT_EQ(sign_in_from("127.0.0.5", port_, "newcomer5", "newcomer-password-1").status, 401);
  EXPECT_EQ(sign_up_from("127.0.0.6", port_, "newcomer5", "newcomer-password-1").status, 201);
  // The limit is kept in the store: a restart does not lift it.
  ASSERT_EQ(server_->terminate(), 0);
  ASSERT_TRUE(server_->start());
  port_ = server_->port();
  EXPECT_EQ(sign_up_from("127.0.0.5", port_, "newcomer6", "newcomer-password-1").status, 429);
  advance(60 * 60 * 1000);
  EXPECT_EQ(sign_up_from("127.0.0.5", port_, "newcomer6", "newcomer-password-1").status, 201);
}

TEST_F(AccountsSignUpsTest, ASignInGoesBeforeAFloodOfSignUps) {
  CookieClient home(port_);
  ASSERT_EQ(home.sign_up("regular", "regular-password-1").status, 201);
  // 40 sign-ups at once from 20 addresses (2 each: under the limit per address).
  std::atomic<int> made = 0, busy = 0, other = 0;
  std::vector<std::thread> flood;
  for (int i = 0; i < 40; ++i)
    flood.emplace_back([&, i] {
      const auto r = sign_up_from("127.0.1." + std::to_string(1 + i / 2), port_, "flood" + std::to_string(i),
                                  "flood-password-1");
      if (r.status == 201) {
        ++made;
      } else if (r.status == 503 && r.body["code"] == "server_busy" && !r.header("Retry-After").empty()) {
        ++busy;
      } else {
        ++other;
      }
    });
  // The flood is in once the server turns sign-ups away: their queue is full.
  EXPECT_TRUE(wait_until([&] { return busy > 0 || made + busy + other == 40; })) << "the flood never filled the queue";
  const auto in = home.sign_in("regular", "regular-password-1");
  const int made_before_the_sign_in = made;
  for (auto& t : flood) t.join();
  EXPECT_EQ(in.status, 200) << in.text;
  // The sign-in was answered while sign-ups of the full queue still waited: it went before them
  // (counted, not timed, since a busy machine slows every hash alike).
  EXPECT_LT(made_before_the_sign_in, made) << "the sign-in waited for the whole flood of sign-ups";
  EXPECT_EQ(other, 0);
  EXPECT_GT(busy, 0);  // the queue of sign-ups is bounded
  EXPECT_GT(made, 0);
  EXPECT_EQ(made + busy, 40);
}

}  // namespace
}  // namespace oyin::testing
