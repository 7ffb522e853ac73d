// GameService's core: creating games, the seat actions (move, resign, draw, undo, claim,
// rematch) and records. Its other jobs have files of their own beside it: the table of games in
// memory (game_service_games.cpp), the state as JSON (game_service_state.cpp), instance sync
// (game_service_sync.cpp), clocks, presence and subscriptions, the computer, the table's chat and
// rematch, fair play, housekeeping; the game list and imports are GameArchive's, /api/meta
// games_meta's.
#include "server/play/game_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <limits>
#include <thread>

#include "registry/registry.h"
#include "server/common/error_codes.h"
#include "server/play/game_clock.h"
#include "server/play/game_session.h"
#include "server/common/random_token.h"
#include "server/ratings/rating_service.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

constexpr const char* kModeNames[] = {"ai", "hotseat", "online", "review"};

int side_index_of_token(const storage::StoredGame& row, const std::string& token, Side to_move) {
  if (token.empty()) return -1;
  const bool t0 = row.tokens[0] == token, t1 = row.tokens[1] == token;
  if (t0 && t1) return index(to_move);  // hotseat: one seat plays both sides
  if (t0) return 0;
  if (t1) return 1;
  return -1;
}

// "rules": "size=9,target=3" or {"size": 9, "target": 3}; values are strings, numbers or booleans.
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

}  // namespace

Verdict verdict(const GameState& st, const storage::StoredGame& row) {
  const GameStatus s = st.status();
  if (s.over()) return {true, result_text(s), s.reason, std::string(s.code), {s.args[0], s.args[1]}};
  if (row.result == "*" && row.reason.empty()) return {};  // an aborted game ends with "*" and a reason
  Verdict v{true, row.result, row.reason, "recorded", {0, 0}};
  if (row.reason == "draw by agreement") v.code = "agreement";
  else if (row.reason.ends_with(" resigned")) v.code = "resign";
  else if (const std::string_view c = clock_end_code(row.reason); !c.empty()) v.code = c;
  return v;
}

const char* mode_name(Mode m) { return kModeNames[static_cast<int>(m)]; }

std::optional<Mode> parse_mode(std::string_view name) {
  for (int i = 0; i < 4; ++i)
    if (name == kModeNames[i]) return static_cast<Mode>(i);
  return std::nullopt;
}

GameService::GameService(storage::GameStore& store, boost::asio::thread_pool& workers, GameServiceOptions opt)
    : store_(store),
      chats_(store.db()),
      own_clock_(opt.clock ? nullptr : std::make_unique<SteadyClock>()),
      clock_(opt.clock ? *opt.clock : *own_clock_),
      workers_(workers),
      opt_(opt),
      // The computer players use a game's shipped book only when the registry says it passed its
      // SPRT (BookSettings::played; README "Opening books"); the others stay opt-in (UCI OwnBook).
      engines_(opt.hash_mb, /*own_book=*/true),
      computer_queue_(workers, opt.computer_slots, opt.computer_per_owner) {
  store_.on_change([this](const std::string& id) {
    if (!stopping_) boost::asio::post(loaders_, [this, id] { refresh(id); });
  });
  store_.on_signal([this](const std::string& instance, const std::string& words) {
    if (!stopping_) boost::asio::post(loaders_, [this, instance, words] { heard(instance, words); });
  });
  claim_retry_ = std::jthread([this](std::stop_token stop) {
    std::mutex m;
    std::condition_variable_any cv;
    while (!stop.stop_requested()) {
      std::unique_lock lock(m);
      cv.wait_for(lock, stop, std::chrono::milliseconds(500), [] { return false; });
      if (stop.stop_requested()) break;
      retry_claims();
      keep_in_touch();
      drop_unstarted();
      push_spectators();
    }
  });
}

GameService::~GameService() {
  store_.on_change(nullptr);
  store_.on_signal(nullptr);
  claim_retry_ = {};
  stop_all();
  loaders_.join();
}

