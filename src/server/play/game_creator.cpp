#include "server/play/game_creator.h"

#include "server/common/random_token.h"
#include "server/common/request_json.h"

namespace oyin::server {

using nlohmann::json;

Result<std::string> rules_from_json(const json& r) {
  if (r.is_null()) return std::string();
  if (r.is_string()) return r.get<std::string>();
  if (!r.is_object()) return make_error("rules must be a string or an object of name: value");
  std::string out;
  for (const auto& [k, v] : r.items()) {
    if (!out.empty()) out += ",";
    out += k + "=";
    if (v.is_string()) out += v.get<std::string>();
    else if (v.is_boolean()) out += v.get<bool>() ? "1" : "0";
    else if (v.is_number()) out += v.dump();
    else return make_error("rules." + k + " must be a string, a number or a boolean");
  }
  return out;
}

namespace {

// What a player's request asks for, checked.
struct Request {
  const GameEntry* adapter = nullptr;
  Mode mode = Mode::ai;
  int level = 5;
  std::string color;
  int mine = 0;
  std::string position;
  std::unique_ptr<GameState> state;
  TimeControl control;
  bool rated = false;
};

std::optional<Reply> read_request(const json& req, Request& out) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto name = string_field(req, "game");
  if (!name) return Reply::error(400, "field_type", name.error());
  out.adapter = find_game(*name);
  if (!out.adapter) return Reply::error(400, "unknown_game", "unknown game '" + *name + "'", {{"game", *name}});
  const auto mode_text = string_field(req, "mode", "ai");
  if (!mode_text) return Reply::error(400, "field_type", mode_text.error());
  const auto mode = parse_mode(*mode_text);
  if (!mode || *mode == Mode::review)
    return Reply::error(400, "bad_mode", "mode must be ai, hotseat or online (got '" + *mode_text + "')");
  out.mode = *mode;
  const auto level = int_field(req, "level", kMinLevel, kMaxLevel, 5);
  if (!level) return Reply::error(400, "bad_level", level.error());
  out.level = static_cast<int>(*level);
  auto color = string_field(req, "color", "random");
  if (!color) return Reply::error(400, "field_type", color.error());
  const std::string first = out.adapter->side_name(Side::First), second = out.adapter->side_name(Side::Second);
  if (*color == "random") *color = random_bit() ? first : second;
  if (*color != first && *color != second)
    return Reply::error(400, "bad_color", "color must be " + first + ", " + second + " or random (got '" + *color + "')");
  out.color = *color;
  out.mine = *color == first ? 0 : 1;
  const auto rules = rules_from_json(req.contains("rules") ? req["rules"] : json(nullptr));
  if (!rules) return Reply::error(400, "field_type", rules.error());
  const auto position = string_field(req, "position");
  if (!position) return Reply::error(400, "field_type", position.error());
  out.position = *position;
  auto st = out.adapter->new_game(*rules, *position);
  if (!st) return Reply::error(400, position->empty() ? "bad_rules" : "bad_position", st.error());
  // Values the rules accept but no game can reach on this board (a capture target over the
  // points of the board).
  if (json problem = (*st)->rules_problem(); !problem.is_null())
    return Reply::error(400, "rule_out_of_range", problem.value("message", "a rule value is out of range"),
                        {{"option", problem.value("option", "")}, {"max", problem.value("max", 0)}});
  out.state = std::move(*st);
  const auto control = time_control_from_json(req.contains("clock") ? req["clock"] : json(nullptr));
  if (!control) return Reply::error(400, "bad_clock", control.error());
  out.control = *control;
  if (req.contains("rated") && !req["rated"].is_null()) {
    if (!req["rated"].is_boolean()) return Reply::error(400, "field_type", "rated must be true or false");
    out.rated = req["rated"].get<bool>();
  }
  return std::nullopt;
}

}  // namespace

