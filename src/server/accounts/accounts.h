#pragma once
// Accounts on the server: sign up, sign in and out with a session cookie, the signed-in user of a
// request, the user's settings, a password change and signing out everywhere (the /api/account
// routes). Passwords are hashed with Argon2id (credentials.h) on threads of this service's own
// (hashing_queue.h), never on an I/O thread, and never kept or logged in clear; password guessing
// and sign-ups are limited in the store (sign_in_limits.h).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/hashing_queue.h"
#include "server/accounts/sign_in_limits.h"
#include "server/accounts/wall_clock.h"
#include "server/http/api.h"
#include "storage/account_store.h"

namespace oyin::server {

class AccountService {
 public:
  // A session ends kSessionIdleMs after its last use, and kSessionMaxMs after its sign-in
  // whatever the use; its use is written at most once a kTouchEveryMs, to keep writes rare.
  static constexpr std::int64_t kDayMs = 24LL * 60 * 60 * 1000;
  static constexpr std::int64_t kSessionIdleMs = 30 * kDayMs, kSessionMaxMs = 365 * kDayMs;
  static constexpr std::int64_t kTouchEveryMs = 60 * 60 * 1000;

  AccountService(storage::Db& db, Clock& clock);
  ~AccountService() { stop(); }
  // Waits for the password checks under way (before the store goes).
  void stop();

  // The user signed in by the oyin_session cookie of a Cookie header, if any.
  std::optional<storage::User> user_of(const std::string& cookie_header);
  std::optional<storage::User> user_by_id(std::int64_t id);
  storage::AccountStore& store() { return store_; }

  // /api/account and below (parts = the path's segments); false when the path is not its own.
  bool route(const HttpRequest& req, const std::vector<std::string>& parts, const json& body, const Respond& respond);

 private:
  // The answer to a sign-up whose name (its key or its look-alike skeleton) is taken; nullopt when free.
  std::optional<HttpResponse> name_taken(const std::string& name, const std::string& key, const std::string& skeleton);
  HttpResponse sign_up(const json& body, const std::string& client);
  HttpResponse sign_in(const json& body, const std::string& client);
  HttpResponse sign_out(const std::string& cookie_header);
  HttpResponse sign_out_everywhere(const std::string& cookie_header);
  HttpResponse change_password(const std::string& cookie_header, const json& body, const std::string& client);
  // The live session of the cookie (its use noted), with its token's hash.
  struct LiveSession {
    storage::User user;
    std::string token_hash;
  };
  std::optional<LiveSession> session_of(const std::string& cookie_header);
  // The live session of one token.
  std::optional<LiveSession> live_session(const std::string& token);
  HttpResponse settings(const std::string& cookie_header, const json& body);
  // 200/201 {"id","username"} with the cookie of a new session for `u`.
  HttpResponse with_new_session(int status, const storage::User& u);

  storage::AccountStore store_;
  accounts::WallClock wall_;
  accounts::SignInLimits limits_;
  // Two threads; sign-ups wait at most 8 deep and take one thread at most, so a check of a
  // password never waits for a sign-up's hash.
  accounts::HashingQueue hashing_{2, 64, 8};
};

// GET /api/account's body: {"id","username","created_at","chat","moderator","muted_until_ms"}
// (the end of a mute in force at `now_ms`, else null).
json account_json(const storage::User& u, std::int64_t now_ms);

}  // namespace oyin::server
