// GameService at the table: the players' chat, the rematch, and the guard that keeps the
// engine's analysis away from online games being played. Lives beside game_service.cpp, whose
// Session it shares.
#include <algorithm>

#include "server/play/chat_text.h"
#include "server/common/error_codes.h"
#include "server/fair_play/fair_play_service.h"
#include "server/play/game_service.h"
#include "server/play/game_session.h"
#include "server/common/random_token.h"
#include "server/common/request_json.h"

namespace oyin::server {


json GameService::chat_json(const Session& s) const {
  json lines = json::array();
  for (const storage::ChatLine& l : s.chat)
    lines.push_back({{"seq", l.seq}, {"side", s.adapter->side_name(static_cast<Side>(l.side))}, {"text", l.text}, {"at", l.created_at}});
  return lines;
}

json GameService::table_json(const Session& s) const {
  if (s.mode != Mode::online) return nullptr;
  return {{"offered_by", s.rematch_offer >= 0 ? json(s.adapter->side_name(static_cast<Side>(s.rematch_offer))) : json(nullptr)},
          {"game_id", s.row.next_game.empty() ? json(nullptr) : json(s.row.next_game)}};
}

void GameService::note_position(const Session& s) {
  // Online games between people, and rated games against the computer (a rating is at stake).
  const bool guarded = s.mode == Mode::online || (s.mode == Mode::ai && s.row.rated);
  if (guarded && s.state->ply() >= kGuardFromPly && !verdict(*s.state, s.row).over)
    guard_.set(s.row.id, s.row.game + "\n" + s.state->identity());
  else
    guard_.clear(s.row.id);
}

std::optional<Reply> GameService::analysis_refusal(const json& req, const GameState& position) {
  const auto refuse = [] {
    return Reply::error(403, "analysis_in_play",
                        "no analysis of an online or rated game while it is being played; it is open once the game is over");
  };
  // The position as a position: the same board with another move number, or a capture Go board
  // turned or mirrored, is the same question to the engine.
  if (guard_.guarded(position.game() + "\n" + position.identity())) return refuse();
  const auto game_id = string_field(req, "game_id");
  const auto token = string_field(req, "token");
  if (!game_id || !token || game_id->empty() || token->empty()) return std::nullopt;
  std::shared_ptr<Session> s = loaded_session(*game_id);
  if (!s) return std::nullopt;  // not in memory: the position check above is what is left
  std::lock_guard lock(s->m);
  if ((s->mode == Mode::online || (s->mode == Mode::ai && s->row.rated)) && !verdict(*s->state, s->row).over &&
      (s->row.tokens[0] == *token || s->row.tokens[1] == *token))
    return refuse();
  return std::nullopt;
}

Reply GameService::chat(const std::string& id, const std::string& given, const std::string& raw, std::int64_t user) {
  auto found = find(id);
  if (!found) return Reply::error(404, "no_such_game", found.error(), {{"id", id}});
  const std::shared_ptr<Session>& s = *found;
  std::lock_guard lock(s->m);
  const std::string token = seat_token(*s, given, user);
  if (s->mode != Mode::online) return Reply::error(409, "chat_not_allowed", "chat is for online games between people");
  const int side = token.empty() ? -1 : s->row.tokens[0] == token ? 0 : s->row.tokens[1] == token ? 1 : -1;
  if (side < 0) return Reply::error(403, "no_seat", "this token holds no seat in game " + id);
  if (opt_.fair_play)
    if (auto refused = opt_.fair_play->chat_refusal(s->row.users[side], s->row.users[1 - side])) return *refused;
  const std::string text = clean_chat_line(raw);
  if (text.empty()) return Reply::error(400, "chat_empty", "the chat line is empty");
  if (code_points(text) > kChatMaxChars)
    return Reply::error(400, "chat_too_long", "a chat line has at most " + std::to_string(kChatMaxChars) + " characters",
                        {{"max", kChatMaxChars}});
  // At most kChatBurst lines in any kChatWindowMs, per seat.
  const std::int64_t now = clock_.now_ms();
  auto& times = s->chat_times[side];
  std::erase_if(times, [&](std::int64_t t) { return now - t >= kChatWindowMs; });
  if (static_cast<int>(times.size()) >= kChatBurst) {
    const std::int64_t wait = kChatWindowMs - (now - times.front());
    return Reply::error(429, "chat_rate_limited", "too many chat lines; wait a few seconds",
                        {{"wait_ms", wait}, {"wait_s", (wait + 999) / 1000}});
  }
  storage::ChatLine line{static_cast<int>(s->chat.empty() ? 0 : s->chat.back().seq + 1), side, text, {}};
  if (auto r = chats_.add(id, line); !r) return Reply::error(500, "server_error", r.error());
  times.push_back(now);
  s->chat.push_back(line);
  const json one{{"seq", line.seq}, {"side", s->adapter->side_name(static_cast<Side>(side))}, {"text", line.text}, {"at", line.created_at}};
  const std::string push = json{{"type", "chat"}, {"lines", json::array({one})}}.dump();
  std::erase_if(s->subscribers, [&](const std::weak_ptr<Subscriber>& w) {
    auto sub = w.lock();
    if (!sub) return true;
    if (sub->wants_chat()) sub->send_text(push);
    return false;
  });
  return {200, {{"line", one}}};
}

std::optional<Reply> GameService::rematch_action(Session& s, int side) {
  if (s.mode != Mode::online)
    return Reply::error(409, "rematch_not_allowed", "a rematch is for online games between people");
  if (!verdict(*s.state, s.row).over) return Reply::error(409, "rematch_not_allowed", "the game is still being played");
  if (!s.row.next_game.empty()) return std::nullopt;  // agreed already: the state names it
  // A rematch is a new pairing: a player banned from pairing, or a block between the two, stops it.
  if (opt_.fair_play) {
    if (auto refused = opt_.fair_play->pairing_refusal(s.row.users[side], s.row.users[1 - side])) return refused;
    if (opt_.fair_play->pairing_refusal(s.row.users[1 - side]))
      return Reply::error(409, "rematch_not_allowed", "the other player cannot start games now");
  }
  if (s.rematch_offer != 1 - side) {
    s.rematch_offer = side;
    ++s.version;
    return std::nullopt;
  }
  // Both agree: the same game, rules and clock with the colours swapped; each player keeps
  // the token they hold, now for the other seat.
  storage::StoredGame next;
  next.id = random_token();
  next.game = s.row.game;
  next.rules = s.row.rules;
  next.start_position = s.row.start_position;
  next.mode = s.row.mode;
  next.level = s.row.level;
  next.tokens[0] = s.row.tokens[1];
  next.tokens[1] = s.row.tokens[0];
  next.creator = s.row.creator >= 0 ? 1 - s.row.creator : -1;
  // The same players (each in the other seat) and the same stakes.
  next.users[0] = s.row.users[1];
  next.users[1] = s.row.users[0];
  next.rated = s.row.rated;
  next.clock_initial_ms = s.row.clock_initial_ms;
  next.clock_increment_ms = s.row.clock_increment_ms;
  if (auto r = store_.insert_game(next); !r) return Reply::error(500, "server_error", r.error());
  if (auto r = store_.set_next_game(s.row.id, next.id); !r) return Reply::error(500, "server_error", r.error());
  s.row.next_game = next.id;
  s.rematch_offer = -1;
  ++s.version;
  return std::nullopt;
}

}  // namespace oyin::server
