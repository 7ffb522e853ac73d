#pragma once
// A test fixture with one real `oyin serve --clock manual` per test, on a database of the test's
// own (its name under a folder per suite; the postgresql. pass swaps the store inside
// ServerProcess), whose clock the test moves on over HTTP: timers, limits and expiries are
// tested without sleeping.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <unistd.h>

#include "server/server_process.h"

namespace oyin::testing {

class ManualClockServerTest : public ::testing::Test {
 protected:
  // `folder`: the suite's folder under the test temporary directory, e.g. "oyin_lobby_api_".
  explicit ManualClockServerTest(std::string folder) : folder_(std::move(folder)) {}
  void SetUp() override {
    const std::string dir = ::testing::TempDir() + folder_ + std::to_string(getpid());
    std::filesystem::create_directories(dir);
    db_ = dir + "/" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite";
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db_ + ext);
    server_ = std::make_unique<ServerProcess>(db_, "/nonexistent", std::vector<std::string>{"--clock", "manual"});
    ASSERT_TRUE(server_->start()) << "the server did not start";
    port_ = server_->port();
  }
  void TearDown() override { EXPECT_EQ(server_->terminate(), 0); }
  void advance(std::int64_t ms) {
    auto r = http_post(port_, "/api/test/clock", {{"advance_ms", ms}});
    ASSERT_EQ(r.status, 200) << r.text;
  }

  std::string folder_;
  std::string db_;
  std::unique_ptr<ServerProcess> server_;
  int port_ = 0;
};

}  // namespace oyin::testing
