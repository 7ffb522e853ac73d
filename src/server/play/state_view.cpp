#include "server/play/state_view.h"

#include "server/play/game_archive.h"

namespace oyin::server {

using nlohmann::json;

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

json StateView::state(const GameSession& s) const {
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
              {"sides", {sides[0], sides[1]}},
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
              {"thinking", s.computer.busy},
              {"book_move", ply > 0 && s.computer.book_ply == static_cast<std::int64_t>(ply) - 1},
              {"draw_offer", s.row.draw_offer >= 0 ? side_name(s.row.draw_offer) : json(nullptr)},
              {"clock", s.timing.clock.to_json(sides, ply, index(st.side_to_move()), clock_.now_ms())},
              {"presence", presence(s)},
              {"spectators", s.watchers.count},
              {"rematch", rematch(s)},
              {"rated", s.row.rated},
              {"tournament", tournament(s)},
              {"players", s.accounts.players.is_null() ? guest_players(s.row) : s.accounts.players},
              {"rating_change", s.accounts.rating_change},
              {"created_at", s.row.created_at},
              {"record", record_json(s.row, *s.adapter)}};
}

json StateView::state_for(const GameSession& s, const std::string& token) const {
  json j = state(s);
  add_you(s, j, token);
  return j;
}

std::string StateView::seat_token(const GameSession& s, const std::string& token, std::int64_t user) {
  if (!token.empty() && (s.row.tokens[0] == token || s.row.tokens[1] == token)) return token;
  if (user == 0) return {};
  const bool mine[2] = {s.row.users[0] == user, s.row.users[1] == user};
  if (mine[0] && mine[1]) return s.row.tokens[index(s.state->side_to_move())];
  if (mine[0]) return s.row.tokens[0];
  if (mine[1]) return s.row.tokens[1];
  return {};
}

void StateView::add_you(const GameSession& s, json& j, const std::string& token) const {
  if (token.empty()) return;
  const bool t0 = s.row.tokens[0] == token, t1 = s.row.tokens[1] == token;
  if (t0 && t1) j["you"] = "both";
  else if (t0) j["you"] = s.adapter->side_name(Side::First);
  else if (t1) j["you"] = s.adapter->side_name(Side::Second);
  // The creator of an online game gets its invite link back in any tab or device: a link
  // relative to the server ("/#/join/ID/TOKEN"), since a state does not know the host.
  const int c = s.row.creator;
  if (s.mode == Mode::online && (c == 0 || c == 1) && s.row.tokens[c] == token && !(t0 && t1) && !is_over(s))
    j["invite"] = "/#/join/" + s.row.id + "/" + s.row.tokens[1 - c];
}

json StateView::presence(const GameSession& s) const {
  if (s.mode != Mode::online) return nullptr;
  const std::int64_t now = clock_.now_ms();
  json out = json::object();
  for (int i = 0; i < 2; ++i) {
    const auto& seat = s.seats[i];
    out[s.adapter->side_name(static_cast<Side>(i))] = {
        {"connected", seat.everywhere() > 0},
        {"away_ms", seat.everywhere() > 0 ? 0 : std::max<std::int64_t>(now - seat.away_since, 0)}};
  }
  return out;
}

json StateView::rematch(const GameSession& s) {
  if (s.mode != Mode::online) return nullptr;
  return {{"offered_by", s.rematch_offer >= 0 ? json(s.adapter->side_name(static_cast<Side>(s.rematch_offer))) : json(nullptr)},
          {"game_id", s.row.next_game.empty() ? json(nullptr) : json(s.row.next_game)}};
}

json StateView::tournament(const GameSession& s) {
  if (s.row.tournament.empty()) return nullptr;
  return {{"id", s.row.tournament}, {"berserk", {(s.row.clock_cut & 1) != 0, (s.row.clock_cut & 2) != 0}}};
}

json StateView::chat_line(const GameSession& s, const storage::ChatLine& l) {
  return {{"seq", l.seq}, {"side", s.adapter->side_name(static_cast<Side>(l.side))}, {"text", l.text}, {"at", l.created_at}};
}

json StateView::chat(const GameSession& s) {
  json lines = json::array();
  for (const storage::ChatLine& l : s.chat.lines) lines.push_back(chat_line(s, l));
  return lines;
}

}  // namespace oyin::server
