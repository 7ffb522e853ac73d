#pragma once
// Limits on password guessing and on sign-ups, kept in the store (storage/attempt_store.h) so
// that they hold across restarts and across instances. A sign-in is counted before its password
// is checked, and given back when it succeeds, against:
//   - the name from this address: kFailuresPerNameAndClient in kWindowMs;
//   - this address, whatever the names: kFailuresPerClient in kWindowMs;
//   - the name from anywhere: kFailuresPerName in kNameWindowMs, a slower budget against guesses
//     spread over many addresses; not counted from an address the account has signed in from
//     before, so that a storm of guesses elsewhere never locks the owner out at home.
// So guessing from one address is slow, and no one else's guesses refuse the owner's password.
// Sign-ups: kSignUpsPerClient per address in kSignUpWindowMs.
#include <atomic>
#include <cstdint>
#include <string>

#include "core/result.h"
#include "server/accounts/wall_clock.h"
#include "storage/account_store.h"
#include "storage/attempt_store.h"

namespace oyin::server::accounts {

class SignInLimits {
 public:
  static constexpr int kFailuresPerNameAndClient = 5;
  static constexpr int kFailuresPerClient = 20;
  static constexpr std::int64_t kWindowMs = 15 * 60 * 1000;
  static constexpr int kFailuresPerName = 50;
  static constexpr std::int64_t kNameWindowMs = 60 * 60 * 1000;
  static constexpr int kSignUpsPerClient = 5;
  static constexpr std::int64_t kSignUpWindowMs = 60 * 60 * 1000;

  SignInLimits(storage::Db& db, storage::AccountStore& accounts, WallClock& clock)
      : attempts_(db), accounts_(accounts), clock_(clock) {}

  // A sign-in (or a check of the current password) as `name_key` from `client`, counted now.
  struct Attempt {
    std::int64_t wait_ms = 0;  // 0: go on and check the password; else refused for this long
    bool name_counted = false;
  };
  Result<Attempt> try_sign_in(const std::string& name_key, const std::string& client);
  // The password was right: the attempt is given back, the name's failures from this address
  // forgotten, and the address noted as the account's.
  void signed_in(const Attempt& a, const std::string& name_key, const std::string& client, std::int64_t user_id);
  // A sign-up from `client`, counted now: 0, or the milliseconds to wait.
  Result<std::int64_t> try_sign_up(const std::string& client);

 private:
  void prune(std::int64_t now);

  storage::AttemptStore attempts_;
  storage::AccountStore& accounts_;
  WallClock& clock_;
  std::atomic<std::int64_t> last_prune_{0};
};

}  // namespace oyin::server::accounts
