// Durability: clients play many games (moves over HTTP and over WebSocket, games against the
// computer among them) while the server is killed with SIGKILL and restarted several times.
// Every move a client was told about (an HTTP reply, or a state pushed on a WebSocket, the
// computer's moves included) must be in the games afterwards.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <random>

#include "server/server_process.h"
#include "support/wait_until.h"

namespace oyin::testing {
namespace {

class Acks {
 public:
  // The longest move list a client was told about per game (no undo here: each list is a prefix
  // of every later one).
  void record(const std::string& id, const json& moves, bool computer) {
    std::lock_guard lock(m_);
    auto& a = games_[id];
    if (moves.size() > a.moves.size()) a.moves = moves;
    a.computer |= computer;
  }
  struct Game {
    json moves = json::array();
    bool computer = false;
  };
  std::map<std::string, Game> games() {
    std::lock_guard lock(m_);
    return games_;
  }
  // How many moves were acknowledged in all; how many games against the computer have had the
  // computer's reply acknowledged.
  std::size_t moves() {
    std::lock_guard lock(m_);
    std::size_t n = 0;
    for (const auto& [id, g] : games_) n += g.moves.size();
    return n;
  }
  std::size_t computer_games() {
    std::lock_guard lock(m_);
    return static_cast<std::size_t>(
        std::count_if(games_.begin(), games_.end(), [](const auto& kv) { return kv.second.computer && kv.second.moves.size() >= 2; }));
  }

 private:
  std::mutex m_;
  std::map<std::string, Game> games_;
};

enum class Kind { HttpHotseat, WsHotseat, WsComputer };

// One client: plays random legal moves in one game after another; rides out the server's deaths
// by retrying until `stop`.
void play(Kind kind, int seed, const std::atomic<int>& port, const std::atomic<bool>& stop, Acks& acks) {
  std::mt19937 rng(static_cast<unsigned>(seed));
  std::string id, token;
  while (!stop) {
    try {
      if (id.empty()) {
        json req{{"game", "togyz"}, {"mode", kind == Kind::WsComputer ? "ai" : "hotseat"}};
        if (kind == Kind::WsComputer) req.update({{"level", 0}, {"color", "white"}});
        auto g = http_post(port, "/api/games", req);
        if (g.status != 201) throw std::runtime_error("create: " + g.text);
        id = g.body["id"];
        token = g.body["seat"]["token"];
      }
      if (kind == Kind::HttpHotseat) {
        json s = http_get(port, "/api/games/" + id).body;
        while (!stop && s["status"] == "ongoing") {
          const auto& legal = s["legal_moves"];
          const std::string mv = legal[rng() % legal.size()];
          auto r = http_post(port, "/api/games/" + id + "/moves", {{"move", mv}, {"token", token}});
          if (r.status != 200) throw std::runtime_error("move: " + r.text);
          acks.record(id, r.body["moves"], false);
          s = r.body;
        }
        if (s["status"] == "finished") id.clear();
        continue;
      }
      WsClient ws(port, "/ws/games/" + id + "?token=" + token);
      std::size_t asked_at = SIZE_MAX;  // the ply at which this client last sent a move
      while (!stop) {
        auto m = ws.read(std::chrono::milliseconds(2000));
        if (!m) break;  // the server went away: reconnect
        if ((*m)["type"] != "state") throw std::runtime_error("ws: " + m->dump());
        const json& s = (*m)["state"];
        acks.record(id, s["moves"], kind == Kind::WsComputer);
        if (s["status"] == "finished") {
          id.clear();
          break;
        }
        const bool mine = kind == Kind::WsHotseat || (s["to_move"] == "white" && s["thinking"] == false);
        if (mine && s["ply"] != asked_at) {
          const auto& legal = s["legal_moves"];
          ws.send({{"type", "move"}, {"move", legal[rng() % legal.size()]}});
          asked_at = s["ply"];
        }
      }
    } catch (const std::exception&) {
      // The server is restarting: try again in a moment (this client's own pace, not a wait
      // for anything; `port` says where the server is once it is back).
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
}

TEST(Durability, EveryAcknowledgedMoveSurvivesKill9) {
  const std::string dir = ::testing::TempDir() + "oyin_durability_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string db = dir + "/games.sqlite";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db + ext);
  ServerProcess server(db, "/nonexistent", {"--workers", "2"});
  ASSERT_TRUE(server.start());
  std::atomic<int> port{server.port()};
  // A restart on the port the clients know; should another process have taken it meanwhile,
  // on a port the kernel picks, which the clients read at their next connection.
  auto restart = [&] {
    if (!server.start(port) && !server.start()) return false;
    port = server.port();
    return true;
  };
  std::atomic<bool> stop{false};
  Acks acks;
  std::vector<std::thread> clients;
  const Kind kinds[] = {Kind::HttpHotseat, Kind::HttpHotseat, Kind::WsHotseat, Kind::WsHotseat,
                        Kind::WsComputer, Kind::WsComputer, Kind::WsComputer};
  for (int i = 0; i < 7; ++i) clients.emplace_back(play, kinds[i], i + 1, std::cref(port), std::cref(stop), std::ref(acks));
  // The clients stop however the test ends (an ASSERT returns early; a joinable thread's
  // destructor would end the process).
  struct Join {
    std::atomic<bool>& stop;
    std::vector<std::thread>& threads;
    ~Join() {
      stop = true;
      for (auto& t : threads)
        if (t.joinable()) t.join();
    }
  } join{stop, clients};

  // Each kill comes once the clients have had 30 to 70 more moves acknowledged since the last
  // start (however long a busy machine takes for them), so that every kill lands amid play;
  // the last, once three games against the computer have had replies too.
  constexpr int kKills = 4;
  auto played = [&](std::size_t moves, std::size_t computer_games) {
    return wait_until([&] { return acks.moves() >= moves && acks.computer_games() >= computer_games; },
                      std::chrono::seconds(60));
  };
  for (int k = 0; k < kKills; ++k) {
    ASSERT_TRUE(played(acks.moves() + 40 + 10 * k, 0)) << "the clients did not play before kill " << k + 1;
    server.kill9();
    ASSERT_TRUE(restart()) << "restart " << k + 1;
  }
  ASSERT_TRUE(played(acks.moves() + 30, 3)) << "the clients did not play before the last kill";
  server.kill9();  // the clients still play: the last kill lands in the middle of moves too
  stop = true;
  for (auto& c : clients) c.join();

  ASSERT_TRUE(restart());
  const int final_port = port;
  std::size_t moves = 0, games = 0, computer_games = 0;
  for (const auto& [id, acked] : acks.games()) {
    auto r = http_get(final_port, "/api/games/" + id);
    ASSERT_EQ(r.status, 200) << id << ": " << r.text;
    const json& stored = r.body["moves"];
    ASSERT_GE(stored.size(), acked.moves.size()) << "game " << id << " lost acknowledged moves";
    for (std::size_t i = 0; i < acked.moves.size(); ++i)
      ASSERT_EQ(stored[i], acked.moves[i]) << "game " << id << " ply " << i + 1;
    moves += acked.moves.size();
    ++games;
    if (acked.computer && acked.moves.size() >= 2) ++computer_games;
  }
  std::printf("%zu acknowledged moves in %zu games (%zu against the computer) survived %d kills\n", moves, games,
              computer_games, kKills + 1);
  EXPECT_GE(moves, 200u);
  EXPECT_GE(computer_games, 3u);
  EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace oyin::testing
