// The moderators' routes (/api/mod/...): the reports, a player's standing, mute, close and
// reopen an account, and the audit log. Each action is written with its audit entry in one
// transaction (storage/fair_play_store.h). A moderator cannot act on another moderator: that is
// the operator's (`oyin admin`).
#include <limits>

#include "server/accounts/accounts.h"
#include "server/fair_play/fair_play_service.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

constexpr std::int64_t kMinuteMs = 60'000;

Reply store_error(const std::string& what) { return Reply::error(500, "server_error", what); }

}  // namespace

Reply FairPlayService::moderate(const std::string& m, const Target& t, const std::vector<std::string>& parts,
                                const json& body, const storage::User& moderator) {
  const std::size_t n = parts.size();
  const auto wrong_method = [&] { return Reply::error(405, "method_not_allowed", "method " + m + " is not allowed on " + t.path); };
  if (n == 3 && parts[2] == "reports") {
    if (m != "GET") return wrong_method();
    const std::string state = t.param("state").empty() ? "open" : t.param("state");
    if (state != "open" && state != "closed") return Reply::error(400, "bad_request", "state must be open or closed");
    auto list = store_.reports(state, 200);
    if (!list) return store_error(list.error());
    json out = json::array();
    for (const auto& r : *list) out.push_back(report_json(r));
    return {200, {{"reports", out}}};
  }
  if (n == 5 && parts[2] == "reports" && parts[4] == "close") {
    if (m != "POST") return wrong_method();
    const auto id = int_param("id", parts[3], 1, std::numeric_limits<std::int64_t>::max(), 0);
    const auto missing = Reply::error(404, "no_such_report", "no open report " + parts[3]);
    if (!id) return missing;
    if (!body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
    const auto outcome = string_field(body, "outcome");
    if (!outcome) return Reply::error(400, "field_type", outcome.error());
    auto closed = store_.close_report(*id, moderator.username, *outcome);
    if (!closed) return store_error(closed.error());
    if (!*closed) return missing;
    return {200, json::object()};
  }
  if (n == 3 && parts[2] == "audit") {
    if (m != "GET") return wrong_method();
    const auto before = int_param("before", t.param("before"), 0, std::numeric_limits<std::int64_t>::max(), 0);
    if (!before) return Reply::error(400, "bad_number", before.error());
    const auto limit = int_param("limit", t.param("limit"), 1, 500, 100);
    if (!limit) return Reply::error(400, "bad_number", limit.error());
    auto log = store_.audit_log(static_cast<int>(*limit), *before);
    if (!log) return store_error(log.error());
    json out = json::array();
    for (const auto& e : *log)
      out.push_back({{"id", e.id}, {"at", e.at}, {"actor", e.actor}, {"action", e.action}, {"target", e.target}, {"detail", e.detail}});
    return {200, {{"entries", out}}};
  }
  if ((n == 4 || n == 5) && parts[2] == "players") {
    const auto target = user_named(parts[3]);
    if (!target) return Reply::error(404, "no_such_player", "no player named '" + parts[3] + "'", {{"username", parts[3]}});
    if (n == 4) return m == "GET" ? player_standing(*target) : wrong_method();
    if (m != "POST") return wrong_method();
    if (parts[4] != "mute" && parts[4] != "close" && parts[4] != "reopen")
      return Reply::error(404, "not_found", "no API endpoint " + t.path);
    return act_on_player(parts[4], body, *target, moderator);
  }
  return Reply::error(404, "not_found", "no API endpoint " + t.path);
}

Reply FairPlayService::player_standing(const storage::User& u) {
  const std::int64_t now = wall_.now_ms();
  auto until = store_.playban_until(u.id, now);
  if (!until) return store_error(until.error());
  auto recent = store_.bad_endings_since(u.id, now - kBadEndingWindowMs);
  if (!recent) return store_error(recent.error());
  return {200,
          {{"username", u.username},
           {"moderator", u.moderator()},
           {"muted_until_ms", u.muted_until_ms > now ? json(u.muted_until_ms) : json(nullptr)},
           {"closed_at", u.closed() ? json(u.closed_at) : json(nullptr)},
           {"playban_until_ms", *until ? json(**until) : json(nullptr)},
           {"bad_endings", bad_endings_json(*recent)}}};
}

Reply FairPlayService::act_on_player(const std::string& action, const json& body, const storage::User& target,
                                     const storage::User& moderator) {
  if (target.moderator()) return Reply::error(403, "moderator_target", "a moderator's account is the operator's to change");
  if (!body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto reason = string_field(body, "reason");
  if (!reason) return Reply::error(400, "field_type", reason.error());
  storage::AuditEntry why{0, "", moderator.username, action, target.username, *reason};
  Status done = Ok{};
  if (action == "mute") {
    // 0 minutes lifts a mute.
    const auto minutes = int_field(body, "minutes", 0, kMaxMuteMinutes, 60);
    if (!minutes) return Reply::error(400, "bad_number", minutes.error());
    if (*minutes == 0) why.action = "unmute";
    else why.detail = std::to_string(*minutes) + " min" + (reason->empty() ? "" : ": " + *reason);
    done = store_.set_muted_until(target.id, *minutes == 0 ? 0 : wall_.now_ms() + *minutes * kMinuteMs, why);
  } else if (action == "close") {
    why.action = "close_account";
    done = store_.close_account(target.id, why);
    if (done) tell_lobby();  // its seeks and the challenges to it went
  } else {
    why.action = "reopen_account";
    done = store_.reopen_account(target.id, why);
  }
  if (!done) return store_error(done.error());
  const auto now_user = user_named(target.username);
  return player_standing(now_user ? *now_user : target);
}

}  // namespace oyin::server
