// "Learn from your mistakes" (GET /api/account/mistakes): the signed-in player's own mistakes and
// blunders from their analysed games, each as an exercise: the position before it, the move
// played, and the moves that the analysis accepts instead (the engine's move, and any move that
// leads to the very same position). No other move is judged: the analysis looked at the game's
// positions only, so it cannot say whether another move was good.
#include "registry/registry.h"
#include "server/review/review_service.h"
#include "server/review/review_view.h"

namespace oyin::server {

using nlohmann::json;

namespace {

constexpr int kGamesLooked = 50;  // the player's newest analysed games looked through

// The engine's move and every move leading to the position it leads to.
json accepted_moves(const GameState& before, const std::string& best) {
  json out = json::array({best});
  auto target = before.clone();
  if (!target->play(best)) return out;
  const std::string goal = target->identity();
  for (const std::string& m : before.legal_moves()) {
    if (m == best) continue;
    auto probe = before.clone();
    if (probe->play(m) && probe->identity() == goal) out.push_back(m);
  }
  return out;
}

}  // namespace

Reply ReviewService::mistakes(std::int64_t user, const std::string& game, const std::string& game_id, int limit) {
  if (user == 0) return Reply::error(401, "not_signed_in", "sign in to see the mistakes of your games");
  if (!game.empty() && !find_game(game)) return Reply::error(400, "unknown_game", "unknown game '" + game + "'", {{"game", game}});
  auto games = jobs_.done_for_player(user, game, game_id, kGamesLooked);
  if (!games) return Reply::error(500, "server_error", games.error());
  json out = json::array();
  for (const auto& g : *games) {
    if (static_cast<int>(out.size()) >= limit) break;
    auto row = store_.load(g.game_id);
    if (!row) return Reply::error(500, "server_error", row.error());
    if (!*row) continue;  // deleted since
    auto positions = jobs_.positions(g.job_id);
    if (!positions) return Reply::error(500, "server_error", positions.error());
    auto reviewed = ReviewedGame::make(**row, std::move(*positions), &base_);
    if (!reviewed) continue;  // a game this server no longer knows
    reviewed->each_move([&](const GameState& before, const review::ReviewedMove& m, const json& mj) {
      if (static_cast<int>(out.size()) >= limit || !g.seats[m.side == 1 ? 1 : 0] || m.best.empty()) return;
      if (m.cls != review::MoveClass::mistake && m.cls != review::MoveClass::blunder) return;
      json item = mj;
      item["id"] = g.game_id + "/" + std::to_string(m.ply);
      item["game_id"] = g.game_id;
      item["game"] = (*row)->game;
      item["rules"] = (*row)->rules;
      item["played_at"] = (*row)->updated_at;
      item["position"] = before.position_text();
      item["board"] = before.board();
      item["legal"] = before.legal_move_data();
      item["accepted"] = accepted_moves(before, m.best);
      out.push_back(std::move(item));
    });
  }
  return {200, {{"mistakes", std::move(out)}, {"games", games->size()}}};
}

}  // namespace oyin::server
