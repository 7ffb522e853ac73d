#pragma once
// The gate that keeps the engine's analysis away from games being played: online games between
// people, and rated games against the computer (a rating is at stake). Every change of a game
// notes its position here (note); the analysis service asks (refusal).
#include <optional>
#include <nlohmann/json.hpp>

#include "server/common/reply.h"
#include "server/play/game_session.h"
#include "server/play/game_table.h"
#include "server/play/play_guard.h"

namespace oyin::server {

class AnalysisGate {
 public:
  explicit AnalysisGate(GameTable& table) : table_(table) {}
  // Called with s.m held after every change.
  void note(const GameSession& s);
  // Why the analysis of `position` (asked with request `req`) is refused: it is the current
  // position of a guarded game, or the request carries {"game_id", "token"} of a seat in such a
  // game. Nothing when it may go on.
  std::optional<Reply> refusal(const nlohmann::json& req, const GameState& position);

 private:
  GameTable& table_;
  PlayGuard guard_;
};

}  // namespace oyin::server
