#pragma once
// What GameService keeps of one game in memory, shared by game_service.cpp and
// game_service_clock.cpp (not part of the service's interface).
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "storage/chat_store.h"

#include "server/play/game_clock.h"
#include "server/play/game_service.h"

namespace oyin::server {

struct GameService::Session {
  // Set up once, by the first reader of the id (outside the map's lock); the others wait for
  // this: the load error, empty when the game is ready.
  std::shared_future<std::string> loaded;
  // Loaded without an error (does not wait).
  bool ready() const {
    return loaded.wait_for(std::chrono::seconds(0)) == std::future_status::ready && loaded.get().empty();
  }
  // Another instance changed the game while it was being loaded: the loader reads it again.
  std::atomic<bool> changed_while_loading = false;

  std::mutex m;
  storage::StoredGame row;
  Mode mode = Mode::hotseat;
  const GameEntry* adapter = nullptr;
  std::unique_ptr<GameState> state;
  std::vector<std::string> positions;  // positions[i] = position after i plies (served by range)
  // Bumped by every change (a stale computer move is dropped; clients drop stale states). It starts
  // from the clock so that it keeps growing across server restarts.
  std::uint64_t version = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  bool ai_busy = false;
  bool ai_waiting = false;  // another instance holds the claim on the computer's move
  // The ply whose move the computer took from its opening book (in memory: the last one only,
  // for the state's `book_move`; -1: none).
  std::int64_t book_ply = -1;
  std::shared_ptr<std::atomic<bool>> ai_stop;
  // Whose computer games this one counts with in the computer's queue (computer_owner()).
  std::string computer_owner;
  std::vector<std::weak_ptr<Subscriber>> subscribers;

  // Timed games: the clocks, the pending deadline's timer (0: none) and, per ply, the side that
  // made it and its time left after it (as stored with the move).
  GameClock clock;
  std::uint64_t timer = 0;
  std::vector<std::pair<int, std::int64_t>> clock_marks;
  // Each seat's WebSocket connections, since when it has had none, and whether it has come.
  // With several instances on one database each one counts its own connections and hears the
  // others' counts (GameService::heard), by instance.
  struct Seat {
    int connections = 0;
    std::map<std::string, int> elsewhere;
    std::int64_t away_since = 0;
    bool seen = false;
    int everywhere() const {
      int n = connections;
      for (const auto& [instance, count] : elsewhere) n += count;
      return n;
    }
  };
  Seat seats[2];

  // At the table: connections that hold no seat, the players' chat (read with the game) and
  // each seat's recent chat times (the rate limit), and the seat that offers a rematch.
  int spectators = 0;
  std::map<std::string, int> spectators_by_address;
  // The count changed since it was last pushed: pushed as one small message a moment later (a
  // crowd coming and going costs one push per moment, not a whole state per arrival).
  bool spectators_changed = false;
  std::vector<storage::ChatLine> chat;
  std::vector<std::int64_t> chat_times[2];
  int rematch_offer = -1;
  // Accounts: the state's "players" (null: guests, made up by state_json), its "rating_change"
  // once the game has ended, and whether that end has been looked at.
  json players;
  json rating_change;
  bool ratings_settled = false;
};

// The rules' verdict first, then a resignation or agreement on record. `code` and `args` are
// the end reason as data (core/outcome.h lists the rules' codes; here also "resign",
// "agreement", "recorded" (an imported game's result as its record gives it) and the clocks'
// "time", "aborted" and "abandoned").
struct Verdict {
  bool over = false;
  std::string result = "*";
  std::string reason;
  std::string code;
  int args[2] = {0, 0};
};

Verdict verdict(const GameState& st, const storage::StoredGame& row);

}  // namespace oyin::server
