#pragma once
// Something that wants a stream of pushes (a WebSocket following a game or the lobby).
#include <string>

namespace oyin::server {

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Must not block.
  virtual void send_text(std::string text) = 0;
  // False for the connection of an account that switched chat off: no chat lines go to it.
  virtual bool wants_chat() const { return true; }
};

}  // namespace oyin::server
