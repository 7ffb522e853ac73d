#pragma once
// Pushes to the connections that follow a game: its state after a change (and the analysis
// gate told of the new position), a chat line, a spectators' count. Called with the session's
// lock held; a connection that has gone is dropped on the way.
#include <nlohmann/json.hpp>
#include <string>

#include "server/play/analysis_gate.h"
#include "server/play/game_session.h"
#include "server/play/state_view.h"

namespace oyin::server {

class Broadcaster {
 public:
  Broadcaster(const StateView& view, AnalysisGate& gate) : view_(view), gate_(gate) {}
  // How many of the last moves a pushed state carries.
  static constexpr std::size_t kPushedMoves = 2;
  // The current state to every subscriber.
  void push(GameSession& s) {
    if (s.subscribers.empty()) return gate_.note(s);  // nobody to tell: the state is not made
    push(s, view_.state(s));
  }
  void push(GameSession& s, const nlohmann::json& state);
  // One message as it is; `chat`: only to the connections that want chat.
  static void send(GameSession& s, const std::string& text, bool chat = false);

 private:
  const StateView& view_;
  AnalysisGate& gate_;
};

}  // namespace oyin::server