Reply GameCreator::create(const json& req, const std::string& base_url, std::int64_t user, std::string* other_seat,
                          const std::string& address) {
  Request r;
  if (auto refused = read_request(req, r)) return std::move(*refused);
  const bool from_start = r.position.empty(), accounts = p_.ratings.enabled();
  // A game from a position of the player's choosing proves nothing: never rated.
  if (r.rated && (r.mode == Mode::hotseat || !r.control.timed() || !from_start || !accounts))
    return Reply::error(400, "bad_rated",
                        "only online games and games against the computer, on a clock and from the start, can be rated");
  if (r.rated && user == 0) return Reply::error(401, "not_signed_in", "sign in to play a rated game");
  // Against the computer a signed-in player's timed game is rated unless asked otherwise.
  if (r.mode == Mode::ai && r.control.timed() && from_start && user != 0 && accounts && !req.contains("rated")) r.rated = true;

  storage::StoredGame row;
  row.id = random_token();
  row.game = r.adapter->name();
  row.rules = r.state->rules_text();
  row.start_position = from_start ? "" : r.state->start_position_text();
  row.mode = mode_name(r.mode);
  row.level = r.level;
  const int mine = r.mine;
  const std::string token = random_token();
  row.tokens[mine] = token;
  if (r.mode == Mode::hotseat) row.tokens[1 - mine] = token;
  if (r.mode == Mode::online) {
    row.tokens[1 - mine] = random_token();
    row.creator = mine;
  }
  if (r.mode == Mode::ai) row.ai_side = 1 - mine;
  if (r.mode != Mode::hotseat && accounts) row.users[mine] = user;
  row.rated = r.rated;
  const std::string owner = computer_owner(user, address, row.id);
  auto started = start(r.adapter, r.mode, std::move(r.state), std::move(row), r.control, mine, owner);
  if (!started) return Reply::error(500, "server_error", started.error());
  auto& s = *started;
  std::lock_guard lock(s->m);
  json out{{"id", s->row.id}, {"seat", {{"token", token}, {"color", r.color}}}};
  if (r.mode == Mode::online) out["invite"] = base_url + "/#/join/" + s->row.id + "/" + s->row.tokens[1 - mine];
  if (r.mode == Mode::online && other_seat) *other_seat = s->row.tokens[1 - mine];
  out["state"] = p_.view.state_for(*s, token);
  return {201, out};
}

Reply GameCreator::create_for(const std::string& game, const std::string& rules, TimeControl control, bool rated,
                              const std::int64_t (&users)[2], const std::string& tournament) {
  const GameEntry* adapter = find_game(game);
  if (!adapter) return Reply::error(400, "unknown_game", "unknown game '" + game + "'", {{"game", game}});
  auto st = adapter->new_game(rules, "");
  if (!st) return Reply::error(400, "bad_rules", st.error());
  const bool accounts = p_.ratings.enabled();
  if (rated && (!control.timed() || users[0] == 0 || users[1] == 0 || users[0] == users[1] || !accounts))
    return Reply::error(400, "bad_rated", "a rated game needs a clock and two different accounts");
  storage::StoredGame row;
  row.id = random_token();
  row.game = adapter->name();
  row.rules = (*st)->rules_text();
  row.mode = mode_name(Mode::online);
  for (int side = 0; side < 2; ++side) {
    row.tokens[side] = random_token();
    row.users[side] = accounts ? users[side] : 0;
  }
  row.rated = rated;
  row.tournament = tournament;
  auto started = start(adapter, Mode::online, std::move(*st), std::move(row), control, -1, "");
  if (!started) return Reply::error(500, "server_error", started.error());
  auto& s = *started;
  std::lock_guard lock(s->m);
  return {201, {{"id", s->row.id}, {"tokens", json::array({s->row.tokens[0], s->row.tokens[1]})}, {"state", p_.view.state(*s)}}};
}

Result<SessionPtr> GameCreator::start(const GameEntry* adapter, Mode mode, std::unique_ptr<GameState> state,
                                      storage::StoredGame row, TimeControl control, int creator_side, std::string owner) {
  auto s = std::make_shared<GameSession>();
  s->computer.owner = std::move(owner);
  {
    std::promise<std::string> ready;
    ready.set_value({});
    s->loaded = ready.get_future().share();
  }
  s->adapter = adapter;
  s->mode = mode;
  s->state = std::move(state);
  s->positions.push_back(s->state->position_text());
  s->row = std::move(row);
  s->row.clock_initial_ms = control.initial_ms;
  s->row.clock_increment_ms = control.increment_ms;
  const std::int64_t now = p_.clock.now_ms();
  s->timing.clock = GameClock(control, now);
  for (auto& seat : s->seats) seat.away_since = now;
  if (creator_side >= 0) s->seats[creator_side].seen = true;
  if (mode != Mode::online) s->timing.clock.begin(now);
  if (auto r = p_.store.insert_game(s->row); !r) return make_error(r.error());
  if (auto r = p_.store.load(s->row.id); r && *r) s->row.created_at = (*r)->created_at;
  p_.table.add(s);
  std::lock_guard lock(s->m);
  p_.ratings.refresh_players(*s);
  p_.computer.maybe_start(s);
  p_.timekeeper.arm(s);
  p_.broadcaster.push(*s);  // nobody follows it yet: the analysis gate notes its position
  return s;
}

}  // namespace oyin::server
