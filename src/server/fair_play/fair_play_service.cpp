#include "server/fair_play/fair_play_service.h"

#include <algorithm>
#include <array>

#include "server/accounts/accounts.h"
#include "server/accounts/credentials.h"
#include "server/play/chat_text.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

constexpr std::int64_t kMinuteMs = 60'000;
constexpr std::int64_t kDayMs = 24 * 60 * kMinuteMs;
constexpr std::size_t kMaxReportChars = 500;
constexpr auto kReportReasons = std::to_array<std::string_view>({"cheating", "abuse", "chat", "stalling", "sandbagging", "other"});

Reply not_signed_in() { return Reply::error(401, "not_signed_in", "sign in first"); }

Reply store_error(const std::string& what) { return Reply::error(500, "server_error", what); }

}  // namespace

json bad_endings_json(const std::vector<storage::BadEnding>& list) {
  json out = json::array();
  for (const auto& b : list) out.push_back({{"game_id", b.game_id}, {"kind", b.kind}, {"at_ms", b.at_ms}});
  return out;
}

std::int64_t sit_threshold_ms(std::int64_t initial_ms) { return std::clamp<std::int64_t>(initial_ms / 10, 30'000, 180'000); }

std::int64_t ban_minutes(int count) {
  if (count < 2) return 0;
  std::int64_t m = kFirstBanMinutes;
  for (int i = 2; i < count && m < kMaxBanMinutes; ++i) m *= 3;
  return std::min(m, kMaxBanMinutes);
}

json report_json(const storage::Report& r) {
  json j{{"id", r.id},           {"reporter", r.reporter}, {"player", r.target},       {"reason", r.reason},
         {"text", r.text},       {"state", r.state},       {"created_at", r.created_at}, {"game_id", nullptr},
         {"chat_line", nullptr}, {"closed_by", nullptr},   {"outcome", nullptr}};
  if (!r.game_id.empty()) j["game_id"] = r.game_id;
  if (r.chat_seq) j["chat_line"] = {{"seq", *r.chat_seq}, {"text", r.chat_text}};
  if (r.state == "closed") {
    j["closed_by"] = r.closed_by;
    j["closed_at"] = r.closed_at;
    j["outcome"] = r.outcome;
  }
  return j;
}

FairPlayService::FairPlayService(storage::Db& db, Clock& clock) : store_(db), wall_(clock) {}

bool FairPlayService::blocked(std::int64_t a, std::int64_t b) {
  if (a == 0 || b == 0 || a == b) return false;
  auto r = store_.blocked_between(a, b);
  return r && *r;
}

std::optional<Reply> FairPlayService::pairing_refusal(std::int64_t user, std::int64_t other) {
  if (user == 0) return std::nullopt;  // a guest has no standing to lose (nor a ban to keep)
  const std::int64_t now = wall_.now_ms();
  auto until = store_.playban_until(user, now);
  if (!until) return store_error(until.error());
  if (*until) {
    const std::int64_t wait_ms = **until - now, wait_min = minutes_until(**until, now);
    auto recent = store_.bad_endings_since(user, now - kBadEndingWindowMs);
    const std::int64_t count = recent ? static_cast<std::int64_t>(recent->size()) : 0;
    return Reply::error(403, "playban",
                        "you cannot start games with other players for " + std::to_string(wait_min) +
                            " min: in the last 7 days you left " + std::to_string(count) +
                            " games or let the clock run out in lost positions; resign instead",
                        {{"until_ms", **until},
                         {"wait_s", (wait_ms + 999) / 1000},
                         {"wait_min", wait_min},
                         {"count", count}});
  }
  if (blocked(user, other)) return Reply::error(403, "blocked", "you cannot play this player");
  return std::nullopt;
}

std::optional<Reply> FairPlayService::chat_refusal(std::int64_t speaker, std::int64_t listener) {
  if (speaker == 0) return std::nullopt;
  if (accounts_) {
    const auto u = accounts_->user_by_id(speaker);
    const std::int64_t now = wall_.now_ms();
    if (u && u->muted_until_ms > now) {
      const std::int64_t wait_min = minutes_until(u->muted_until_ms, now);
      return Reply::error(403, "muted", "a moderator muted your chat for " + std::to_string(wait_min) + " min",
                          {{"until_ms", u->muted_until_ms}, {"wait_min", wait_min}});
    }
  }
  if (blocked(speaker, listener)) return Reply::error(403, "chat_blocked", "there is no chat between you and this player");
  return std::nullopt;
}

