#include "server/play/table_chat.h"

#include <algorithm>

#include "server/fair_play/fair_play_service.h"
#include "server/play/broadcaster.h"
#include "server/play/chat_text.h"
#include "server/play/state_view.h"

namespace oyin::server {

Reply TableChat::say(GameSession& s, int side, const std::string& raw) {
  if (fair_play_)
    if (auto refused = fair_play_->chat_refusal(s.row.users[side], s.row.users[1 - side])) return *refused;
  const std::string text = clean_chat_line(raw);
  if (text.empty()) return Reply::error(400, "chat_empty", "the chat line is empty");
  if (code_points(text) > kChatMaxChars)
    return Reply::error(400, "chat_too_long", "a chat line has at most " + std::to_string(kChatMaxChars) + " characters",
                        {{"max", kChatMaxChars}});
  const std::int64_t now = clock_.now_ms();
  auto& times = s.chat.times[side];
  std::erase_if(times, [&](std::int64_t t) { return now - t >= kChatWindowMs; });
  if (static_cast<int>(times.size()) >= kChatBurst) {
    const std::int64_t wait = kChatWindowMs - (now - times.front());
    return Reply::error(429, "chat_rate_limited", "too many chat lines; wait a few seconds",
                        {{"wait_ms", wait}, {"wait_s", (wait + 999) / 1000}});
  }
  storage::ChatLine line{static_cast<int>(s.chat.lines.empty() ? 0 : s.chat.lines.back().seq + 1), side, text, {}};
  if (auto r = chats_.add(s.row.id, line); !r) return Reply::error(500, "server_error", r.error());
  times.push_back(now);
  s.chat.lines.push_back(line);
  const nlohmann::json one = StateView::chat_line(s, line);
  Broadcaster::send(s, nlohmann::json{{"type", "chat"}, {"lines", nlohmann::json::array({one})}}.dump(), /*chat=*/true);
  return {200, {{"line", one}}};
}

}  // namespace oyin::server
