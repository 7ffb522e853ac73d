// The SQLite store's write-ahead log while the server runs: every move is a commit to the log,
// and the checkpointer must copy the log into the database and let it start again, or the log
// grows by some 6 KB a move for as long as the server runs (issue 36: 68.7 MB after 11,590 moves).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "server/server_process.h"

namespace oyin::testing {
namespace {

// HTTP/1.1 requests on one kept-alive connection (20,000 moves on new connections would spend
// most of the test connecting).
class KeptAliveClient {
 public:
  explicit KeptAliveClient(int port) : sock_(ioc_), port_(port) {
    sock_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  }
  json post(const std::string& target, const json& body, int& status) {
    http::request<http::string_body> req(http::verb::post, target, 11);
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port_));
    req.set(http::field::content_type, "application/json");
    req.keep_alive(true);
    req.body() = body.dump();
    req.prepare_payload();
    http::write(sock_, req);
    http::response<http::string_body> res;
    http::read(sock_, buf_, res);
    status = static_cast<int>(res.result_int());
    return json::parse(res.body(), nullptr, false);
  }

 private:
  net::io_context ioc_;
  tcp::socket sock_;
  int port_;
  beast::flat_buffer buf_;
};

std::uintmax_t file_size_or_zero(const std::string& path) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(path, ec);
  return ec ? 0 : n;
}

// A server of its own with no limit on new games (this client makes some 150 in a few seconds).
class WalSizeTest : public ServerWithOptions {
 protected:
  void SetUp() override { start({"--max-games-per-minute", "0"}); }
};

// 20,000 moves of hotseat Togyz games (a new game when one ends): the log never passes 16 MB,
// and the games are in the database file itself, not only in the log.
TEST_F(WalSizeTest, LogStaysSmallThrough20000Moves) {
  if (testing_postgres()) GTEST_SKIP() << "the write-ahead log checked here is SQLite's; PostgreSQL manages its own";
  const std::string& db = db_;
  ASSERT_TRUE(std::filesystem::exists(db)) << db;
  KeptAliveClient client(port_);
  constexpr int kMoves = 20'000;
  constexpr std::uintmax_t kMaxWal = 16u << 20;
  std::uintmax_t largest = 0;
  std::string id, token;
  json state;
  int games = 0;
  for (int moves = 0; moves < kMoves;) {
    int status = 0;
    if (id.empty() || state["status"] != "ongoing") {
      const json made = client.post("/api/games", {{"game", "togyz"}, {"mode", "hotseat"}}, status);
      ASSERT_EQ(status, 201) << made.dump();
      id = made["id"];
      token = made["seat"]["token"];
      state = made["state"];
      ++games;
    }
    const auto& legal = state["legal_moves"];
    ASSERT_FALSE(legal.empty());
    // A spread of moves, the same every run.
    const std::string move = legal[static_cast<std::size_t>(moves * 7919) % legal.size()];
    state = client.post("/api/games/" + id + "/moves", {{"move", move}, {"token", token}}, status);
    ASSERT_EQ(status, 200) << state.dump();
    ++moves;
    if (moves % 500 == 0) {
      largest = std::max(largest, file_size_or_zero(db + "-wal"));
      ASSERT_LT(largest, kMaxWal) << "after " << moves << " moves the log is " << largest << " bytes";
    }
  }
  largest = std::max(largest, file_size_or_zero(db + "-wal"));
  EXPECT_LT(largest, kMaxWal);
  // The checkpoints put the games into the database file.
  EXPECT_GT(file_size_or_zero(db), 1u << 20) << games << " games";
  std::cout << "[          ] " << kMoves << " moves in " << games << " games; largest log " << largest
            << " bytes; database " << file_size_or_zero(db) << " bytes" << std::endl;
}

}  // namespace
}  // namespace oyin::testing
