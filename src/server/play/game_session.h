#pragma once
// What the play module keeps of one game in memory. Each part belongs to the one job class that
// changes it (named beside it); every part is read and written with `m` held.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "registry/registry.h"
#include "server/common/subscriber.h"
#include "server/play/game_clock.h"
#include "server/play/game_mode.h"
#include "storage/chat_store.h"
#include "storage/game_store.h"

namespace oyin::server {

// The computer's turn (ComputerPlayer).
struct ComputerTurn {
  bool busy = false;
  bool waiting = false;  // another instance holds the claim on the computer's move
  // The ply whose move the computer took from its opening book (in memory: the last one only,
  // for the state's `book_move`; -1: none).
  std::int64_t book_ply = -1;
  std::shared_ptr<std::atomic<bool>> stop;
  // Whose computer games this one counts with in the computer's queue (computer_owner()).
  std::string owner;
};

// Timed games (Timekeeper): the clocks, the pending deadline's timer (0: none) and, per ply, the
// side that made it and its time left after it (as stored with the move).
struct Timing {
  GameClock clock;
  std::uint64_t timer = 0;
  std::vector<std::pair<int, std::int64_t>> marks;
};

// One seat's WebSocket connections, since when it has had none, and whether it has come
// (SeatPresence). With several instances on one database each one counts its own connections and
// hears the others' counts, by instance.
struct SeatConnections {
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

// Connections that hold no seat (Spectators). `changed`: the count changed since it was last
// pushed; it goes as one small message a moment later (a crowd coming and going costs one push per
// moment, not a whole state per arrival).
struct Watchers {
  int count = 0;
  std::map<std::string, int> by_address;
  bool changed = false;
};

// The players' chat, read with the game, and each seat's recent chat times (TableChat).
struct TableTalk {
  std::vector<storage::ChatLine> lines;
  std::vector<std::int64_t> times[2];
};

// Accounts (RatingKeeper): the state's "players" (null: guests, made up by StateView), its
// "rating_change" once the game has ended, and whether that end has been looked at.
struct AccountView {
  nlohmann::json players;
  nlohmann::json rating_change;
  bool settled = false;
};

struct GameSession {
  // Set up once, by the first reader of the id (outside the table's lock); the others wait for
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
  std::vector<std::weak_ptr<Subscriber>> subscribers;

  ComputerTurn computer;
  Timing timing;
  SeatConnections seats[2];
  Watchers watchers;
  TableTalk chat;
  int rematch_offer = -1;  // the seat that offers a rematch (Rematcher)
  AccountView accounts;
};

using SessionPtr = std::shared_ptr<GameSession>;

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
inline bool is_over(const GameSession& s) { return verdict(*s.state, s.row).over; }

// An end on record (resignation, agreement, claim, clock): result and reason set, any draw offer
// gone, the version bumped.
inline void record_end(GameSession& s, std::string result, std::string reason) {
  s.row.result = std::move(result);
  s.row.reason = std::move(reason);
  s.row.draw_offer = -1;
  ++s.version;
}

}  // namespace oyin::server
