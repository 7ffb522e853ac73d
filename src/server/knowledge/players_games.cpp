#include "server/knowledge/players_games.h"

#include <cstdio>

#include "knowledge/importer.h"
#include "registry/registry.h"
#include "server/play/game_service.h"
#include "storage/account_store.h"
#include "storage/rating_store.h"

namespace oyin::server {

PlayersGames::~PlayersGames() {
  std::lock_guard dead(life_->m);
  life_->alive = false;
}

void PlayersGames::game_ended(const std::string& id) {
  games_.run_slow([this, id, life = life_] {
    std::lock_guard alive(life->m);
    if (life->alive) add(id);
  });
}

bool PlayersGames::add(const std::string& id) {
  auto found = store_.load(id);
  if (!found || !*found) return false;
  const storage::StoredGame& row = **found;
  const bool decided = row.result == "1-0" || row.result == "0-1" || row.result == "1/2-1/2";
  if (!row.rated || row.ai_side >= 0 || !row.users[0] || !row.users[1] || !decided || row.moves.size() < kMinPlies)
    return false;
  // The ratings the players brought to the game, as a record gives them.
  storage::RatingStore ratings(store_.db());
  auto changes = ratings.changes_of_game(id);
  storage::AccountStore accounts(store_.db());
  std::string names[2], elos[2];
  for (int side = 0; side < 2; ++side) {
    auto user = accounts.find_by_id(row.users[side]);
    if (!user || !*user) return false;
    names[side] = (*user)->username;
    if (changes)
      for (const storage::RatingChange& c : *changes)
        if (c.user_id == row.users[side]) elos[side] = std::to_string(static_cast<long>(c.before + 0.5));
  }
  const GameEntry* game = find_game(row.game);
  if (!game) return false;
  // Tags by colour, as the game service's record names its sides.
  const bool white_first = game->side_name(Side::First) == "white";
  const std::string colour[2] = {white_first ? "White" : "Black", white_first ? "Black" : "White"};
  std::vector<std::pair<std::string, std::string>> tags = {{"Event", "oyin rated game"}, {"Site", "oyin"}};
  for (int side = 0; side < 2; ++side) {
    tags.emplace_back(colour[side], names[side]);
    if (!elos[side].empty()) tags.emplace_back(colour[side] + "Elo", elos[side]);
  }
  if (row.clock_initial_ms > 0)
    tags.emplace_back("TimeControl",
                      std::to_string(row.clock_initial_ms / 1000) + "+" + std::to_string(row.clock_increment_ms / 1000));
  Reply record = games_.record(id, tags);
  if (record.status != 200) return false;
  knowledge::ImportOptions opt;
  opt.source = kSource;
  opt.game = row.game;
  knowledge::ImportSummary summary;
  auto st = knowledge::import_text(base_, record.body.value("text", ""), "oyin game " + id, opt, summary);
  if (!st) std::fprintf(stderr, "oyin: game %s did not go into the game base: %s\n", id.c_str(), st.error().c_str());
  return st && summary.added == 1;
}

}  // namespace oyin::server
