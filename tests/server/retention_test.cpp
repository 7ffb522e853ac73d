// The retention schedule (issue 42) in a real `oyin serve --clock manual`: a sweep every minute of
// the server's clock (--retention-every 60) deletes lobby rows made more than --retention-days
// (here 0.01, 864 s) ago that ended, and nothing younger; a live session stays. The test moves the
// clock on instead of waiting, by minutes: days of a manual clock run every periodic timer of the
// server on the way (seconds on PostgreSQL). Which sessions a sweep deletes (30 days unused, a
// year old) is tested on both stores in tests/storage/retention_store_test.cpp.
#include "server/account_client.h"
#include "server/server_process.h"
#include "storage/db.h"

namespace oyin::testing {
namespace {

constexpr std::int64_t kMinuteMs = 60'000;

class RetentionTest : public ServerWithOptions {
 protected:
  void SetUp() override {
    start({"--clock", "manual", "--retention-days", "0.01", "--retention-every", "60", "--log-level", "debug"});
  }
  void advance(std::int64_t ms) {
    auto r = http_post(port_, "/api/test/clock", {{"advance_ms", ms}});
    ASSERT_EQ(r.status, 200) << r.text;
  }
  std::size_t sweeps() {
    const std::string log = file_text(server_->log_path() + ".err");
    std::size_t n = 0;
    for (auto at = log.find("\"event\":\"retention_sweep\""); at != std::string::npos;
         at = log.find("\"event\":\"retention_sweep\"", at + 1))
      ++n;
    return n;
  }
  // Moves the clock on by `ms` and waits for a sweep after it.
  void advance_and_sweep(std::int64_t ms) {
    const std::size_t before = sweeps();
    advance(ms);
    ASSERT_TRUE(wait_until([&] {
      if (sweeps() > before) return true;
      advance(kMinuteMs);  // the next minute's sweep
      return false;
    })) << "no sweep";
  }
  // Whether `table` empties while the clock moves on a minute (a sweep) at a time.
  bool emptied(const std::string& table) {
    return wait_until([&] {
      if (count(table) == 0) return true;
      advance(kMinuteMs);
      return false;
    });
  }
  // Rows in `table`, read on a connection of the test's own.
  std::int64_t count(const std::string& table) {
    if (!db_conn_) {
      auto db = storage::Db::open(store_for(db_));
      EXPECT_TRUE(db) << db.error();
      if (!db) return -1;
      db_conn_ = std::move(*db);
    }
    auto rows = db_conn_->reader()->query("SELECT COUNT(*) FROM " + table);
    EXPECT_TRUE(rows) << rows.error();
    return rows && !rows->empty() ? rows->front().integer(0) : -1;
  }
  void TearDown() override {
    db_conn_.reset();
    ServerWithOptions::TearDown();
  }
  std::unique_ptr<storage::Db> db_conn_;
};

TEST_F(RetentionTest, EndedSeeksAreDeletedOnScheduleAndNothingYounger) {
  ASSERT_TRUE(wait_until([&] { return sweeps() >= 1; })) << "no sweep at start";
  const json blitz{{"initial_s", 180}, {"increment_s", 2}};
  auto s = http_post(port_, "/api/seeks", {{"game", "togyz"}, {"rules", ""}, {"clock", blitz}, {"rated", false}, {"color", "white"}});
  ASSERT_EQ(s.status, 201) << s.text;
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Asel", "Retention-Pass-5520").status, 201);
  EXPECT_EQ(count("seeks"), 1);
  EXPECT_EQ(count("sessions"), 1);

  // Five minutes on: the seek's hold lapsed long ago (nobody's lobby socket holds it), but it was
  // made only five minutes ago. It stays, and so does the session.
  advance_and_sweep(5 * kMinuteMs);
  EXPECT_EQ(count("seeks"), 1);
  // Past 864 s it goes at the next sweep; the session, used 15 minutes ago, stays.
  advance_and_sweep(10 * kMinuteMs);
  EXPECT_TRUE(emptied("seeks"));
  EXPECT_EQ(count("sessions"), 1);
  EXPECT_EQ(c.get("/api/account").status, 200);
}

}  // namespace
}  // namespace oyin::testing
