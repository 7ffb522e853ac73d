#pragma once
// New games: a player's request (against the computer, hotseat, or an online game with an
// invite), and the online games the lobby pairs. Each is stored before it is registered in the
// table and before anything starts on it (the computer, the clock).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "server/common/clock.h"
#include "server/common/reply.h"
#include "server/play/computer_player.h"
#include "server/play/game_table.h"
#include "server/play/rating_keeper.h"
#include "server/play/state_view.h"
#include "server/play/timekeeper.h"

namespace oyin::server {

// A request's "rules": "size=9,target=3" or {"size": 9, "target": 3} (values strings, numbers or
// booleans), as the rules text the games read; null: "" (the defaults).
Result<std::string> rules_from_json(const nlohmann::json& r);

class GameCreator {
 public:
  struct Parts {
    storage::GameStore& store;
    Clock& clock;
    GameTable& table;
    const StateView& view;
    RatingKeeper& ratings;
    Timekeeper& timekeeper;
    ComputerPlayer& computer;
    Broadcaster& broadcaster;
  };
  explicit GameCreator(Parts parts) : p_(parts) {}
  // GameService::create and create_for say what these take and answer.
  Reply create(const nlohmann::json& request, const std::string& base_url, std::int64_t user, std::string* other_seat,
               const std::string& address);
  Reply create_for(const std::string& game, const std::string& rules, TimeControl control, bool rated,
                   const std::int64_t (&users)[2], const std::string& tournament);

 private:
  Result<SessionPtr> start(const GameEntry* adapter, Mode mode, std::unique_ptr<GameState> state, storage::StoredGame row,
                           TimeControl control, int creator_side, std::string computer_owner);
  Parts p_;
};

}  // namespace oyin::server
