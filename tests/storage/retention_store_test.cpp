// What the retention sweep deletes (storage/retention_store.h), on both backends: ended lobby rows
// of every kind once old enough, never an open one or a recent one; sessions past their idle or
// absolute end, never a live one or one from before their times were kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "storage/account_store.h"
#include "storage/game_store.h"
#include "storage/retention_store.h"
#include "storage/seek_store.h"
#include "support/postgres_server.h"

namespace oyin::storage {
namespace {

class RetentionStoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    std::string where;
    if (GetParam() == Backend::sqlite) {
      const std::string dir = ::testing::TempDir() + "oyin_retention_" + std::to_string(getpid());
      std::filesystem::create_directories(dir);
      std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
      std::replace(name.begin(), name.end(), '/', '_');  // "Test/sqlite"
      where = dir + "/" + name + ".sqlite";
      for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(where + ext);
    } else {
      auto& pg = oyin::testing::PostgresServer::shared();
      where = pg.fresh_database("retention");
      ASSERT_TRUE(pg.error().empty()) << pg.error();
    }
    auto s = GameStore::open(where);
    ASSERT_TRUE(s) << s.error();
    store_ = std::move(*s);
  }
  // A lobby row of `kind` made at `created_ms`, held until `held_ms`.
  void add_row(const std::string& id, const std::string& kind, std::int64_t created_ms, std::int64_t held_ms) {
    Seek s;
    s.id = id;
    s.token = "t-" + id;
    s.game = "togyz";
    s.rules = "";
    s.color = "random";
    s.kind = kind;
    s.created_ms = created_ms;
    s.held_until_ms = held_ms;
    s.owner = "addr:" + id;
    s.created_at = "2026-01-01T00:00:00Z";
    auto r = SeekStore(store_->db()).insert(s, {}, created_ms);
    ASSERT_TRUE(r) << r.error();
  }
  std::vector<std::string> ids(const std::string& sql) {
    std::vector<std::string> out;
    auto rows = store_->db().reader()->query(sql);
    EXPECT_TRUE(rows) << rows.error();
    if (rows)
      for (const auto& r : *rows) out.push_back(r.text(0));
    return out;
  }
  std::unique_ptr<GameStore> store_;
};

constexpr std::int64_t kDay = 24LL * 3600 * 1000;
constexpr std::int64_t kNow = 20'000 * kDay;  // Unix ms, in 2024

TEST_P(RetentionStoreTest, EndedLobbyRowsGoOnceOldAndOpenOrRecentOnesStay) {
  SeekStore seeks(store_->db());
  add_row("old_started", "seek", kNow - 10 * kDay, kNow - 10 * kDay + 30'000);
  ASSERT_TRUE(seeks.claim("old_started", kNow - 10 * kDay));
  ASSERT_TRUE(seeks.started("old_started", "g1", "tok"));
  add_row("old_quick", "quick", kNow - 9 * kDay, kNow - 9 * kDay + 30'000);  // its hold lapsed long ago
  add_row("old_challenge", "challenge", kNow - 8 * kDay, kNow - 8 * kDay + 30'000);
  ASSERT_TRUE(seeks.expire_lapsed(kNow - 8 * kDay + 60'000));
  add_row("old_but_held", "seek", kNow - 9 * kDay, kNow + 30'000);  // a lobby socket still holds it
  add_row("recent_expired", "seek", kNow - 2 * kDay, kNow - 2 * kDay + 30'000);
  ASSERT_TRUE(seeks.expire_lapsed(kNow - kDay));

  RetentionStore retention(store_->db());
  auto n = retention.delete_ended_lobby_rows(kNow - 7 * kDay, 2);  // a batch of two
  ASSERT_TRUE(n) << n.error();
  EXPECT_EQ(*n, 2);
  n = retention.delete_ended_lobby_rows(kNow - 7 * kDay, 1000);
  ASSERT_TRUE(n) << n.error();
  EXPECT_EQ(*n, 1);
  EXPECT_EQ(ids("SELECT id FROM seeks ORDER BY id"), (std::vector<std::string>{"old_but_held", "recent_expired"}));
  n = retention.delete_ended_lobby_rows(kNow - 7 * kDay, 1000);
  ASSERT_TRUE(n);
  EXPECT_EQ(*n, 0);
}

TEST_P(RetentionStoreTest, SessionsPastTheirEndGoAndLiveOnesStay) {
  AccountStore accounts(store_->db());
  auto u = accounts.create_user("Dana", "dana", "dana", "hash");
  ASSERT_TRUE(u && *u);
  const std::int64_t user = (**u).id;
  ASSERT_TRUE(accounts.add_session("idle", user, kNow - 40 * kDay));     // unused for 40 days
  ASSERT_TRUE(accounts.add_session("ancient", user, kNow - 400 * kDay));  // used yesterday, begun 400 days ago
  ASSERT_TRUE(accounts.touch_session("ancient", kNow - kDay));
  ASSERT_TRUE(accounts.add_session("live", user, kNow - 5 * kDay));
  ASSERT_TRUE(accounts.add_session("before_schema_11", user, kNow - 5 * kDay));
  ASSERT_TRUE(store_->db().writer()->exec("UPDATE sessions SET created_ms = 0, last_seen_ms = 0 WHERE token_hash = ?",
                                          {"before_schema_11"}));
  RetentionStore retention(store_->db());
  auto n = retention.delete_expired_sessions(kNow - 30 * kDay, kNow - 365 * kDay, 1000);
  ASSERT_TRUE(n) << n.error();
  EXPECT_EQ(*n, 2);
  EXPECT_EQ(ids("SELECT token_hash FROM sessions ORDER BY token_hash"),
            (std::vector<std::string>{"before_schema_11", "live"}));
}

INSTANTIATE_TEST_SUITE_P(Backends, RetentionStoreTest, ::testing::Values(Backend::sqlite, Backend::postgresql),
                         [](const auto& info) { return info.param == Backend::sqlite ? "sqlite" : "postgresql"; });

}  // namespace
}  // namespace oyin::storage
