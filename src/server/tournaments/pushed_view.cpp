#include "server/tournaments/pushed_view.h"

#include <algorithm>
#include <set>

#include "server/common/request_json.h"

namespace oyin::server::tournaments {

using json = nlohmann::json;

namespace {

void keep_first(json& list, std::size_t n) {
  if (list.is_array() && list.size() > n) list.erase(list.begin() + static_cast<std::ptrdiff_t>(n), list.end());
}

void keep_last(json& list, std::size_t n) {
  if (list.is_array() && list.size() > n) list.erase(list.begin(), list.end() - static_cast<std::ptrdiff_t>(n));
}

std::size_t size_of(const json& j, const char* key) {
  return j.contains(key) && j[key].is_array() ? j[key].size() : 0;
}

}  // namespace

json pushed_head(json full) {
  full["standings_total"] = size_of(full, "standings");
  full["entrants_total"] = size_of(full, "entrants");
  full["pairings_total"] = size_of(full, "pairings");
  if (full.contains("standings")) keep_first(full["standings"], kPushedStandings);
  if (full.contains("pairings")) keep_last(full["pairings"], kPushedPairings);
  if (full.value("status", "") == "created") return full;
  std::set<std::string> shown;
  for (const json& s : full.value("standings", json::array())) shown.insert(s.value("username", ""));
  if (full.contains("sheets") && full["sheets"].is_object())
    for (auto it = full["sheets"].begin(); it != full["sheets"].end();)
      it = shown.count(it.key()) ? std::next(it) : full["sheets"].erase(it);
  if (full.contains("entrants") && full["entrants"].is_array()) {
    json kept = json::array();
    for (json& e : full["entrants"])
      if (shown.count(e.value("username", ""))) kept.push_back(std::move(e));
    full["entrants"] = std::move(kept);
  }
  return full;
}

json own_lines(const json& full, const json& head, const std::string& username) {
  if (username.empty()) return nullptr;
  const auto named = [&](const json& j) { return j.value("username", "") == username; };
  const auto in = [](const json& list, const json& item) {
    return list.is_array() && std::find(list.begin(), list.end(), item) != list.end();
  };
  json me{{"standing", nullptr}, {"sheet", nullptr}, {"entrant", nullptr}, {"pairing", nullptr}};
  bool any = false;
  const json none = json::array();
  const json& standings = full.contains("standings") ? full["standings"] : none;
  if (auto s = std::find_if(standings.begin(), standings.end(), named);
      s != standings.end() && !in(head.value("standings", none), *s)) {
    me["standing"] = *s;
    if (full.contains("sheets") && full["sheets"].contains(username)) me["sheet"] = full["sheets"][username];
    any = true;
  }
  const json& entrants = full.contains("entrants") ? full["entrants"] : none;
  if (auto e = std::find_if(entrants.begin(), entrants.end(), named);
      e != entrants.end() && !in(head.value("entrants", none), *e)) {
    me["entrant"] = *e;
    any = true;
  }
  // The player's game being played, when newer pairings have pushed it out of the head.
  const json& pairings = full.contains("pairings") ? full["pairings"] : none;
  for (auto p = pairings.rbegin(); p != pairings.rend(); ++p)
    if ((p->value("white", json()) == username || p->value("black", json()) == username) && (*p)["result"].is_null() &&
        p->contains("game_id") && !(*p)["game_id"].is_null()) {
      if (!in(head.value("pairings", none), *p)) me["pairing"] = *p, any = true;
      break;
    }
  return any ? me : json(nullptr);
}

std::string push_message(const std::string& head_text, const json& me) {
  std::string out = R"({"type":"tournament","me":)";
  out += wire_text(me);
  out += R"(,"tournament":)";
  out += head_text;
  out += '}';
  return out;
}

}  // namespace oyin::server::tournaments
