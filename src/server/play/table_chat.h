#pragma once
// The players' chat in an online game: a seat's line, cleaned and limited (kChatMaxChars code
// points, kChatBurst lines per seat in any kChatWindowMs), stored with the game and pushed as
// {"type": "chat", "lines": [...]} to the connections that want chat. A block between the two
// players or a mute stops it (FairPlayService). Runs with the session's lock held.
#include <cstdint>
#include <string>

#include "server/common/clock.h"
#include "server/common/reply.h"
#include "server/play/game_session.h"
#include "storage/chat_store.h"

namespace oyin::server {

class FairPlayService;

class TableChat {
 public:
  static constexpr std::size_t kChatMaxChars = 300;
  static constexpr int kChatBurst = 5;
  static constexpr std::int64_t kChatWindowMs = 10'000;
  TableChat(storage::ChatStore& chats, Clock& clock, FairPlayService* fair_play)
      : chats_(chats), clock_(clock), fair_play_(fair_play) {}
  // Seat `side`'s line `raw`: 200 {"line"} or the refusal.
  Reply say(GameSession& s, int side, const std::string& raw);

 private:
  storage::ChatStore& chats_;
  Clock& clock_;
  FairPlayService* fair_play_;
};

}  // namespace oyin::server