void GameService::stop_all() {
  stopping_ = true;
  {
    std::unique_lock lock(alive_->m);  // waits for a deadline being handled
    alive_->alive = false;
  }
  std::vector<std::shared_ptr<Session>> all;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, s] : sessions_) all.push_back(s);
  }
  for (auto& s : all) {
    std::lock_guard l(s->m);
    if (s->ai_stop) *s->ai_stop = true;
    if (s->timer) clock_.cancel(s->timer);
    s->timer = 0;
  }
  while (ai_running_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

json GameService::meta() const { return games_meta(engines_.own_book()); }

Reply GameService::create(const json& req, const std::string& base_url, std::int64_t user, std::string* other_seat,
                          const std::string& address) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  const auto name = string_field(req, "game");
  if (!name) return Reply::error(400, "field_type", name.error());
  const GameEntry* adapter = find_game(*name);
  if (!adapter) return Reply::error(400, "unknown_game", "unknown game '" + *name + "'", {{"game", *name}});
  const auto mode_text = string_field(req, "mode", "ai");
  if (!mode_text) return Reply::error(400, "field_type", mode_text.error());
  const auto mode = parse_mode(*mode_text);
  if (!mode || *mode == Mode::review)
    return Reply::error(400, "bad_mode", "mode must be ai, hotseat or online (got '" + *mode_text + "')");
  const auto level = int_field(req, "level", kMinLevel, kMaxLevel, 5);
  if (!level) return Reply::error(400, "bad_level", level.error());
  auto color = string_field(req, "color", "random");
  if (!color) return Reply::error(400, "field_type", color.error());
  const std::string first = adapter->side_name(Side::First), second = adapter->side_name(Side::Second);
  if (*color == "random") *color = random_bit() ? first : second;
  if (*color != first && *color != second)
    return Reply::error(400, "bad_color", "color must be " + first + ", " + second + " or random (got '" + *color + "')");
  const int mine = *color == first ? 0 : 1;
  const auto rules = rules_from_json(req.contains("rules") ? req["rules"] : json(nullptr));
  if (!rules) return Reply::error(400, "field_type", rules.error());
  const auto position = string_field(req, "position");
  if (!position) return Reply::error(400, "field_type", position.error());
  auto st = adapter->new_game(*rules, *position);
  if (!st) return Reply::error(400, position->empty() ? "bad_rules" : "bad_position", st.error());
  // Values the rules accept but no game can reach on this board (a capture target over the
  // points of the board).
  if (json problem = (*st)->rules_problem(); !problem.is_null())
    return Reply::error(400, "rule_out_of_range", problem.value("message", "a rule value is out of range"),
                        {{"option", problem.value("option", "")}, {"max", problem.value("max", 0)}});
  const auto control = time_control_from_json(req.contains("clock") ? req["clock"] : json(nullptr));
  if (!control) return Reply::error(400, "bad_clock", control.error());

  bool rated = false;
  if (req.contains("rated") && !req["rated"].is_null()) {
    if (!req["rated"].is_boolean()) return Reply::error(400, "field_type", "rated must be true or false");
    rated = req["rated"].get<bool>();
  }
  // A game from a position of the player's choosing proves nothing: never rated.
  if (rated && (*mode == Mode::hotseat || !control->timed() || !position->empty() || !opt_.ratings))
    return Reply::error(400, "bad_rated",
                        "only online games and games against the computer, on a clock and from the start, can be rated");
  if (rated && user == 0) return Reply::error(401, "not_signed_in", "sign in to play a rated game");
  // Against the computer a signed-in player's timed game is rated unless asked otherwise.
  if (*mode == Mode::ai && control->timed() && position->empty() && user != 0 && opt_.ratings && !req.contains("rated"))
    rated = true;

  storage::StoredGame row;
  row.id = random_token();
  row.game = adapter->name();
  row.rules = (*st)->rules_text();
  row.start_position = position->empty() ? "" : (*st)->start_position_text();
  row.mode = mode_name(*mode);
  row.level = static_cast<int>(*level);
  const std::string token = random_token();
  row.tokens[mine] = token;
  if (*mode == Mode::hotseat) row.tokens[1 - mine] = token;
  if (*mode == Mode::online) {
    row.tokens[1 - mine] = random_token();
    row.creator = mine;
  }
  if (*mode == Mode::ai) row.ai_side = 1 - mine;
  if (*mode != Mode::hotseat && opt_.ratings) row.users[mine] = user;
  row.rated = rated;
  const std::string owner = computer_owner(user, address, row.id);
  auto started = start_session(adapter, *mode, std::move(*st), std::move(row), *control, mine, owner);
  if (!started) return Reply::error(500, "server_error", started.error());
  auto& s = *started;
  std::lock_guard lock(s->m);
  json out{{"id", s->row.id}, {"seat", {{"token", token}, {"color", *color}}}};
  if (*mode == Mode::online) out["invite"] = base_url + "/#/join/" + s->row.id + "/" + s->row.tokens[1 - mine];
  if (*mode == Mode::online && other_seat) *other_seat = s->row.tokens[1 - mine];
  out["state"] = state_for(*s, token);
  return {201, out};
}

