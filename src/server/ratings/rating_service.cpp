#include "server/ratings/rating_service.h"

#include <algorithm>
#include <cmath>

#include "registry/level_ratings.h"
#include "server/accounts/credentials.h"
#include "server/play/game_clock.h"
#include "server/play/game_service.h"
#include "server/ratings/glicko2.h"

namespace oyin::server {

namespace {

using nlohmann::json;

// The speed classes, and the pool of games against the computer: those never move a rating
// that pairs people, so a rating cannot be farmed from the computer.
constexpr const char* kSpeeds[] = {"bullet", "blitz", "rapid", "classical", RatingService::kComputerPool};

long rounded(double v) { return std::lround(v); }

ratings::Rating as_glicko(const storage::StoredRating& r) { return {r.rating, r.rd, r.volatility}; }
storage::StoredRating from_glicko(const ratings::Rating& r, int games) { return {r.rating, r.deviation, r.volatility, games}; }

// The score of side `side` in a game that ended with `result`.
double score_of(const std::string& result, int side) {
  if (result == "1/2-1/2") return 0.5;
  return (result == "1-0") == (side == 0) ? 1.0 : 0.0;
}

std::optional<int> computer_rating(const GameEntry& g, int level) {
  const auto table = level_ratings(g.name());
  if (level < 0 || static_cast<std::size_t>(level) >= table.size()) return std::nullopt;
  return table[static_cast<std::size_t>(level)];
}

}  // namespace

std::string RatingService::speed_of(const storage::StoredGame& row) {
  const TimeControl tc{row.clock_initial_ms, row.clock_increment_ms};
  if (!tc.timed()) return {};
  return row.ai_side >= 0 ? std::string(kComputerPool) : std::string(speed_class(tc));
}

json RatingService::players_json(const storage::StoredGame& row, const GameEntry& g) {
  const std::string speed = speed_of(row);
  json out = json::array();
  for (int side = 0; side < 2; ++side) {
    if (row.ai_side == side) {
      const auto r = computer_rating(g, row.level);
      out.push_back({{"username", nullptr}, {"computer_level", row.level}, {"rating", r ? json(*r) : json(nullptr)},
                     {"provisional", false}});
      continue;
    }
    json p{{"username", nullptr}, {"rating", nullptr}, {"provisional", false}};
    if (row.users[side] != 0) {
      if (auto u = accounts_.find_by_id(row.users[side]); u && *u) p["username"] = (*u)->username;
      if (!speed.empty()) {
        auto r = ratings_.rating(row.users[side], row.game, speed);
        const storage::StoredRating now = r && *r ? **r : storage::StoredRating{};
        p["rating"] = rounded(now.rating);
        p["provisional"] = ratings::provisional(as_glicko(now));
      }
    }
    out.push_back(std::move(p));
  }
  return out;
}

json RatingService::game_ended(storage::StoredGame& row, const GameEntry& g, const std::string& result,
                              bool over_the_board) {
  if (row.users[0] == 0 && row.users[1] == 0) return nullptr;  // guests only: nothing to keep
  if (result == "*") return nullptr;                            // aborted: nobody won or lost
  if (!row.start_position.empty()) return nullptr;              // a position of someone's choosing proves nothing
  // A first win against a computer level is kept whatever the clock (the hall of fame), but only
  // one the computer lost on the board: not on time, which a player could bring about.
  if (row.ai_side >= 0 && over_the_board) {
    const int human = 1 - row.ai_side;
    if (row.users[human] != 0 && score_of(result, human) == 1.0)
      (void)ratings_.record_first_beaten(row.game, row.level, row.users[human], row.id);
  }
  const std::string speed = speed_of(row);
  if (!row.rated || speed.empty()) return nullptr;
  if (!row.rating_done) {
    std::vector<std::int64_t> users;
    std::vector<int> sides;
    for (int side = 0; side < 2; ++side)
      if (row.users[side] != 0) {
        users.push_back(row.users[side]);
        sides.push_back(side);
      }
    const auto fixed = row.ai_side >= 0 ? computer_rating(g, row.level) : std::nullopt;
    if (row.ai_side >= 0 && (!fixed || users.size() != 1)) return nullptr;
    if (row.ai_side < 0 && users.size() != 2) return nullptr;
    auto applied = ratings_.apply_once(row.id, row.game, speed, users, [&](const std::vector<storage::StoredRating>& now) {
      std::vector<storage::StoredRating> next;
      for (std::size_t i = 0; i < now.size(); ++i) {
        // The opponent as it stood before this game (both sides are rated from the same period).
        const ratings::Rating opponent = fixed ? ratings::Rating{static_cast<double>(*fixed), kComputerDeviation, 0.06}
                                               : as_glicko(now[1 - i]);
        const ratings::Result results[] = {{opponent, score_of(result, sides[i])}};
        next.push_back(from_glicko(ratings::update(as_glicko(now[i]), results), now[i].games + 1));
      }
      return next;
    });
    if (!applied) return nullptr;
    row.rating_done = true;
  }
  return rating_change_json(row);
}

json RatingService::rating_change_json(const storage::StoredGame& row) {
  auto changes = ratings_.changes_of_game(row.id);
  if (!changes || changes->empty()) return nullptr;
  json out = json::array({nullptr, nullptr});
  for (const storage::RatingChange& c : *changes)
    for (int side = 0; side < 2; ++side)
      if (row.users[side] == c.user_id && row.ai_side != side) {
        // The change rounded once, as the player page's games and graph give it (the same number
        // on every page), not the difference of the rounded ratings.
        out[static_cast<std::size_t>(side)] = {{"before", rounded(c.before)}, {"after", rounded(c.after)},
                                               {"delta", rounded(c.after - c.before)}};
      }
  return out;
}

Reply RatingService::player(const std::string& name) {
  auto found = accounts_.find_by_name(accounts::name_key(name));
  if (!found) return Reply::error(500, "server_error", found.error());
  if (!*found) return Reply::error(404, "no_such_player", "no player is called " + name, {{"username", name}});
  const storage::User& u = **found;
  auto list = ratings_.ratings_of(u.id);
  auto counts = ratings_.counts_of(u.id);
  auto recent = ratings_.recent_games(u.id, kRecentGames);
  auto history = ratings_.history_of(u.id, kHistoryPoints);
  if (!list || !counts || !recent || !history)
    return Reply::error(500, "server_error", !list ? list.error() : !counts ? counts.error() : !recent ? recent.error() : history.error());
  json ratings = json::array();
  for (const auto& r : *list)
    ratings.push_back({{"game", r.game}, {"speed", r.speed}, {"rating", rounded(r.r.rating)}, {"rd", rounded(r.r.rd)},
                       {"volatility", r.r.volatility}, {"provisional", ratings::provisional(as_glicko(r.r))},
                       {"games", r.r.games}});
  json games = json::array();
  for (const auto& g : *recent) {
    const GameEntry* entry = find_game(g.game);
    const TimeControl tc{g.clock_initial_ms, g.clock_increment_ms};
    const double score = score_of(g.result, g.side);
    games.push_back({{"id", g.id},
                     {"game", g.game},
                     {"mode", g.mode},
                     {"speed", tc.timed() ? json(std::string(speed_class(tc))) : json(nullptr)},
                     {"rated", g.rated},
                     {"opponent", g.opponent.empty() ? json(nullptr) : json(g.opponent)},
                     {"computer_level", g.ai_side >= 0 ? json(g.level) : json(nullptr)},
                     {"color", entry ? json(entry->side_name(static_cast<Side>(g.side))) : json(nullptr)},
                     {"result", score == 1.0 ? "win" : score == 0.0 ? "loss" : "draw"},
                     {"game_result", g.result},
                     {"reason", g.reason},
                     {"delta", g.delta ? json(rounded(*g.delta)) : json(nullptr)},
                     {"ended_at", g.updated_at},
                     {"played_in_browser", g.played_in_browser.empty() ? json(nullptr) : json(g.played_in_browser)}});
  }
  json points = json::array();
  for (const auto& h : *history)
    points.push_back({{"game", h.game}, {"speed", h.speed}, {"rating", rounded(h.rating)}, {"rd", rounded(h.rd)}, {"at", h.at}});
  return {200,
          {{"username", u.username},
           {"created_at", u.created_at},
           {"ratings", ratings},
           {"counts", {{"games", counts->games}, {"wins", counts->wins}, {"losses", counts->losses}, {"draws", counts->draws}}},
           {"recent", games},
           {"history", points}}};
}

Reply RatingService::leaderboard(const std::string& game, const std::string& speed_param) {
  const GameEntry* g = find_game(game);
  if (!g) return Reply::error(404, "unknown_game", "unknown game '" + game + "'", {{"game", game}});
  const std::string speed = speed_param.empty() ? "blitz" : speed_param;
  if (std::find(std::begin(kSpeeds), std::end(kSpeeds), speed) == std::end(kSpeeds))
    return Reply::error(400, "bad_speed", "speed must be bullet, blitz, rapid, classical or computer (got '" + speed + "')",
                        {{"speed", speed}});
  constexpr double kProvisionalRd = 110;  // ratings::provisional's line
  auto established = ratings_.board(g->name(), speed, true, kProvisionalRd, kBoardLength);
  auto provisional = ratings_.board(g->name(), speed, false, kProvisionalRd, kBoardLength);
  auto firsts = ratings_.first_beaten(g->name());
  if (!established || !provisional || !firsts)
    return Reply::error(500, "server_error", !established ? established.error() : !provisional ? provisional.error() : firsts.error());
  json players = json::array();
  int rank = 0;
  for (const auto& e : *established)
    players.push_back({{"rank", ++rank}, {"username", e.username}, {"rating", rounded(e.r.rating)}, {"rd", rounded(e.r.rd)},
                       {"games", e.r.games}, {"provisional", false}});
  for (const auto& e : *provisional)
    players.push_back({{"rank", nullptr}, {"username", e.username}, {"rating", rounded(e.r.rating)}, {"rd", rounded(e.r.rd)},
                       {"games", e.r.games}, {"provisional", true}});
  json computer = json::array();
  const auto fixed = level_ratings(g->name());
  for (std::size_t level = 0; level < fixed.size(); ++level) computer.push_back({{"level", level}, {"rating", fixed[level]}});
  json first = json::array();
  for (const auto& f : *firsts)
    first.push_back({{"level", f.level}, {"username", f.username}, {"game_id", f.game_id}, {"at", f.at}});
  return {200, {{"game", g->name()}, {"speed", speed}, {"players", players}, {"computer", computer}, {"first_beaten", first}}};
}

}  // namespace oyin::server
