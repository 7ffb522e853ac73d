// GameService's read model of one game: the state as JSON (the one place it is made, for
// pushes and replies alike), the seat it shows as "you", and its broadcast to the subscribers.
// Lives beside game_service.cpp, whose Session it shares.
#include "server/play/game_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <chrono>
#include <limits>

#include "registry/registry.h"
#include "server/common/error_codes.h"
#include "server/play/game_clock.h"
#include "server/play/game_session.h"
#include "server/ratings/rating_service.h"

namespace oyin::server {

namespace {

json end_json(const Verdict& v, const GameAdapter& g) {
  if (!v.over) return nullptr;
  json winner = nullptr;
  if (v.result == "1-0") winner = g.side_name(Side::First);
  if (v.result == "0-1") winner = g.side_name(Side::Second);
  return {{"code", v.code}, {"winner", winner}, {"args", {v.args[0], v.args[1]}}};
}

// "players" on a server without accounts: guests, and the computer at its level.
json guest_players(const storage::StoredGame& row) {
  json out = json::array();
  for (int side = 0; side < 2; ++side) {
    json p{{"username", nullptr}, {"rating", nullptr}, {"provisional", false}};
    if (row.ai_side == side) p["computer_level"] = row.level;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

// The one place the state of a game is put into JSON (pushes and replies alike).
json GameService::state_json(const Session& s) const {
  const GameState& st = *s.state;
  const Verdict v = verdict(st, s.row);
  const auto side_name = [&](int i) { return json(s.adapter->side_name(static_cast<Side>(i))); };
  const std::size_t ply = st.ply();
  const std::string sides[2] = {s.adapter->side_name(Side::First), s.adapter->side_name(Side::Second)};
  return json{{"id", s.row.id},
              {"game", s.row.game},
              {"title", s.adapter->title()},
              {"rules", st.rules_text()},
              {"mode", mode_name(s.mode)},
              {"level", s.row.level},
              {"sides", {s.adapter->side_name(Side::First), s.adapter->side_name(Side::Second)}},
              {"start_position", st.start_position_text()},
              {"position", s.positions[ply]},
              {"previous_position", ply > 0 ? json(s.positions[ply - 1]) : json(nullptr)},
              {"moves", st.history()},
              {"ply", ply},
              {"version", s.version},
              {"status", v.over ? "finished" : "ongoing"},
              {"result", v.result},
              {"reason", v.reason},
              {"end", end_json(v, *s.adapter)},
              {"board", st.board()},
              {"rules_values", st.rules_values()},
              {"legal", v.over ? json::array() : st.legal_move_data()},
              {"to_move", side_name(index(st.side_to_move()))},
              {"legal_moves", v.over ? std::vector<std::string>{} : st.legal_moves()},
              {"computer", s.row.ai_side >= 0 ? side_name(s.row.ai_side) : json(nullptr)},
              {"thinking", s.ai_busy},
              {"book_move", ply > 0 && s.book_ply == static_cast<std::int64_t>(ply) - 1},
              {"draw_offer", s.row.draw_offer >= 0 ? side_name(s.row.draw_offer) : json(nullptr)},
              {"clock", s.clock.to_json(sides, ply, index(st.side_to_move()), clock_.now_ms())},
              {"presence", presence_json(s)},
              {"spectators", s.spectators},
              {"rematch", table_json(s)},
              {"rated", s.row.rated},
              {"players", s.players.is_null() ? guest_players(s.row) : s.players},
              {"rating_change", s.rating_change},
              {"created_at", s.row.created_at}};
}

json GameService::state_for(const Session& s, const std::string& token) const {
  json j = state_json(s);
  add_you(s, j, token);
  return j;
}

std::string GameService::seat_token(const Session& s, const std::string& token, std::int64_t user) {
  if (!token.empty() && (s.row.tokens[0] == token || s.row.tokens[1] == token)) return token;
  if (user == 0) return {};
  const bool mine[2] = {s.row.users[0] == user, s.row.users[1] == user};
  if (mine[0] && mine[1]) return s.row.tokens[index(s.state->side_to_move())];
  if (mine[0]) return s.row.tokens[0];
  if (mine[1]) return s.row.tokens[1];
  return {};
}

void GameService::add_you(const Session& s, json& j, const std::string& token) const {
  if (!token.empty()) {
    const bool t0 = s.row.tokens[0] == token, t1 = s.row.tokens[1] == token;
    if (t0 && t1) j["you"] = "both";
    else if (t0) j["you"] = s.adapter->side_name(Side::First);
    else if (t1) j["you"] = s.adapter->side_name(Side::Second);
    // The creator of an online game gets its invite link back in any tab or device: a link
    // relative to the server ("/#/join/ID/TOKEN"), since a state does not know the host.
    const int c = s.row.creator;
    if (s.mode == Mode::online && (c == 0 || c == 1) && s.row.tokens[c] == token && !(t0 && t1) &&
        !verdict(*s.state, s.row).over)
      j["invite"] = "/#/join/" + s.row.id + "/" + s.row.tokens[1 - c];
  }
}

void GameService::broadcast(Session& s, const json& state) {
  note_position(s);
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
  const std::string text = json{{"type", "state"}, {"state", pushed}}.dump();
  std::erase_if(s.subscribers, [&](const std::weak_ptr<Subscriber>& w) {
    auto sub = w.lock();
    if (!sub) return true;
    sub->send_text(text);
    return false;
  });
}

}  // namespace oyin::server