Reply GameService::create_for(const std::string& game, const std::string& rules, TimeControl control, bool rated,
                              const std::int64_t (&users)[2]) {
  const GameEntry* adapter = find_game(game);
  if (!adapter) return Reply::error(400, "unknown_game", "unknown game '" + game + "'", {{"game", game}});
  auto st = adapter->new_game(rules, "");
  if (!st) return Reply::error(400, "bad_rules", st.error());
  if (rated && (!control.timed() || users[0] == 0 || users[1] == 0 || users[0] == users[1] || !opt_.ratings))
    return Reply::error(400, "bad_rated", "a rated game needs a clock and two different accounts");
  storage::StoredGame row;
  row.id = random_token();
  row.game = adapter->name();
  row.rules = (*st)->rules_text();
  row.mode = mode_name(Mode::online);
  for (int side = 0; side < 2; ++side) {
    row.tokens[side] = random_token();
    row.users[side] = opt_.ratings ? users[side] : 0;
  }
  row.rated = rated;
  auto started = start_session(adapter, Mode::online, std::move(*st), std::move(row), control, -1, "");
  if (!started) return Reply::error(500, "server_error", started.error());
  auto& s = *started;
  std::lock_guard lock(s->m);
  return {201, {{"id", s->row.id}, {"tokens", json::array({s->row.tokens[0], s->row.tokens[1]})}, {"state", state_json(*s)}}};
}

Result<std::shared_ptr<GameService::Session>> GameService::start_session(const GameEntry* adapter, Mode mode,
                                                                         std::unique_ptr<GameState> state,
                                                                         storage::StoredGame row, TimeControl control,
                                                                         int creator_side, std::string owner) {
  auto s = std::make_shared<Session>();
  s->computer_owner = std::move(owner);
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
  const std::int64_t now = clock_.now_ms();
  s->clock = GameClock(control, now);
  for (auto& seat : s->seats) seat.away_since = now;
  if (creator_side >= 0) s->seats[creator_side].seen = true;
  if (mode != Mode::online) s->clock.begin(now);
  if (auto r = store_.insert_game(s->row); !r) return make_error(r.error());
  if (auto r = store_.load(s->row.id); r && *r) s->row.created_at = (*r)->created_at;
  {
    std::lock_guard lock(mutex_);
    evict_idle_locked();
    sessions_[s->row.id] = s;
  }
  std::lock_guard lock(s->m);
  refresh_players(*s);
  maybe_start_ai(s);
  arm_clock(s);
  note_position(*s);
  return s;
}

Reply GameService::boards(const std::string& id, std::size_t from, std::size_t to) {
  auto s = find(id);
  if (!s) return Reply::error(404, "no_such_game", s.error(), {{"id", id}});
  std::lock_guard lock((*s)->m);
  const std::size_t ply = (*s)->state->ply();
  if (from > ply) return Reply::error(400, "bad_range", "from is past the game's " + std::to_string(ply) + " plies");
  to = std::min({to, ply, from + kMaxBoardsPerRequest - 1});
  json out = json::array();
  for (auto& b : (*s)->state->boards(from, to)) out.push_back(std::move(b));
  return {200, {{"from", from}, {"to", to}, {"plies", ply}, {"boards", out}}};
}

Reply GameService::get(const std::string& id, const std::string& given, std::int64_t user) {
  auto s = find(id);
  if (!s) return Reply::error(404, "no_such_game", s.error(), {{"id", id}});
  std::lock_guard lock((*s)->m);
  const std::string token = seat_token(**s, given, user);
  if (!(*s)->clock.begun()) {
    seen(**s, token);
    arm_clock(*s);
  }
  json state = state_for(**s, token);
  state["chat"] = chat_json(**s);
  return {200, std::move(state)};
}

