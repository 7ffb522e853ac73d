#pragma once
// Games being played on the server: seats and tokens, moves checked by the rules, every change
// committed to the store before it is acknowledged, pushed to every subscriber, and the
// computer's replies computed on the worker pool (never on an I/O thread).
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/registry/registry.h"
#include "search/engine.h"
#include "storage/game_store.h"

namespace oyin::server {

using nlohmann::json;

// What a handler answers: an HTTP status and a JSON body (errors are {"error": "..."}).
struct Reply {
  int status = 200;
  json body;
  static Reply error(int status, std::string message) { return {status, json{{"error", std::move(message)}}}; }
};

// Something that wants every state change of a game (a WebSocket); send_text must not block.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void send_text(std::string text) = 0;
};

class GameService {
 public:
  // At most `max_cached` games are kept in memory beyond those in use (all are in the store).
  GameService(storage::GameStore& store, boost::asio::thread_pool& workers, std::size_t max_cached = 4096);
  ~GameService();

  json meta() const;
  // `base_url` is "http://host:port", used for the invite link.
  Reply create(const json& request, const std::string& base_url);
  Reply get(const std::string& id, const std::string& token);
  // The boards after plies from..to (inclusive, at most kMaxBoardsPerRequest), as state's "board".
  static constexpr std::size_t kMaxBoardsPerRequest = 500;
  Reply boards(const std::string& id, std::size_t from, std::size_t to);
  Reply move(const std::string& id, const std::string& move, const std::string& token);
  Reply resign(const std::string& id, const std::string& token);
  Reply undo(const std::string& id, const std::string& token);
  Reply draw(const std::string& id, const std::string& token);
  Reply list(std::size_t offset, std::size_t limit);
  Reply import(const json& request);
  // The record file (PGN or SGF); on success body is {"format", "text", "filename"}.
  Reply record(const std::string& id);
  // Registers `sub` for pushes and returns the current state (or an error).
  Reply subscribe(const std::string& id, std::weak_ptr<Subscriber> sub, const std::string& token);
  // Blocks until no computer move is being computed (for a clean shutdown).
  void stop_all();
  std::size_t cached_games();

 private:
  struct Session;
  Result<std::shared_ptr<Session>> find(const std::string& id);
  json state_json(const Session& s, const std::string& token) const;
  void broadcast(Session& s);
  void maybe_start_ai(const std::shared_ptr<Session>& s);
  Reply apply_move(Session& s, const std::string& move);
  std::string persist_error(Session& s);
  void evict_idle_locked();

  storage::GameStore& store_;
  boost::asio::thread_pool& workers_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Session>> sessions_;
  std::size_t max_cached_;
  std::atomic<bool> stopping_{false};
  std::atomic<int> ai_running_{0};
};

}  // namespace oyin::server