void FairPlayService::bad_ending(std::int64_t user, const std::string& game_id, const std::string& kind) {
  if (user == 0) return;
  const std::int64_t now = wall_.now_ms();
  auto added = store_.add_bad_ending(user, {game_id, kind, now});
  if (!added || !*added) return;  // noted already (another instance), or the store failed (logged)
  auto recent = store_.bad_endings_since(user, now - kBadEndingWindowMs);
  if (!recent) return;
  const int count = static_cast<int>(recent->size());
  const std::int64_t minutes = ban_minutes(count);
  const auto u = accounts_ ? accounts_->user_by_id(user) : std::nullopt;
  std::string name = u ? u->username : std::string("#");
  if (!u) name += std::to_string(user);  // (not "#" + to_string: GCC 12 warns falsely of an overlap there)
  const std::string what = kind == "left" ? "left game " : "let the clock run out in lost game ";
  if (minutes == 0) {
    (void)store_.audit({0, "", "server", "playban_warning", name, what + game_id + " (1 in 7 days)"});
    return;
  }
  (void)store_.add_playban(user, now, now + minutes * kMinuteMs, count,
                           {0, "", "server", "playban", name,
                            std::to_string(minutes) + " min: " + what + game_id + " (" + std::to_string(count) + " in 7 days)"});
  tell_lobby();  // the player's open seeks and challenges went
}

void FairPlayService::tell_lobby() {
  std::lock_guard lock(lobby_mutex_);
  if (lobby_changed_) lobby_changed_();
}

bool FairPlayService::is_fair_play_path(const std::vector<std::string>& parts) {
  return parts.size() >= 2 && parts[0] == "api" &&
         (parts[1] == "blocks" || parts[1] == "reports" || parts[1] == "playban" || parts[1] == "mod");
}

bool FairPlayService::route(const HttpRequest& req, const Target& t, const std::vector<std::string>& parts,
                            const json& body, const Respond& respond) {
  if (!is_fair_play_path(parts) || !accounts_) return false;
  const auto reply = [&](const Reply& r) { respond(json_response(r.status, r.body)); };
  const std::string& m = req.method;
  const std::size_t n = parts.size();
  const auto wrong_method = [&] { reply(Reply::error(405, "method_not_allowed", "method " + m + " is not allowed on " + t.path)); };
  const auto who = accounts_->user_of(req.cookie);
  if (parts[1] == "blocks") {
    if (n > 3) return false;
    if ((n == 2 && m != "GET" && m != "POST") || (n == 3 && m != "DELETE")) return wrong_method(), true;
    return reply(who ? blocks(m, parts, body, who->id) : not_signed_in()), true;
  }
  if (parts[1] == "reports") {
    if (n != 2) return false;
    if (m != "POST") return wrong_method(), true;
    return reply(who ? report(body, who->id) : not_signed_in()), true;
  }
  if (parts[1] == "playban") {
    if (n != 2) return false;
    if (m != "GET") return wrong_method(), true;
    return reply(who ? playban(who->id) : not_signed_in()), true;
  }
  if (!who) return reply(not_signed_in()), true;
  if (!who->moderator()) return reply(Reply::error(403, "not_moderator", "this is for moderators")), true;
  return reply(moderate(m, t, parts, body, *who)), true;
}

std::optional<storage::User> FairPlayService::user_named(const std::string& name) {
  if (!accounts::username_problem(name).empty()) return std::nullopt;  // no account has such a name
  auto u = accounts_->store().find_by_name(accounts::name_key(name));
  if (!u || !*u) return std::nullopt;
  return **u;
}