Reply GameService::positions(const std::string& id, std::size_t from, std::optional<std::size_t> to) {
  auto found = find(id);
  if (!found) return Reply::error(404, "no_such_game", found.error(), {{"id", id}});
  auto& s = *found;
  std::lock_guard lock(s->m);
  const std::size_t ply = s->state->ply();
  if (from > ply) return Reply::error(400, "bad_range", "from must be 0.." + std::to_string(ply) + " (the game's ply)");
  if (to && *to < from) return Reply::error(400, "bad_range", "to must not be below from");
  const std::size_t last = std::min({to.value_or(ply), ply, from + kMaxPositionsPerRequest - 1});
  json list = json::array();
  for (std::size_t i = from; i <= last; ++i) list.push_back(s->positions[i]);
  return {200, {{"id", id}, {"from", from}, {"to", last}, {"ply", ply}, {"version", s->version}, {"positions", std::move(list)}}};
}

Reply GameService::apply_move(Session& s, const std::string& move) {
  const std::size_t ply = s.state->ply();
  const int mover = index(s.state->side_to_move());
  auto played = s.state->play(move);
  if (!played) {
    json params{{"move", move}};
    // Why, as a code a front end can translate ("occupied", "suicide", ...), where the game says.
    if (std::string why = s.state->illegal_code(move); !why.empty()) params["why"] = why;
    return Reply::error(422, "illegal_move", played.error(), params);
  }
  const GameClock clock_before = s.clock;
  std::int64_t left_after = -1;
  if (const auto t = s.clock.on_move(ply, mover, clock_.now_ms(), left_after); t != GameClock::MoveTime::ok) {
    // The deadline passed before its timer ran: the move came too late.
    s.state->undo();
    end_by_clock(s, mover, t == GameClock::MoveTime::abort);
    if (!verdict(*s.state, s.row).over) return stale_reply(s);  // another instance had the move in time
    return Reply::error(409, "game_over", "the game is over: " + s.row.reason);
  }
  s.row.moves.push_back(move);
  const Verdict v = verdict(*s.state, s.row);
  if (auto r = store_.append_move(s.row.id, ply, move, v.result, v.reason, left_after); !r || !*r) {
    s.state->undo();
    s.row.moves.pop_back();
    s.clock = clock_before;
    reload_locked(s);  // another instance changed the game: the next try sees what it did
    if (!r) return Reply::error(500, "server_error", r.error());
    return stale_reply(s);
  }
  s.clock_marks.emplace_back(mover, left_after);
  s.row.move_clock_ms.push_back(left_after);
  s.row.draw_offer = -1;
  s.positions.push_back(s.state->position_text());
  ++s.version;
  return {200, {}};
}

template <class Action>
Reply GameService::seat_action(const std::string& id, const std::string& given, std::int64_t user,
                                const std::string& address, SeatRule rule, Action&& action) {
  auto found = find(id);
  if (!found) return Reply::error(404, "no_such_game", found.error(), {{"id", id}});
  const std::shared_ptr<Session>& s = *found;
  std::lock_guard lock(s->m);
  const std::string token = seat_token(*s, given, user);
  // With several instances on one database this copy of the game may be a few milliseconds
  // behind the store (another instance's change is on its way): an action the store refused as
  // stale, or a move refused as out of turn or illegal while the store has other moves, is
  // checked and tried once more on the game read again.
  for (int attempt = 0;; ++attempt) {
    const bool may_retry = attempt == 0;
    if (s->mode == Mode::review) return Reply::error(409, "review_game", "game " + id + " was imported for review: it has no seats");
    if (settle_clock(*s)) {
      settle_ratings(*s);
      broadcast(*s, state_json(*s));
    }
    if (s->mode == Mode::online && !rule.online_ok) return Reply::error(409, "undo_online", "undo is not allowed in online games");
    if (!rule.finished_ok && verdict(*s->state, s->row).over) return Reply::error(409, "game_over", "the game is over");
    const Side to_move = s->state->side_to_move();
    const int side = side_index_of_token(s->row, token, to_move);
    if (side < 0) return Reply::error(403, "no_seat", "this token holds no seat in game " + id);
    if (rule.side_to_move && side != index(to_move)) {
      if (may_retry && caught_up(*s)) continue;
      return Reply::error(403, "not_your_turn", "it is " + s->adapter->side_name(to_move) + "'s turn, not yours",
                          {{"to_move", s->adapter->side_name(to_move)}});
    }
    if (auto refused = take_seat(*s, side, user)) return std::move(*refused);
    // The computer's next move counts with the games of whoever plays it now.
    if (s->row.ai_side >= 0 && (user != 0 || !address.empty())) s->computer_owner = computer_owner(user, address, id);
    seen(*s, token);
    std::optional<Reply> refused = action(*s, side);
    arm_clock(s);
    settle_ratings(*s);
    if (refused) {
      const std::string code = refused->code();
      if (may_retry && (code == "stale_game" || (code == "illegal_move" && caught_up(*s)))) continue;
      if (refused->status == 409 && (code == "game_over" || code == "stale_game")) broadcast(*s, state_json(*s));
      return std::move(*refused);
    }
    maybe_start_ai(s);
    json state = state_json(*s);
    broadcast(*s, state);
    add_you(*s, state, token);
    return {200, std::move(state)};
  }
}

