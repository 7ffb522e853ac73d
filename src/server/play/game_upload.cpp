#include "server/play/game_upload.h"

#include <optional>
#include <string>
#include <vector>

#include "registry/registry.h"
#include "server/common/random_token.h"
#include "server/common/request_json.h"
#include "server/play/game_creator.h"
#include "server/play/game_mode.h"

namespace oyin::server {

using nlohmann::json;

namespace {

// What the browser sends, checked but not yet replayed.
struct Upload {
  std::string key;
  const GameEntry* entry = nullptr;
  Mode mode = Mode::ai;
  int level = 0;
  int mine = 0;  // the player's side against the computer
  std::string rules;
  std::vector<std::string> moves;
  std::string result;
  bool resigned = false;
  std::string played_at;
};

bool key_ok(const std::string& k) {
  if (k.size() < 8 || k.size() > 64) return false;
  for (char c : k)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  return true;
}

// "2026-12-05T13:30:00Z" (as the server's own timestamps are written).
bool timestamp_ok(const std::string& t) {
  static constexpr std::string_view shape = "dddd-dd-ddTdd:dd:ddZ";
  if (t.size() != shape.size()) return false;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (shape[i] == 'd' ? (t[i] < '0' || t[i] > '9') : t[i] != shape[i]) return false;
  return true;
}

std::optional<Reply> read_moves(const json& req, Upload& out) {
  if (!req.contains("moves") || !req["moves"].is_array())
    return Reply::error(400, "field_type", "moves must be an array of moves");
  if (req["moves"].size() > kMaxUploadMoves)
    return Reply::error(413, "too_many_moves", "an uploaded game has at most " + std::to_string(kMaxUploadMoves) + " moves",
                        {{"max", kMaxUploadMoves}});
  for (const json& m : req["moves"]) {
    if (!m.is_string() || m.get_ref<const std::string&>().size() > 32)
      return Reply::error(400, "field_type", "each move must be a string of at most 32 characters");
    out.moves.push_back(m.get<std::string>());
  }
  return std::nullopt;
}

std::optional<Reply> read_upload(const json& req, Upload& out) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto key = string_field(req, "key");
  if (!key || !key_ok(*key))
    return Reply::error(400, "bad_upload_key", "key must be 8 to 64 letters, digits, - or _, the same for every try of one game");
  out.key = *key;
  const auto name = string_field(req, "game");
  if (!name) return Reply::error(400, "field_type", name.error());
  out.entry = find_game(*name);
  if (!out.entry) return Reply::error(400, "unknown_game", "unknown game '" + *name + "'", {{"game", *name}});
  const auto mode_text = string_field(req, "mode", "ai");
  const auto mode = mode_text ? parse_mode(*mode_text) : std::nullopt;
  if (!mode || (*mode != Mode::ai && *mode != Mode::hotseat))
    return Reply::error(400, "bad_mode", "mode must be ai or hotseat");
  out.mode = *mode;
  const auto level = int_field(req, "level", kMinLevel, kMaxLevel, 5);
  if (!level) return Reply::error(400, "bad_level", level.error());
  out.level = out.mode == Mode::ai ? static_cast<int>(*level) : 0;
  const std::string first = out.entry->side_name(Side::First), second = out.entry->side_name(Side::Second);
  const auto color = string_field(req, "color", first);
  if (!color || (*color != first && *color != second))
    return Reply::error(400, "bad_color", "color must be " + first + " or " + second);
  out.mine = *color == first ? 0 : 1;
  const auto rules = rules_from_json(req.contains("rules") ? req["rules"] : json(nullptr));
  if (!rules) return Reply::error(400, "field_type", rules.error());
  out.rules = *rules;
  if (auto refused = read_moves(req, out)) return refused;
  const auto result = string_field(req, "result");
  if (!result || (*result != "1-0" && *result != "0-1" && *result != "1/2-1/2"))
    return Reply::error(400, "bad_result", "result must be 1-0, 0-1 or 1/2-1/2");
  out.result = *result;
  const auto end = string_field(req, "end", "rules");
  if (!end || (*end != "rules" && *end != "resign")) return Reply::error(400, "field_type", "end must be rules or resign");
  out.resigned = *end == "resign";
  const auto played_at = string_field(req, "played_at");
  if (!played_at || !timestamp_ok(*played_at))
    return Reply::error(400, "bad_played_at", "played_at must be a UTC time as 2026-12-05T13:30:00Z");
  out.played_at = *played_at;
  return std::nullopt;
}

// Replays the moves and checks the result against the rules; the row to store, or why not.
std::optional<Reply> replay(const Upload& u, storage::StoredGame& row) {
  auto st = u.entry->new_game(u.rules, "");
  if (!st) return Reply::error(400, "bad_rules", st.error());
  if (json problem = (*st)->rules_problem(); !problem.is_null())
    return Reply::error(400, "rule_out_of_range", problem.value("message", "a rule value is out of range"),
                        {{"option", problem.value("option", "")}, {"max", problem.value("max", 0)}});
  GameState& g = **st;
  for (std::size_t ply = 0; ply < u.moves.size(); ++ply) {
    if (g.status().over()) return Reply::error(422, "illegal_move", "a move after the end of the game", {{"move", u.moves[ply]}, {"ply", ply}});
    if (auto played = g.play(u.moves[ply]); !played) {
      json params{{"move", u.moves[ply]}, {"ply", ply}};
      if (std::string why = g.illegal_code(u.moves[ply]); !why.empty()) params["why"] = why;
      return Reply::error(422, "illegal_move", "move " + std::to_string(ply + 1) + ": " + played.error(), params);
    }
  }
  const GameStatus s = g.status();
  const int resigner = u.mode == Mode::ai ? u.mine : index(g.side_to_move());
  const std::string by_rules = s.over() ? result_text(s) : "*";
  const std::string by_resign = resigner == 0 ? "0-1" : "1-0";
  // A game of no moves is no game (and the store forgets games nobody moved in).
  if ((!s.over() && !u.resigned) || u.moves.empty())
    return Reply::error(422, "game_not_over", "the moves do not end the game, and nobody resigned", {{"ply", u.moves.size()}});
  if (s.over() ? (u.resigned || u.result != by_rules) : (u.resigned && u.result != by_resign && u.mode == Mode::ai))
    return Reply::error(422, "result_contradicted", "the rules give " + (s.over() ? by_rules : by_resign) + ", not " + u.result,
                        {{"result", u.result}, {"rules", s.over() ? by_rules : by_resign}});
  if (!s.over() && u.result == "1/2-1/2")
    return Reply::error(422, "result_contradicted", "a resignation is no draw", {{"result", u.result}, {"rules", by_resign}});
  row.id = random_token();
  row.game = u.entry->name();
  row.rules = g.rules_text();
  row.mode = mode_name(u.mode);
  row.level = u.level;
  row.ai_side = u.mode == Mode::ai ? 1 - u.mine : -1;
  row.tokens[0] = row.tokens[1] = random_token();
  row.result = u.result;
  row.reason = s.over() ? s.reason : u.entry->side_name(u.result == "1-0" ? Side::Second : Side::First) + " resigned";
  row.moves = u.moves;
  row.rated = false;
  row.rating_done = true;
  return std::nullopt;
}

}  // namespace

Reply GameUploads::upload(const json& request, std::int64_t user) {
  if (user == 0) return Reply::error(401, "not_signed_in", "sign in to keep a game played in the browser");
  Upload u;
  if (auto refused = read_upload(request, u)) return std::move(*refused);
  storage::StoredGame row;
  if (auto refused = replay(u, row)) return std::move(*refused);
  // The player's seat is the account's; at one device (hotseat) the first side's.
  row.users[u.mode == Mode::ai ? u.mine : 0] = user;
  auto kept = store_.store(row, user, u.key, u.played_at);
  if (!kept) return Reply::error(500, "server_error", kept.error());
  return {kept->stored_now ? 201 : 200,
          {{"id", kept->game_id},
           {"stored", kept->stored_now},
           {"game", row.game},
           {"moves", u.moves.size()},
           {"result", row.result},
           {"reason", row.reason},
           {"played_at", kept->played_at}}};
}

}  // namespace oyin::server
