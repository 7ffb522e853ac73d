#pragma once
// Accounts and their sign-in sessions (schema 3), on the game store's connections (storage::Db).
// The store keeps what it is given: a password arrives here already hashed (Argon2id, by the
// server's accounts code) and a session as the hash of its token, never the token itself.
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct User {
  std::int64_t id = 0;
  std::string username;       // as registered (case kept)
  std::string password_hash;  // libsodium's crypto_pwhash_str text
  bool chat = true;           // the user's setting: show in-game chat
  std::string created_at;     // UTC, ISO 8601
  // Fair play (storage/fair_play_store.h): "moderator" or ""; chat muted until this Unix ms
  // (0: never muted); closed by a moderator (no sign-in, no play), when ("" while open).
  std::string role;
  std::int64_t muted_until_ms = 0;
  std::string closed_at;
  bool closed() const { return !closed_at.empty(); }
  bool moderator() const { return role == "moderator"; }
};

// A sign-in session: its account, and when it began and was last used (Unix ms; 0 for a session
// from before these were kept, which has only `created_at`).
struct Session {
  User user;
  std::string created_at;
  std::int64_t created_ms = 0, last_seen_ms = 0;
};

class AccountStore {
 public:
  explicit AccountStore(Db& db) : db_(db) {}

  // A new user; nullopt when the name is taken: names are unique by `name_key` (the lower-case
  // name) and by `name_skeleton` (look-alike letters made one: server/accounts/user_names.h).
  Result<std::optional<User>> create_user(const std::string& username, const std::string& name_key,
                                          const std::string& name_skeleton, const std::string& password_hash);
  Result<std::optional<User>> find_by_name(const std::string& name_key);
  // The user whose name looks like one with this skeleton.
  Result<std::optional<User>> find_by_skeleton(const std::string& name_skeleton);
  Result<std::optional<User>> find_by_id(std::int64_t id);
  Status set_chat(std::int64_t user_id, bool chat);

  // Notes that `user_id` signed in from `address` (Unix ms); an account keeps its
  // kKnownAddresses most recent ones.
  static constexpr int kKnownAddresses = 10;
  Status remember_address(std::int64_t user_id, const std::string& address, std::int64_t now_ms);
  // Whether the account named `name_key` has signed in from `address`.
  Result<bool> known_address(const std::string& name_key, const std::string& address);

  Status add_session(const std::string& token_hash, std::int64_t user_id, std::int64_t now_ms);
  Result<std::optional<Session>> find_session(const std::string& token_hash);
  // Notes a use of the session at `now_ms` (and its start, for a session from before that was kept).
  Status touch_session(const std::string& token_hash, std::int64_t now_ms);
  // Ends the account's sessions last used before `last_seen_before` or begun before `created_before`.
  Status drop_expired_sessions(std::int64_t user_id, std::int64_t last_seen_before, std::int64_t created_before);
  Status drop_session(const std::string& token_hash);
  // Ends every session of the account.
  Status drop_sessions(std::int64_t user_id);
  // The account's new password hash and the end of its sessions but `keep_token_hash`, at once.
  Status change_password(std::int64_t user_id, const std::string& password_hash, const std::string& keep_token_hash);

 private:
  Db& db_;
};

}  // namespace oyin::storage