Reply GameService::move(const std::string& id, const std::string& move, const std::string& token, std::int64_t user,
                        const std::string& address) {
  return seat_action(id, token, user, address, {.side_to_move = true}, [&](Session& s, int) -> std::optional<Reply> {
    if (move.empty()) return Reply::error(400, "missing_move", "the request has no move");
    Reply r = apply_move(s, move);
    if (r.status != 200) return r;
    return std::nullopt;
  });
}

Reply GameService::resign(const std::string& id, const std::string& token, std::int64_t user,
                          const std::string& address) {
  return seat_action(id, token, user, address, {}, [&](Session& s, int side) -> std::optional<Reply> {
    const std::string result = result_text(GameStatus::win(other(static_cast<Side>(side)), ""));
    const std::string reason = s.adapter->side_name(static_cast<Side>(side)) + " resigned";
    if (auto r = store_.set_outcome(id, s.state->ply(), result, reason, -1); !r || !*r)
      return stale_or_error(s, r);
    s.row.result = result;
    s.row.reason = reason;
    s.row.draw_offer = -1;
    ++s.version;
    return std::nullopt;
  });
}

Reply GameService::draw(const std::string& id, const std::string& token, std::int64_t user,
                        const std::string& address) {
  return seat_action(id, token, user, address, {}, [&](Session& s, int side) -> std::optional<Reply> {
    if (s.mode == Mode::ai) {
      json j = state_for(s, s.row.tokens[side]);
      j["draw_declined"] = true;  // the computer plays on
      return Reply{200, j};
    }
    const bool agreed = s.mode == Mode::hotseat || s.row.draw_offer == 1 - side;
    storage::StoredGame next = s.row;
    if (agreed) {
      next.result = "1/2-1/2";
      next.reason = "draw by agreement";
      next.draw_offer = -1;
    } else {
      next.draw_offer = side;
    }
    if (auto r = store_.set_outcome(id, s.state->ply(), next.result, next.reason, next.draw_offer); !r || !*r)
      return stale_or_error(s, r);
    s.row.result = next.result;
    s.row.reason = next.reason;
    s.row.draw_offer = next.draw_offer;
    ++s.version;
    return std::nullopt;
  });
}

Reply GameService::rematch(const std::string& id, const std::string& token, std::int64_t user) {
  return seat_action(id, token, user, "", {.finished_ok = true}, [&](Session& s, int side) { return rematch_action(s, side); });
}

Reply GameService::claim(const std::string& id, const std::string& token, std::int64_t user,
                         const std::string& address) {
  return seat_action(id, token, user, address, {}, [&](Session& s, int side) { return claim_action(s, side); });
}

