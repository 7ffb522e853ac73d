#pragma once
// The read model of one game: the state as JSON (the one place it is made, for pushes and
// replies alike), the seat a request stands for, and the side it shows as "you". Called with the
// session's lock held.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "server/common/clock.h"
#include "server/play/game_session.h"

namespace oyin::server {

class StateView {
 public:
  explicit StateView(Clock& clock) : clock_(clock) {}
  nlohmann::json state(const GameSession& s) const;
  // The state with "you" (and the creator's invite link) for the seat of `token`.
  nlohmann::json state_for(const GameSession& s, const std::string& token) const;
  void add_you(const GameSession& s, nlohmann::json& state, const std::string& token) const;
  // `token` when it holds a seat; else the token of the seat account `user` holds (the side to
  // move's when it holds both); else "".
  static std::string seat_token(const GameSession& s, const std::string& token, std::int64_t user);
  static nlohmann::json chat(const GameSession& s);
  static nlohmann::json chat_line(const GameSession& s, const storage::ChatLine& line);

 private:
  nlohmann::json presence(const GameSession& s) const;
  static nlohmann::json rematch(const GameSession& s);
  // null, or {"id": the tournament that paired the game, "berserk": [side 0's, side 1's]}.
  static nlohmann::json tournament(const GameSession& s);
  Clock& clock_;
};

}  // namespace oyin::server
