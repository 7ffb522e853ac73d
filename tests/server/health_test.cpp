// GET /healthz and GET /readyz (issue 42): alive is always 200; ready checks the store with a real
// read, the schema's version, and on PostgreSQL the LISTEN connection, and says which failed.
#include "server/server_process.h"
#include "storage/db.h"
#include "storage/migrations.h"

namespace oyin::testing {
namespace {

using HealthTest = ServerTest;

bool failed(const HttpResult& r, const std::string& check) {
  if (!r.body.is_object() || !r.body.contains("failed")) return false;
  for (const auto& f : r.body["failed"])
    if (f == check) return true;
  return false;
}

TEST_F(HealthTest, AliveAndReadyOnAFreshStore) {
  const auto alive = http_get(port_, "/healthz");
  EXPECT_EQ(alive.status, 200) << alive.text;
  EXPECT_EQ(alive.body, json({{"status", "ok"}}));
  const auto ready = http_get(port_, "/readyz");
  ASSERT_EQ(ready.status, 200) << ready.text;
  EXPECT_EQ(ready.body["status"], "ready");
  EXPECT_EQ(ready.body["checks"]["store"]["ok"], true);
  EXPECT_EQ(ready.body["checks"]["schema"]["version"], storage::schema_migrations().size());
  // The LISTEN connection is checked where there is one.
  EXPECT_EQ(ready.body["checks"].contains("listen"), testing_postgres()) << ready.text;
  EXPECT_EQ(http_call(port_, http::verb::post, "/readyz").status, 405);
}

TEST_F(HealthTest, ASchemaOfAnotherVersionIsNotReady) {
  auto db = storage::Db::open(store_for(db_));
  ASSERT_TRUE(db) << db.error();
  const int want = static_cast<int>(storage::schema_migrations().size());
  const auto set_version = [&](int v) {
    auto s = testing_postgres() ? (*db)->writer()->exec("UPDATE oyin_schema SET version=?", {v}).ok()
                                : (*db)->writer()->script("PRAGMA user_version=" + std::to_string(v)).ok();
    ASSERT_TRUE(s);
  };
  set_version(want + 1);  // as if a newer build had migrated the database further
  const auto r = http_get(port_, "/readyz");
  EXPECT_EQ(r.status, 503) << r.text;
  EXPECT_TRUE(failed(r, "schema")) << r.text;
  EXPECT_FALSE(failed(r, "store")) << r.text;
  EXPECT_EQ(r.body["checks"]["schema"]["version"], want + 1) << r.text;
  EXPECT_EQ(http_get(port_, "/healthz").status, 200);
  set_version(want);
  EXPECT_EQ(http_get(port_, "/readyz").status, 200);
}

// The database goes away under a running instance and comes back: not ready meanwhile (store and
// LISTEN), alive throughout, ready again without a restart (the reader connection is made again by
// the next read, the LISTEN connection by its own thread).
TEST_F(HealthTest, ADatabaseThatGoesAwayMakesItNotReadyUntilItIsBack) {
  if (!testing_postgres()) GTEST_SKIP() << "PostgreSQL only (OYIN_TEST_STORE=postgresql)";
  auto& pg = PostgresServer::shared();
  pg.pause();
  HttpResult r;
  EXPECT_TRUE(wait_until([&] {
    r = http_get(port_, "/readyz");
    return r.status == 503 && failed(r, "store") && failed(r, "listen");
  })) << r.status << " " << r.text;
  EXPECT_EQ(r.body["status"], "not_ready");
  EXPECT_EQ(r.text.find("database"), std::string::npos) << "no database text in the answer: " << r.text;
  EXPECT_EQ(http_get(port_, "/healthz").status, 200);
  ASSERT_EQ(pg.resume(), "");
  EXPECT_TRUE(wait_until([&] {
    r = http_get(port_, "/readyz");
    return r.status == 200;
  })) << r.status << " " << r.text;
  // The log tells the operator what happened, one JSON object a line.
  const std::string err = file_text(server_->log_path() + ".err");
  for (const char* event : {"\"event\":\"not_ready\"", "\"event\":\"listen_lost\"", "\"event\":\"listen_restored\""})
    EXPECT_NE(err.find(event), std::string::npos) << event << " not in " << err;
}

}  // namespace
}  // namespace oyin::testing