Reply GameService::undo(const std::string& id, const std::string& token, std::int64_t user,
                        const std::string& address) {
  return seat_action(id, token, user, address, {.finished_ok = true, .online_ok = false}, [&](Session& s, int) -> std::optional<Reply> {
    if (s.row.rated) return Reply::error(409, "undo_rated", "undo is not allowed in rated games");
    if (s.row.result != "*" || !s.row.reason.empty()) return Reply::error(409, "undo_finished", "the game ended by " + s.row.reason + "; it cannot be undone");
    if (s.state->ply() == 0) return Reply::error(409, "nothing_to_undo", "there is no move to undo");
    // Against the computer take back to the human's turn: its reply and the human's move.
    std::size_t keep = s.state->ply() - 1;
    if (s.row.ai_side >= 0) {
      auto probe = s.state->clone();
      probe->undo();
      while (probe->ply() > 0 && index(probe->side_to_move()) == s.row.ai_side) {
        probe->undo();
        --keep;
      }
    }
    if (auto r = store_.truncate_moves(id, keep, "*", ""); !r) return Reply::error(500, "server_error", r.error());
    while (s.state->ply() > keep) {
      s.state->undo();
      s.row.moves.pop_back();
      s.positions.pop_back();
      if (!s.clock_marks.empty()) s.clock_marks.pop_back();
      if (!s.row.move_clock_ms.empty()) s.row.move_clock_ms.pop_back();
    }
    // The clocks go back to the times stored with the moves kept.
    const std::int64_t now = clock_.now_ms();
    s.clock.restore(s.clock_marks, now);
    s.clock.begin(now);
    if (s.ai_stop) *s.ai_stop = true;
    s.row.draw_offer = -1;
    s.ratings_settled = false;  // the game goes on: its end is looked at again when it comes
    s.rating_change = nullptr;
    ++s.version;
    return std::nullopt;
  });
}

Reply GameService::list(std::size_t offset, std::size_t limit) { return archive_.list(offset, limit); }

Reply GameService::record(const std::string& id) {
  auto found = find(id);
  if (!found) return Reply::error(404, "no_such_game", found.error(), {{"id", id}});
  auto& s = *found;
  std::lock_guard lock(s->m);
  GameRecord meta;
  const auto player = [&](int side) {
    if (s->row.ai_side == side) return "oyin level " + std::to_string(s->row.level);
    return std::string(s->mode == Mode::review ? "?" : "Human");
  };
  const std::string date = s->row.created_at.size() >= 10 ? s->row.created_at.substr(0, 10) : "";
  std::string pgn_date = date;
  std::replace(pgn_date.begin(), pgn_date.end(), '-', '.');
  meta.tags = {{"Event", std::string("oyin ") + mode_name(s->mode) + " game"},
               {"Site", "oyin"},
               {"Date", pgn_date},
               {"Round", "-"},
               {s->adapter->side_name(Side::First) == "white" ? "White" : "Black", player(0)},
               {s->adapter->side_name(Side::First) == "white" ? "Black" : "White", player(1)}};
  if (!s->row.rules.empty()) meta.tags.emplace_back("Rules", s->row.rules);
  if (!s->row.reason.empty()) meta.tags.emplace_back("Termination", s->row.reason);
  meta.result = s->row.result;
  const std::string ext = s->adapter->record_format();
  return {200,
          {{"format", ext}, {"text", s->state->write_record(meta)}, {"filename", "oyin-" + s->row.game + "-" + id + "." + ext}}};
}

Reply GameService::import(const json& req) { return archive_.import(req); }

std::optional<Reply> GameService::take_seat(Session& s, int side, std::int64_t user) {
  if (s.mode != Mode::online || !opt_.ratings || s.row.users[side] != 0) return std::nullopt;
  if (user == 0) {
    if (s.row.rated) return Reply::error(401, "not_signed_in", "sign in to play a rated game");
    return std::nullopt;
  }
  if (s.row.users[1 - side] == user) {
    if (s.row.rated) return Reply::error(403, "same_player", "you hold the other seat of this rated game");
    return std::nullopt;  // one account at both seats (two tabs): the seat stays a guest's
  }
  auto set = store_.set_user(s.row.id, side, user);
  if (!set) return Reply::error(500, "server_error", set.error());
  if (!*set) {
    reload_locked(s);  // another instance seated someone first: that holds
  } else {
    s.row.users[side] = user;
    ++s.version;
  }
  refresh_players(s);
  return std::nullopt;
}

void GameService::refresh_players(Session& s) {
  if (opt_.ratings) s.players = opt_.ratings->players_json(s.row, *s.adapter);
}

void GameService::settle_ratings(Session& s) {
  if (!opt_.ratings || s.ratings_settled) return;
  const Verdict v = verdict(*s.state, s.row);
  if (!v.over) return;
  s.ratings_settled = true;
  s.rating_change = opt_.ratings->game_ended(s.row, *s.adapter, v.result, s.state->status().over());
  if (!s.rating_change.is_null()) refresh_players(s);
}

}  // namespace oyin::server