Reply FairPlayService::blocks(const std::string& method, const std::vector<std::string>& parts, const json& body,
                              std::int64_t user) {
  if (method == "POST" || method == "DELETE") {
    std::string name;
    if (method == "DELETE") {
      name = parts[2];
    } else {
      if (!body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
      auto field = string_field(body, "username");
      if (!field) return Reply::error(400, "field_type", field.error());
      name = *field;
    }
    const auto other = user_named(name);
    if (!other) return Reply::error(404, "no_such_player", "no player named '" + name + "'", {{"username", name}});
    if (other->id == user) return Reply::error(400, "block_self", "one cannot block oneself");
    if (auto s = method == "POST" ? store_.block(user, other->id) : store_.unblock(user, other->id); !s)
      return store_error(s.error());
  }
  auto list = store_.blocked_by(user);
  if (!list) return store_error(list.error());
  json out = json::array();
  for (const auto& b : *list) out.push_back({{"username", b.username}, {"since", b.since}});
  return {200, {{"blocked", out}}};
}

Reply FairPlayService::report(const json& body, std::int64_t user) {
  if (!body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto name = string_field(body, "username");
  if (!name) return Reply::error(400, "field_type", name.error());
  const auto reason = string_field(body, "reason");
  if (!reason) return Reply::error(400, "field_type", reason.error());
  if (std::find(kReportReasons.begin(), kReportReasons.end(), *reason) == kReportReasons.end())
    return Reply::error(400, "bad_reason", "reason must be one of cheating, abuse, chat, stalling, sandbagging, other");
  const auto raw = string_field(body, "text");
  if (!raw) return Reply::error(400, "field_type", raw.error());
  const std::string text = clean_chat_line(*raw);
  if (code_points(text) > kMaxReportChars)
    return Reply::error(400, "chat_too_long", "a report's text has at most 500 characters", {{"max", kMaxReportChars}});
  const auto game = string_field(body, "game_id");
  if (!game) return Reply::error(400, "field_type", game.error());
  const auto target = user_named(*name);
  if (!target) return Reply::error(404, "no_such_player", "no player named '" + *name + "'", {{"username", *name}});
  if (target->id == user) return Reply::error(400, "report_self", "one cannot report oneself");
  storage::Report r;
  r.reporter_id = user;
  r.target_id = target->id;
  r.reason = *reason;
  r.text = text;
  r.game_id = *game;
  if (body.contains("chat_seq") && !body["chat_seq"].is_null()) {
    const auto seq = int_field(body, "chat_seq", 0, 1'000'000, 0);
    if (!seq) return Reply::error(400, "bad_number", seq.error());
    // The line is copied as the store has it, and must be the reported player's own.
    auto line = r.game_id.empty() ? Result<std::optional<storage::FairPlayStore::ChatLineAuthor>>(std::nullopt)
                                  : store_.chat_line(r.game_id, static_cast<int>(*seq));
    if (!line) return store_error(line.error());
    if (!*line || (*line)->user_id != target->id)
      return Reply::error(404, "no_such_chat_line", "no chat line " + std::to_string(*seq) + " of " + target->username + " in that game");
    r.chat_seq = static_cast<int>(*seq);
    r.chat_text = (*line)->text;
  }
  const std::int64_t now = wall_.now_ms();
  auto made = store_.reports_since(user, now - kDayMs);
  if (!made) return store_error(made.error());
  if (*made >= kMaxReportsPerDay)
    return Reply::error(429, "too_many_reports", "at most 10 reports a day", {{"max", kMaxReportsPerDay}});
  r.created_ms = now;
  if (auto s = store_.add_report(r); !s) return store_error(s.error());
  return {201, {{"id", r.id}}};
}

Reply FairPlayService::playban(std::int64_t user) {
  const std::int64_t now = wall_.now_ms();
  auto until = store_.playban_until(user, now);
  if (!until) return store_error(until.error());
  auto recent = store_.bad_endings_since(user, now - kBadEndingWindowMs);
  if (!recent) return store_error(recent.error());
  const int count = static_cast<int>(recent->size());
  json j{{"banned", until->has_value()},
         {"until_ms", *until ? json(**until) : json(nullptr)},
         {"wait_s", *until ? json((**until - now + 999) / 1000) : json(nullptr)},
         {"bad_endings", bad_endings_json(*recent)},
         {"window_days", kBadEndingWindowMs / kDayMs},
         {"next_ban_minutes", ban_minutes(count + 1)}};
  return {200, j};
}

}  // namespace oyin::server
