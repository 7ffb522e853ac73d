#include "server/accounts/sign_in_limits.h"

namespace oyin::server::accounts {

namespace {

std::string name_and_client(const std::string& name_key, const std::string& client) {
  return "in:" + name_key + "|" + client;
}
std::string from_client(const std::string& client) { return "from:" + client; }
std::string of_name(const std::string& name_key) { return "name:" + name_key; }

}  // namespace

// Ended windows are dropped at most once a minute, by whichever request comes then.
void SignInLimits::prune(std::int64_t now) {
  std::int64_t last = last_prune_.load();
  if (now - last < 60 * 1000 || !last_prune_.compare_exchange_strong(last, now)) return;
  (void)attempts_.prune(now);  // a failure only leaves old rows for the next time
}

Result<SignInLimits::Attempt> SignInLimits::try_sign_in(const std::string& name_key, const std::string& client) {
  const std::int64_t now = clock_.now_ms();
  prune(now);
  auto known = accounts_.known_address(name_key, client);
  if (!known) return make_error(known.error());
  std::vector<storage::AttemptBudget> budgets{{name_and_client(name_key, client), kFailuresPerNameAndClient, kWindowMs},
                                              {from_client(client), kFailuresPerClient, kWindowMs}};
  if (!*known) budgets.push_back({of_name(name_key), kFailuresPerName, kNameWindowMs});
  auto wait = attempts_.take(std::move(budgets), now);
  if (!wait) return make_error(wait.error());
  return Attempt{*wait, !*known};
}

void SignInLimits::signed_in(const Attempt& a, const std::string& name_key, const std::string& client,
                             std::int64_t user_id) {
  // Failures here only leave a limit a little tighter for a while: not worth failing the sign-in.
  (void)attempts_.forget(name_and_client(name_key, client));
  (void)attempts_.give_back(from_client(client));
  if (a.name_counted) (void)attempts_.give_back(of_name(name_key));
  (void)accounts_.remember_address(user_id, client, clock_.now_ms());
}

Result<std::int64_t> SignInLimits::try_sign_up(const std::string& client) {
  const std::int64_t now = clock_.now_ms();
  prune(now);
  return attempts_.take({{"up:" + client, kSignUpsPerClient, kSignUpWindowMs}}, now);
}

}  // namespace oyin::server::accounts
