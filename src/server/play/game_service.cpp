// GameService: the front of the play module (game_service.h lists whose job is what).
#include "server/play/game_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <condition_variable>

#include "server/common/request_json.h"

namespace oyin::server {

namespace {

int side_index_of_token(const storage::StoredGame& row, const std::string& token, Side to_move) {
  if (token.empty()) return -1;
  const bool t0 = row.tokens[0] == token, t1 = row.tokens[1] == token;
  if (t0 && t1) return index(to_move);  // hotseat: one seat plays both sides
  if (t0) return 0;
  if (t1) return 1;
  return -1;
}

Reply no_such_game(const std::string& id, const std::string& error) {
  return Reply::error(404, "no_such_game", error, {{"id", id}});
}

}  // namespace

GameService::GameService(storage::GameStore& store, boost::asio::thread_pool& workers, GameServiceOptions opt)
    : store_(store),
      opt_(opt),
      own_clock_(opt.clock ? nullptr : std::make_unique<SteadyClock>()),
      clock_(opt.clock ? *opt.clock : *own_clock_),
      chats_(store.db()),
      table_(opt.max_cached, [this](GameSession& s, const std::string& id) { return loader_.load(s, id); },
             [this](const SessionPtr& s) { loaded(s); }),
      computer_({store_, clock_, engines_, table_, loader_, timekeeper_, mover_, ratings_, broadcaster_}, workers,
                opt.computer_slots, opt.computer_per_owner) {
  store_.on_change([this](const std::string& id) {
    if (!stopping_) table_.run_slow([this, id] { refresh(id); });
  });
  store_.on_signal([this](const std::string& instance, const std::string& words) {
    if (stopping_) return;
    table_.run_slow([this, instance, words] {
      presence_.heard(instance, words);  // an instance's words say it is alive, whatever they are
      if (other_signal_) other_signal_(words);
    });
  });
  background_ = std::jthread([this](std::stop_token stop) {
    std::mutex m;
    std::condition_variable_any cv;
    while (!stop.stop_requested()) {
      std::unique_lock lock(m);
      cv.wait_for(lock, stop, std::chrono::milliseconds(kSpectatorsPushMs), [] { return false; });
      if (stop.stop_requested()) break;
      computer_.retry_claims();
      presence_.keep_in_touch();
      unstarted_.sweep();
      spectators_.push_changed();
    }
  });
}

GameService::~GameService() {
  store_.on_change(nullptr);
  store_.on_signal(nullptr);
  background_ = {};
  stop_all();
  table_.join();
}

void GameService::stop_all() {
  stopping_ = true;
  computer_.stop();
  timekeeper_.stop();
  for (auto& s : table_.all(/*ready_only=*/false)) {
    std::lock_guard l(s->m);
    if (s->computer.stop) *s->computer.stop = true;
    timekeeper_.cancel(*s);
  }
  computer_.wait_idle();
}

json GameService::meta() const { return games_meta(engines_.own_book()); }

void GameService::when_loaded(const std::string& id, std::function<void()> then) { table_.when_loaded(id, std::move(then)); }

void GameService::run_slow(std::function<void()> work) { table_.run_slow(std::move(work)); }

std::size_t GameService::cached_games() { return table_.size(); }

json GameService::games_in_play() {
  json out = json::array();
  for (const auto& s : table_.all(true)) {
    std::lock_guard lock(s->m);
    if (s->mode != Mode::online || !s->state || is_over(*s)) continue;
    json players = s->accounts.players.is_array() ? s->accounts.players : json::array({json::object(), json::object()});
    out.push_back({{"id", s->row.id},
                   {"game", s->row.game},
                   {"sides", {s->adapter->side_name(Side::First), s->adapter->side_name(Side::Second)}},
                   {"players", std::move(players)},
                   {"spectators", s->watchers.count},
                   {"ply", s->state->ply()},
                   {"rated", s->row.rated},
                   {"connected", {s->seats[0].everywhere() > 0, s->seats[1].everywhere() > 0}}});
  }
  return out;
}

void GameService::loaded(const SessionPtr& s) {
  if (s->changed_while_loading.exchange(false)) loader_.reload(*s);
  ratings_.refresh_players(*s);
  ratings_.settle(*s);
  computer_.maybe_start(s);  // the server may have stopped while the computer was thinking
  timekeeper_.arm(s);
  if (s->mode == Mode::online) presence_.ask(s->row.id);  // who is connected elsewhere
}

void GameService::refresh(const std::string& id) {
  for (auto& s : table_.changed(id)) {
    std::lock_guard lock(s->m);
    if (!loader_.reload(*s)) continue;
    ratings_.refresh_players(*s);
    ratings_.settle(*s);
    computer_.maybe_start(s);
    timekeeper_.arm(s);
    broadcaster_.push(*s);
  }
}

void GameService::resume_timed_games() {
  auto ids = store_.ongoing_timed_ids();
  if (!ids) return;
  for (const std::string& id : *ids) (void)table_.find(id);  // loading arms the game's deadline
}

Reply GameService::create(const json& req, const std::string& base_url, std::int64_t user, std::string* other_seat,
                          const std::string& address) {
  return creator_.create(req, base_url, user, other_seat, address);
}

Reply GameService::create_for(const std::string& game, const std::string& rules, TimeControl control, bool rated,
                              const std::int64_t (&users)[2], const std::string& tournament) {
  return creator_.create_for(game, rules, control, rated, users, tournament);
}

Reply GameService::get(const std::string& id, const std::string& given, std::int64_t user) {
  auto s = table_.find(id);
  if (!s) return no_such_game(id, s.error());
  std::lock_guard lock((*s)->m);
  const std::string token = StateView::seat_token(**s, given, user);
  if (!(*s)->timing.clock.begun()) {
    timekeeper_.seen(**s, token);
    timekeeper_.arm(*s);
  }
  json state = view_.state_for(**s, token);
  state["chat"] = StateView::chat(**s);
  return {200, std::move(state)};
}

bool GameService::abort_unstarted(const std::string& id) {
  auto s = table_.find(id);
  if (!s) return false;
  std::lock_guard lock((*s)->m);
  GameSession& g = **s;
  if (is_over(g) || g.state->ply() >= 2) return false;
  timekeeper_.end_by_clock(g, index(g.state->side_to_move()), /*abort=*/true);
  timekeeper_.arm(*s);
  broadcaster_.push(g);
  return true;
}

Reply GameService::boards(const std::string& id, std::size_t from, std::size_t to) {
  auto s = table_.find(id);
  if (!s) return no_such_game(id, s.error());
  std::lock_guard lock((*s)->m);
  const std::size_t ply = (*s)->state->ply();
  if (from > ply) return Reply::error(400, "bad_range", "from is past the game's " + std::to_string(ply) + " plies");
  to = std::min({to, ply, from + kMaxBoardsPerRequest - 1});
  json out = json::array();
  for (auto& b : (*s)->state->boards(from, to)) out.push_back(std::move(b));
  return {200, {{"from", from}, {"to", to}, {"plies", ply}, {"boards", out}}};
}

Reply GameService::positions(const std::string& id, std::size_t from, std::optional<std::size_t> to) {
  auto found = table_.find(id);
  if (!found) return no_such_game(id, found.error());
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

template <class Action>
Reply GameService::seat_action(const std::string& id, const std::string& given, std::int64_t user,
                               const std::string& address, SeatRule rule, Action&& action) {
  auto found = table_.find(id);
  if (!found) return no_such_game(id, found.error());
  const SessionPtr& s = *found;
  std::lock_guard lock(s->m);
  const std::string token = StateView::seat_token(*s, given, user);
  // With several instances on one database this copy of the game may be a few milliseconds
  // behind the store (another instance's change is on its way): an action the store refused as
  // stale, or a move refused as out of turn or illegal while the store has other moves, is
  // checked and tried once more on the game read again.
  for (int attempt = 0;; ++attempt) {
    const bool may_retry = attempt == 0;
    if (s->mode == Mode::review) return Reply::error(409, "review_game", "game " + id + " was imported for review: it has no seats");
    timekeeper_.settle_and_push(*s);
    if (s->mode == Mode::online && !rule.online_ok) return Reply::error(409, "undo_online", "undo is not allowed in online games");
    if (!rule.finished_ok && is_over(*s)) return Reply::error(409, "game_over", "the game is over");
    const Side to_move = s->state->side_to_move();
    const int side = side_index_of_token(s->row, token, to_move);
    if (side < 0) return Reply::error(403, "no_seat", "this token holds no seat in game " + id);
    if (rule.side_to_move && side != index(to_move)) {
      if (may_retry && loader_.caught_up(*s)) continue;
      return Reply::error(403, "not_your_turn", "it is " + s->adapter->side_name(to_move) + "'s turn, not yours",
                          {{"to_move", s->adapter->side_name(to_move)}});
    }
    if (auto refused = seat_accounts_.take(*s, side, user)) return std::move(*refused);
    // The computer's next move counts with the games of whoever plays it now.
    if (s->row.ai_side >= 0 && (user != 0 || !address.empty())) s->computer.owner = computer_owner(user, address, id);
    timekeeper_.seen(*s, token);
    std::optional<Reply> refused = action(*s, side);
    timekeeper_.arm(s);
    ratings_.settle(*s);
    if (refused) {
      const std::string code = refused->code();
      if (may_retry && (code == "stale_game" || (code == "illegal_move" && loader_.caught_up(*s)))) continue;
      if (refused->status == 409 && (code == "game_over" || code == "stale_game")) broadcaster_.push(*s);
      return std::move(*refused);
    }
    computer_.maybe_start(s);
    json state = view_.state(*s);
    broadcaster_.push(*s, state);
    view_.add_you(*s, state, token);
    return {200, std::move(state)};
  }
}

Reply GameService::move(const std::string& id, const std::string& move, const std::string& token, std::int64_t user,
                        const std::string& address) {
  return seat_action(id, token, user, address, {.side_to_move = true}, [&](GameSession& s, int) -> std::optional<Reply> {
    if (move.empty()) return Reply::error(400, "missing_move", "the request has no move");
    Reply r = mover_.play(s, move);
    if (r.status != 200) return r;
    return std::nullopt;
  });
}

Reply GameService::resign(const std::string& id, const std::string& token, std::int64_t user, const std::string& address) {
  return seat_action(id, token, user, address, {}, [&](GameSession& s, int side) { return resigner_.act(s, side); });
}

Reply GameService::draw(const std::string& id, const std::string& token, std::int64_t user, const std::string& address) {
  return seat_action(id, token, user, address, {}, [&](GameSession& s, int side) { return drawer_.act(s, side); });
}

Reply GameService::claim(const std::string& id, const std::string& token, std::int64_t user, const std::string& address) {
  return seat_action(id, token, user, address, {}, [&](GameSession& s, int side) { return claims_.act(s, side); });
}

Reply GameService::berserk(const std::string& id, std::int64_t user) {
  return seat_action(id, "", user, "", {}, [&](GameSession& s, int side) -> std::optional<Reply> {
    if (!s.timing.clock.timed() || s.state->ply() > static_cast<std::size_t>(side) || !s.timing.clock.berserk(side))
      return Reply::error(409, "berserk_not_allowed", "berserk is only before one's first move, once");
    s.row.clock_cut |= 1 << side;
    if (auto kept = store_.set_clock_cut(s.row.id, side); !kept) return Reply::error(500, "server_error", kept.error());
    ++s.version;
    return std::nullopt;
  });
}

Reply GameService::rematch(const std::string& id, const std::string& token, std::int64_t user) {
  return seat_action(id, token, user, "", {.finished_ok = true}, [&](GameSession& s, int side) { return rematcher_.act(s, side); });
}

Reply GameService::undo(const std::string& id, const std::string& token, std::int64_t user, const std::string& address) {
  return seat_action(id, token, user, address, {.finished_ok = true, .online_ok = false},
                     [&](GameSession& s, int) { return takebacker_.act(s); });
}

Reply GameService::chat(const std::string& id, const std::string& given, const std::string& raw, std::int64_t user) {
  auto found = table_.find(id);
  if (!found) return no_such_game(id, found.error());
  const SessionPtr& s = *found;
  std::lock_guard lock(s->m);
  const std::string token = StateView::seat_token(*s, given, user);
  if (s->mode != Mode::online) return Reply::error(409, "chat_not_allowed", "chat is for online games between people");
  const int side = token.empty() ? -1 : s->row.tokens[0] == token ? 0 : s->row.tokens[1] == token ? 1 : -1;
  if (side < 0) return Reply::error(403, "no_seat", "this token holds no seat in game " + id);
  return chat_.say(*s, side, raw);
}

std::optional<Reply> GameService::analysis_refusal(const json& req, const GameState& position) {
  return gate_.refusal(req, position);
}

Reply GameService::subscribe(const std::string& id, std::weak_ptr<Subscriber> sub, const std::string& given,
                             std::int64_t user, std::string* seat, const std::string& address) {
  auto found = table_.find(id);
  if (!found) return no_such_game(id, found.error());
  auto& s = *found;
  std::lock_guard lock(s->m);
  const std::string token = StateView::seat_token(*s, given, user);
  if (seat) *seat = token.empty() ? given : token;
  if (!presence_.join(s, token))
    if (auto refused = spectators_.admit(s, address)) return std::move(*refused);
  const auto live = sub.lock();
  const bool wants_chat = !live || live->wants_chat();
  json state = view_.state_for(*s, token);
  // The first state of a connection carries the chat so far (none for one that switched it off).
  state["chat"] = wants_chat ? StateView::chat(*s) : json::array();
  // Sent with the lock held and before the connection is registered, so that no push (another
  // player arriving, a move) can reach the client before this older first state and be undone by it.
  if (live) live->send_text(wire_text(json{{"type", "state"}, {"state", state}}));
  s->subscribers.push_back(std::move(sub));
  return {200, std::move(state)};
}

void GameService::push(const std::string& id, const std::string& text) {
  SessionPtr s = table_.loaded(id);
  if (!s) return;
  std::lock_guard lock(s->m);
  Broadcaster::send(*s, text);
}

void GameService::leave(const std::string& id, const std::string& token, const std::string& address) {
  SessionPtr s = table_.loaded(id);
  if (!s) return;
  std::lock_guard lock(s->m);
  if (!presence_.leave(*s, token)) spectators_.leave(s, address);  // a spectator went (see subscribe)
}

Reply GameService::list(std::size_t offset, std::size_t limit) { return archive_.list(offset, limit); }

Reply GameService::import(const json& req) { return archive_.import(req); }

Reply GameService::record(const std::string& id, const std::vector<std::pair<std::string, std::string>>& tags) {
  auto found = table_.find(id);
  if (!found) return no_such_game(id, found.error());
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
  const bool white_first = s->adapter->side_name(Side::First) == "white";
  meta.tags = {{"Event", std::string("oyin ") + mode_name(s->mode) + " game"},
               {"Site", "oyin"},
               {"Date", pgn_date},
               {"Round", "-"},
               {white_first ? "White" : "Black", player(0)},
               {white_first ? "Black" : "White", player(1)}};
  // A game imported for review writes back the record's own tags (players, event, date...).
  if (auto kept = stored_tags(s->row); !kept.empty()) meta.tags = std::move(kept);
  if (!s->row.rules.empty() && meta.tag("Rules").empty()) meta.tags.emplace_back("Rules", s->row.rules);
  if (!s->row.reason.empty() && meta.tag("Termination").empty()) meta.tags.emplace_back("Termination", s->row.reason);
  // (Not a structured binding: clang 14, the fuzz build's, cannot capture one in a lambda.)
  for (const auto& tag : tags) {
    auto same = std::find_if(meta.tags.begin(), meta.tags.end(), [&](const auto& t) { return t.first == tag.first; });
    if (same != meta.tags.end()) same->second = tag.second;
    else meta.tags.push_back(tag);
  }
  meta.result = s->row.result;
  const std::string ext = s->adapter->record_format();
  return {200,
          {{"format", ext}, {"text", s->state->write_record(meta)}, {"filename", "oyin-" + s->row.game + "-" + id + "." + ext}}};
}

}  // namespace oyin::server
