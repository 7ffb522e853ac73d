#pragma once
// The lobby: open challenges (seeks) kept in the store (storage/seek_store.h), listed live to
// every lobby WebSocket, and accepted exactly once. The acceptor gets the new game's seat in
// the answer; the creator hears of it on its lobby socket (a socket that said hello with the
// seek's token). A seek whose creator has had no lobby socket for kSeekGraceMs expires (the
// socket may be on another instance: the seek's row says whether one holds it).
//
// Several instances on one PostgreSQL: each change is announced on kChannel, and every
// instance then pushes the list again and passes started games on to the creators it holds.
// (A two-instance test found that other instances' sockets get no push yet: see README, Lobby.)
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/clock.h"
#include "server/game_service.h"
#include "storage/seek_store.h"

namespace oyin::server {

inline constexpr std::int64_t kSeekGraceMs = 30'000;  // a creator's lobby socket gone this long ends its seek
inline constexpr std::size_t kMaxListedSeeks = 200;

class LobbyService {
 public:
  // `db_url`: the store's PostgreSQL URL to listen on (ignored for a SQLite file).
  LobbyService(storage::SeekStore& seeks, GameService& games, Clock& clock, const std::string& db_url);
  ~LobbyService();

  // `user`/`username`: the signed-in account of the request (0 and "" for a guest); a rated
  // seek needs one, and the game it starts seats the two accounts.
  Reply create(const json& request, std::int64_t user = 0, const std::string& username = "");
  Reply list();
  Reply cancel(const std::string& id, const json& request);
  Reply accept(const std::string& id, const json& request, std::int64_t user = 0);

  // A lobby socket: gets the list now and on every change.
  void subscribe(const std::shared_ptr<Subscriber>& sub);
  // {"type": "hello", "seek_tokens": [...]}: the socket speaks for these seeks.
  void hello(const std::shared_ptr<Subscriber>& sub, const std::vector<std::string>& tokens);
  void leave(Subscriber* sub);

 private:
  struct Socket {
    std::weak_ptr<Subscriber> sub;
    std::set<std::string> tokens;     // seeks it created
    std::set<std::string> delivered;  // game ids it was told of
  };
  json seeks_json();
  // The seeks changed (here or, on PostgreSQL, anywhere): push the list, pass on started games.
  void changed();
  void deliver_started();
  void announce();
  // The token's seek expires at now + kSeekGraceMs unless a socket speaks for it by then.
  void arm_expiry_locked(const std::string& token);

  storage::SeekStore& seeks_;
  GameService& games_;
  Clock& clock_;
  // Timers run only while this says alive (the destructor ends that, waiting for one running).
  struct Life {
    std::mutex m;
    bool alive = true;
  };
  std::shared_ptr<Life> life_ = std::make_shared<Life>();
  std::mutex mutex_;
  std::unordered_map<Subscriber*, Socket> sockets_;
  std::unordered_map<std::string, std::uint64_t> expiry_;  // token -> timer
  std::jthread listener_;
};

}  // namespace oyin::server
