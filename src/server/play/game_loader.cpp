#include "server/play/game_loader.h"

#include <algorithm>

#include "server/play/computer_queue.h"

namespace oyin::server {

namespace {

bool has_moved(const std::vector<std::pair<int, std::int64_t>>& marks, int side) {
  for (const auto& mark : marks)
    if (mark.first == side) return true;
  return false;
}

}  // namespace

// Runs without any lock that other games need.
std::string GameLoader::load(GameSession& s, const std::string& id) {
  auto row = store_.load(id);
  if (!row) return row.error();
  if (!*row) return "no game with id '" + id + "'";
  s.row = std::move(**row);
  const auto mode = parse_mode(s.row.mode);
  if (!mode) return "game " + id + " has an unknown mode '" + s.row.mode + "'";
  s.mode = *mode;
  if (s.row.ai_side == 0 || s.row.ai_side == 1) s.computer.owner = computer_owner(s.row.users[1 - s.row.ai_side], "", id);
  s.adapter = find_game(s.row.game);
  if (!s.adapter) return "game " + id + " is of a game this server does not know: " + s.row.game;
  auto st = s.adapter->new_game(s.row.rules, s.row.start_position);
  if (!st) return "game " + id + " cannot be set up: " + st.error();
  s.state = std::move(*st);
  s.positions.reserve(s.row.moves.size() + 1);
  s.positions.push_back(s.state->position_text());
  for (std::size_t i = 0; i < s.row.moves.size(); ++i) {
    const int mover = index(s.state->side_to_move());
    if (auto r = s.state->play(s.row.moves[i]); !r) return "game " + id + " does not replay: " + r.error();
    s.positions.push_back(s.state->position_text());
    s.timing.marks.emplace_back(mover, i < s.row.move_clock_ms.size() ? s.row.move_clock_ms[i] : -1);
  }
  const std::int64_t now = clock_.now_ms();
  GameClock& clock = s.timing.clock;
  clock = GameClock({s.row.clock_initial_ms, s.row.clock_increment_ms}, now);
  clock.restore(s.timing.marks, now);
  for (int side = 0; side < 2; ++side)
    if (s.row.clock_cut & (1 << side)) clock.keep_cut(side, has_moved(s.timing.marks, side));
  for (auto& seat : s.seats) seat.away_since = now;
  if (s.mode != Mode::online) clock.begin(now);
  // A flag falls on the side to move: after a restart its clock shows the 0 it ended on.
  if (clock_end_code(s.row.reason) == "time") clock.flag(index(s.state->side_to_move()));
  if (s.state->status().over()) {  // the store keeps the rules' verdict too; in memory only overrides
    s.row.result = std::string(1, '*');  // not = "*": GCC 12 warns of a false overlap (-Wrestrict)
    s.row.reason.clear();
  }
  if (s.mode == Mode::online) {
    auto chat = chats_.load(id);
    if (!chat) return chat.error();
    s.chat.lines = std::move(*chat);
  }
  gate_.note(s);
  return {};
}

// The version jumps to at least the clock, so that a client that moved from an instance that
// died to this one does not take the new states for stale ones.
bool GameLoader::reload(GameSession& s) {
  GameSession fresh;
  if (!load(fresh, s.row.id).empty()) return false;
  // The clocks: rebuilt from the stored times when moves were made elsewhere (the other side's
  // time runs from now, a notification's delay after that move); kept as they run here when the
  // moves are the same (a draw offer, an end), so that no turn's time is given back.
  if (fresh.row.moves != s.row.moves) {
    s.timing.clock = fresh.timing.clock;
    s.timing.marks = std::move(fresh.timing.marks);
  } else if (clock_end_code(fresh.row.reason) == "time") {
    s.timing.clock.flag(index(fresh.state->side_to_move()));
  }
  s.row = std::move(fresh.row);
  s.mode = fresh.mode;
  s.adapter = fresh.adapter;
  s.state = std::move(fresh.state);
  s.positions = std::move(fresh.positions);
  s.chat.lines = std::move(fresh.chat.lines);
  const auto now = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  s.version = std::max(s.version + 1, now);
  if (s.computer.stop) *s.computer.stop = true;  // a computer move on the old state is dropped
  return true;
}

bool GameLoader::caught_up(GameSession& s) {
  auto n = store_.move_count(s.row.id);
  return n && *n != s.state->ply() && reload(s);
}

Reply GameLoader::stale_reply(const GameSession& s) {
  return Reply::error(409, "stale_game", "game " + s.row.id + " was changed on another server at the same time; try again");
}

Reply GameLoader::stale_or_error(GameSession& s, const Result<bool>& written) {
  if (!written) return Reply::error(500, "server_error", written.error());
  reload(s);
  return stale_reply(s);
}

}  // namespace oyin::server
