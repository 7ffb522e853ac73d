#pragma once
// The lobby's open challenges (seeks) in the store, so that every server instance on one
// database lists the same ones and an accept claims a seek exactly once (a conditional UPDATE
// that only one caller's statement can change). Quick-pairing requests and direct challenges
// are rows of the same table (`kind`), claimed the same way. Shares the game store's connections.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct Seek {
  std::string id;
  std::string token;  // the creator's secret: cancels it, and names it on the lobby socket
  std::string game;
  std::string rules;
  std::int64_t initial_s = 0;  // 0: untimed
  std::int64_t increment_s = 0;
  bool rated = false;
  std::string color;                  // the creator's: random, white or black
  std::optional<std::string> username;  // null for a guest
  std::int64_t user_id = 0;             // the account that posted it, 0 for a guest
  std::string kind = "seek";           // seek (listed), quick (play now) or challenge
  std::string speed;                   // the clock's speed class ("" untimed)
  std::int64_t to_user = 0;            // a challenge's account
  std::string to_username;
  std::int64_t created_ms = 0;         // the server's wall clock (Clock::wall_ms) when made
  // Open until then (wall clock): pushed on while a lobby socket of its creator is open.
  std::int64_t held_until_ms = 0;
  std::string owner;  // whom the per-client limits count: "user:<id>", or "addr:<address>" for a guest
  // Read with the row: the seeker's current rating for this game and speed (none yet: nullopt).
  std::optional<double> rating, rd;
  std::string state = "open";  // open, claimed, started or expired; a challenge may end declined
  std::string game_id;         // once started
  std::string creator_token;   // the creator's seat in that game
  std::string created_at;
};

class SeekStore {
 public:
  explicit SeekStore(Db& db) : db_(db) {}
  Db& db() { return db_; }

  // How many open rows of the new row's kind its owner may have (`own`), and for a challenge
  // how many to the same account (`to_same`); 0: any number.
  struct Limits {
    std::int64_t own = 0, to_same = 0;
  };
  enum class Refused { no, own, to_same };
  // Inserts `s` unless its owner is at a limit: counted and inserted under a lock on the owner,
  // so that racing requests, on any instance, stay within it.
  Result<Refused> insert(const Seek& s, const Limits& limits, std::int64_t now_ms);
  // `now_ms` (wall clock) in these: a row whose held_until_ms has passed is no longer open.
  // The listed ones (kind seek), newest first: old ones cannot push a new one off the list.
  Result<std::vector<Seek>> open_seeks(std::size_t limit, std::int64_t now_ms);
  // Open seeks and quick requests that a quick request with these terms may be paired with,
  // oldest first.
  Result<std::vector<Seek>> quick_candidates(const std::string& game, const std::string& rules, std::int64_t initial_s,
                                             std::int64_t increment_s, bool rated, std::int64_t now_ms);
  // Every open quick request, oldest first (the periodic pairing of those that wait).
  Result<std::vector<Seek>> open_quick(std::size_t limit, std::int64_t now_ms);
  // Open challenges to the account (`incoming`) or sent by it, newest first.
  Result<std::vector<Seek>> challenges_of(std::int64_t user_id, bool incoming, std::int64_t now_ms);
  Result<std::optional<Seek>> find(const std::string& id);
  Result<std::optional<Seek>> find_by_token(const std::string& token);
  // The rows with these tokens whose game started, or (a challenge) that were declined.
  Result<std::vector<Seek>> ended(const std::vector<std::string>& tokens);
  // Removes an open seek; false when there was none with this id and token.
  Result<bool> cancel(const std::string& id, const std::string& token);
  // The open rows with these tokens now last until `until_ms` (a lobby socket speaks for them);
  // expired ones stay expired.
  Status hold(const std::vector<std::string>& tokens, std::int64_t until_ms, std::int64_t now_ms);
  // Open rows whose time has passed -> expired (so that an accept can say so); how many.
  Result<std::int64_t> expire_lapsed(std::int64_t now_ms);
  // open -> claimed; true for exactly one caller.
  Result<bool> claim(const std::string& id, std::int64_t now_ms);
  // Both open -> claimed in one transaction, or neither; true for exactly one caller.
  Result<bool> claim_pair(const std::string& a, const std::string& b, std::int64_t now_ms);
  // An open challenge to `to_user` -> declined; whether there was one.
  Result<bool> decline(const std::string& id, std::int64_t to_user);
  // Removes an open row of `kind` that `user_id` made; whether there was one.
  Result<bool> cancel_own(const std::string& id, std::int64_t user_id, const std::string& kind);
  Status started(const std::string& id, const std::string& game_id, const std::string& creator_token);
  // A claimed seek whose game could not be made is dropped.
  Status drop(const std::string& id);
  // Tells every instance listening on `channel` that the seeks changed (PostgreSQL; nothing on SQLite).
  Status announce(const std::string& channel);

 private:
  Db& db_;
};

}  // namespace oyin::storage
