// oyin backup and oyin restore (issue 42): a backup taken while clients play holds every move the
// server acknowledged before it started, and a server started on its restore serves them.
#include <filesystem>
#include <map>
#include <mutex>
#include <random>

#include "server/server_process.h"

namespace oyin::testing {
namespace {

// The longest move list acknowledged per game (hotseat games with no undo: each list is a prefix
// of every later one).
class Acks {
 public:
  void record(const std::string& id, const json& moves) {
    std::lock_guard lock(m_);
    auto& a = games_[id];
    if (moves.size() > a.size()) a = moves;
  }
  std::map<std::string, json> games() {
    std::lock_guard lock(m_);
    return games_;
  }
  std::size_t moves() {
    std::lock_guard lock(m_);
    std::size_t n = 0;
    for (const auto& [id, g] : games_) n += g.size();
    return n;
  }

 private:
  std::mutex m_;
  std::map<std::string, json> games_;
};

// One client: random legal moves over HTTP in one hotseat game after another until `stop`. Every
// acknowledged move goes to `all`, and to `before` if the backup had not started when the answer
// came (`started` is set before the backup begins).
void play(int seed, int port, const std::atomic<bool>& stop, const std::atomic<bool>& started, Acks& before, Acks& all,
          std::string& failure) {
  std::mt19937 rng(static_cast<unsigned>(seed));
  while (!stop) {
    auto g = http_post(port, "/api/games", {{"game", seed % 2 ? "togyz" : "capgo"}, {"mode", "hotseat"}});
    if (g.status != 201) return void(failure = "create: " + g.text);
    const std::string id = g.body["id"], token = g.body["seat"]["token"];
    json s = g.body["state"];
    while (!stop && s["status"] == "ongoing") {
      const auto& legal = s["legal_moves"];
      const std::string mv = legal[rng() % legal.size()];
      auto r = http_post(port, "/api/games/" + id + "/moves", {{"move", mv}, {"token", token}});
      if (r.status != 200) return void(failure = "move: " + r.text);
      if (!started) before.record(id, r.body["moves"]);
      all.record(id, r.body["moves"]);
      s = r.body;
    }
  }
}

TEST(Backup, ABackupUnderLoadHoldsEveryMoveAcknowledgedBeforeIt) {
  const std::string dir = ::testing::TempDir() + "oyin_backup_" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ServerProcess server(dir + "/live.sqlite", "/nonexistent", {"--max-games-per-minute", "0"});
  ASSERT_TRUE(server.start());
  const int port = server.port();
  std::atomic<bool> stop{false}, started{false};
  Acks before, all;
  constexpr int kClients = 4;
  std::vector<std::string> failures(kClients);
  std::vector<std::thread> clients;
  for (int i = 0; i < kClients; ++i)
    clients.emplace_back(play, i + 1, port, std::cref(stop), std::cref(started), std::ref(before), std::ref(all),
                         std::ref(failures[i]));
  struct Join {
    std::atomic<bool>& stop;
    std::vector<std::thread>& threads;
    ~Join() {
      stop = true;
      for (auto& t : threads)
        if (t.joinable()) t.join();
    }
  } join{stop, clients};

  ASSERT_TRUE(wait_until([&] { return all.moves() >= 300; }, std::chrono::seconds(60))) << "the clients did not play";
  started = true;
  const std::string file = dir + "/backup.oyin";
  const auto [code, out] = run_command(std::string(server_binary()) + " backup --db '" + server.store() + "' --out " + file);
  ASSERT_EQ(code, 0) << out;
  const std::size_t at_backup_end = all.moves();
  // Play went on during and after the backup.
  ASSERT_TRUE(wait_until([&] { return all.moves() >= at_backup_end + 50; }, std::chrono::seconds(60)));
  stop = true;
  for (auto& t : clients) t.join();
  for (const auto& f : failures) EXPECT_EQ(f, "");
  EXPECT_EQ(server.terminate(), 0);
  EXPECT_FALSE(std::filesystem::exists(file + ".part"));

  // Restored into a new store, which a server then serves.
  ServerProcess restored(dir + "/restored.sqlite");
  const auto [rcode, rout] =
      run_command(std::string(server_binary()) + " restore --db '" + restored.store() + "' --in " + file);
  ASSERT_EQ(rcode, 0) << rout;
  // A second restore into it is refused: it is not empty any more.
  const auto [again, again_out] =
      run_command(std::string(server_binary()) + " restore --db '" + restored.store() + "' --in " + file);
  EXPECT_EQ(again, 1) << again_out;
  EXPECT_NE(again_out.find("--force"), std::string::npos) << again_out;
  ASSERT_TRUE(restored.start());
  std::size_t moves = 0;
  for (const auto& [id, acked] : before.games()) {
    auto r = http_get(restored.port(), "/api/games/" + id);
    ASSERT_EQ(r.status, 200) << id << ": " << r.text;
    const json& stored = r.body["moves"];
    ASSERT_GE(stored.size(), acked.size()) << "game " << id << " lost acknowledged moves";
    for (std::size_t i = 0; i < acked.size(); ++i) ASSERT_EQ(stored[i], acked[i]) << "game " << id << " ply " << i + 1;
    moves += acked.size();
  }
  std::printf("%zu moves acknowledged before the backup (of %zu in all) are in its restore\n", moves, all.moves());
  EXPECT_GE(moves, 300u);
  EXPECT_GT(all.moves(), moves);
  EXPECT_EQ(restored.terminate(), 0);
}

TEST(Backup, TheCommandsExplainThemselvesAndRefuseBadInput) {
  const std::string bin = server_binary();
  for (const char* cmd : {"backup", "restore"}) {
    const auto [code, out] = run_command(bin + " " + cmd + " --help");
    EXPECT_EQ(code, 0) << out;
    EXPECT_NE(out.find("--db"), std::string::npos) << out;
  }
  EXPECT_EQ(run_command(bin + " backup --db x.sqlite").first, 2);  // --out is required
  const std::string missing = ::testing::TempDir() + "oyin_no_such_" + std::to_string(getpid()) + ".sqlite";
  const auto [code, out] = run_command(bin + " backup --db " + missing + " --out " + missing + ".bak");
  EXPECT_EQ(code, 1) << out;
  EXPECT_NE(out.find("no database"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(missing)) << "a backup of nothing made an empty database";
}

}  // namespace
}  // namespace oyin::testing
