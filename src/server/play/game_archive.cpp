#include "server/play/game_archive.h"

#include <algorithm>
#include <cctype>
#include <limits>

#include "registry/registry.h"
#include "server/common/random_token.h"
#include "server/common/request_json.h"
#include "server/play/game_service.h"

namespace oyin::server {

std::vector<std::pair<std::string, std::string>> stored_tags(const storage::StoredGame& row) {
  std::vector<std::pair<std::string, std::string>> out;
  if (row.record_tags.empty()) return out;
  const json tags = json::parse(row.record_tags, nullptr, false);
  if (!tags.is_array()) return out;
  for (const auto& t : tags)
    if (t.is_array() && t.size() == 2 && t[0].is_string() && t[1].is_string()) out.emplace_back(t[0], t[1]);
  return out;
}

json record_json(const storage::StoredGame& row, const GameAdapter& game) {
  const auto tags = stored_tags(row);
  if (tags.empty()) return nullptr;
  const auto tag = [&](const std::string& key) {
    for (const auto& [k, v] : tags)
      if (k == key && v != "?") return v;
    return std::string();
  };
  json players = json::object();
  for (const Side side : {Side::First, Side::Second}) {
    std::string key = game.side_name(side);  // the record names the sides' players "White", "Black"
    if (!key.empty()) key[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(key[0])));
    if (const std::string name = tag(key); !name.empty()) players[game.side_name(side)] = name;
  }
  return {{"event", tag("Event")}, {"site", tag("Site")}, {"date", tag("Date")}, {"round", tag("Round")},
          {"players", std::move(players)}};
}

Reply GameArchive::list(std::size_t offset, std::size_t limit) {
  limit = std::clamp<std::size_t>(limit, 1, 100);
  auto rows = store_.list(offset, limit);
  if (!rows) return Reply::error(500, "server_error", rows.error());
  auto total = store_.count();
  if (!total) return Reply::error(500, "server_error", total.error());
  json games = json::array();
  for (const auto& r : *rows) {
    const GameEntry* a = find_game(r.game);
    games.push_back({{"id", r.id},
                     {"game", r.game},
                     {"title", a ? a->title() : r.game},
                     {"mode", r.mode},
                     {"level", r.level},
                     {"computer", r.ai_side >= 0 && a ? json(a->side_name(static_cast<Side>(r.ai_side))) : json(nullptr)},
                     {"result", r.result},
                     {"reason", r.reason},
                     {"moves", r.move_count},
                     {"created_at", r.created_at},
                     {"updated_at", r.updated_at}});
  }
  return {200, {{"games", games}, {"total", *total}, {"offset", offset}, {"limit", limit}}};
}

Reply GameArchive::import(const json& req) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto name = string_field(req, "game");
  if (!name) return Reply::error(400, "field_type", name.error());
  const GameEntry* adapter = find_game(*name);
  if (!adapter) return Reply::error(400, "unknown_game", "unknown game '" + *name + "'", {{"game", *name}});
  const auto text = string_field(req, "record");
  if (!text) return Reply::error(400, "field_type", text.error());
  if (text->empty()) return Reply::error(400, "bad_record", "the request has no record text");
  const auto which = int_field(req, "index", 0, std::numeric_limits<std::int32_t>::max(), 0);
  if (!which) return Reply::error(400, "bad_number", which.error());
  auto records = adapter->read_records(*text);
  if (!records) return Reply::error(422, "bad_record", records.error());
  if (records->empty()) return Reply::error(422, "no_game_in_record", "the record holds no game");
  if (static_cast<std::size_t>(*which) >= records->size())
    return Reply::error(422, "record_index", "index " + std::to_string(*which) + ": the record holds " +
                                 std::to_string(records->size()) + " games");
  const GameRecord& rec = (*records)[static_cast<std::size_t>(*which)];
  auto st = adapter->new_game(rec.tag("Rules"), rec.tag("FEN"));
  if (!st) return Reply::error(422, "bad_record", st.error());
  storage::StoredGame row;
  row.id = random_token();
  row.game = adapter->name();
  row.rules = (*st)->rules_text();
  row.start_position = rec.tag("FEN").empty() ? "" : (*st)->start_position_text();
  row.mode = mode_name(Mode::review);
  // Who played it, where and when: the review shows them and the record written back keeps them.
  json tags = json::array();
  for (const auto& [k, v] : rec.tags)
    if (k != "FEN" && k != "SetUp" && k != "Rules" && k != "Result") tags.push_back({k, v});
  if (!tags.empty()) row.record_tags = tags.dump(-1, ' ', false, json::error_handler_t::replace);
  for (std::size_t i = 0; i < rec.moves.size(); ++i) {
    if (auto r = (*st)->play(rec.moves[i]); !r)
      return Reply::error(422, "bad_record", "move " + std::to_string(i + 1) + " '" + rec.moves[i] + "': " + r.error());
    row.moves.push_back(rec.moves[i]);
  }
  // A game the rules ended keeps that end in the store too, so that History shows its result.
  if (const GameStatus end = (*st)->status(); end.over()) {
    row.result = result_text(end);
    row.reason = end.reason;
  } else if (rec.result != "*") {
    row.result = rec.result;
    row.reason = rec.tag("Termination").empty() ? "as recorded" : rec.tag("Termination");
  }
  if (auto r = store_.insert_game(row); !r) return Reply::error(500, "server_error", r.error());
  return {201, {{"id", row.id}, {"moves", row.moves.size()}, {"games_in_record", records->size()}}};
}

}  // namespace oyin::server
