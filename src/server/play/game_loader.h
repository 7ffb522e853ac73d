#pragma once
// A game read from the store and replayed, and read again when another instance on the same
// database changed it: the stale answers of a write that lost the race come from here too.
// Called with the session's lock held (or on a session nobody else has yet).
#include <string>

#include "server/common/clock.h"
#include "server/common/reply.h"
#include "server/play/analysis_gate.h"
#include "server/play/game_session.h"
#include "storage/chat_store.h"
#include "storage/game_store.h"

namespace oyin::server {

class GameLoader {
 public:
  GameLoader(storage::GameStore& store, storage::ChatStore& chats, Clock& clock, AnalysisGate& gate)
      : store_(store), chats_(chats), clock_(clock), gate_(gate) {}
  // Reads game `id` into `s`: the error, or "" when it is ready.
  std::string load(GameSession& s, const std::string& id);
  // Reads the game again into `s`, for a change another instance made; false if that failed.
  bool reload(GameSession& s);
  // Whether the store has moves this copy lacks (another instance's, whose notification is on
  // its way); if so the game has been read again.
  bool caught_up(GameSession& s);
  // The answer to a change the store refused because another instance changed the game first
  // (the game is read again; a seat action tries once more before it answers this).
  static Reply stale_reply(const GameSession& s);
  Reply stale_or_error(GameSession& s, const Result<bool>& written);

 private:
  storage::GameStore& store_;
  storage::ChatStore& chats_;
  Clock& clock_;
  AnalysisGate& gate_;
};

}  // namespace oyin::server
