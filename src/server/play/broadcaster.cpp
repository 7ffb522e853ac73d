#include "server/play/broadcaster.h"

namespace oyin::server {

using nlohmann::json;

void Broadcaster::push(GameSession& s, const json& state) {
  gate_.note(s);
  if (s.subscribers.empty()) return;
  // A push carries the last moves only ("moves_from": the index of the first one): a connection
  // has the moves before them from its first state, and a long game's whole list (100 KB at ply
  // 10,000) is not sent to every subscriber on every move. A client that lacks moves before
  // "moves_from" (it missed a push) reads the game again.
  json pushed = state;
  if (const auto it = pushed.find("moves"); it != pushed.end() && it->is_array() && it->size() > kPushedMoves) {
    const std::size_t from = it->size() - kPushedMoves;
    *it = json(std::vector<json>(it->begin() + static_cast<std::ptrdiff_t>(from), it->end()));
    pushed["moves_from"] = from;
  } else {
    pushed["moves_from"] = 0;
  }
  send(s, json{{"type", "state"}, {"state", pushed}}.dump());
}

void Broadcaster::send(GameSession& s, const std::string& text, bool chat) {
  std::erase_if(s.subscribers, [&](const std::weak_ptr<Subscriber>& w) {
    auto sub = w.lock();
    if (!sub) return true;
    if (!chat || sub->wants_chat()) sub->send_text(text);
    return false;
  });
}

}  // namespace oyin::server
